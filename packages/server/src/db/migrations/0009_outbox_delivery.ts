/**
 * Outbox delivery through real gateways (decision 0020): a message is claimed for a short lease
 * in one statement and sent outside any transaction, then marked.
 *
 * - attempts: claims so far; each claim adds one, so the count also tells one claim from the next.
 * - next_attempt_at: a pending message is not tried before this time (null: at once); a failed
 *   try puts it 1, 2, 4, 8 minutes ahead.
 * - lease_until: a claimed message belongs to its sender until then; a process that died mid-send
 *   leaves a lease that runs out, and the message is claimed again.
 * - last_error: the last failure, short, without secrets.
 */
export default `
ALTER TABLE outbox ADD COLUMN attempts integer NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN next_attempt_at timestamptz;
ALTER TABLE outbox ADD COLUMN lease_until timestamptz;
ALTER TABLE outbox ADD COLUMN last_error text;
CREATE INDEX outbox_pending ON outbox (id) WHERE status = 'pending';
`;
