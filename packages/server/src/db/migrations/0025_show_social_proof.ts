/**
 * The show page's social proof (site-browsing-account.md 2.9, 7 Show page; decision 0039): the
 * tickets bought for a show in the last day are counted from `tickets` by performance and issue
 * time. Without this index the count scans every ticket ever issued.
 */
export default `
CREATE INDEX tickets_performance_issued ON tickets (performance_id, issued_at) WHERE status = 'issued';
`;
