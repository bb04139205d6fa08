/**
 * The wishlist, the 'Скоро в продаже' requests and their e-mails (site-browsing-account.md 2.9,
 * 2.15, 3, 4).
 *
 * - on_sale_requests.email is kept normalised (trimmed, lower case), and an address has at most
 *   one open request per show: asking again moves the dates of the open one (the unique index).
 *   notified_at: when the request was answered by an e-mail; an answered request is closed.
 * - on_sale_announcements: the performances whose going on sale was announced. A performance is
 *   announced once (its primary key), so the e-mails about it go out once, whoever calls and
 *   however often.
 * - bookmarks_notify: the bookmarkers of a show who asked to be told (a partial index).
 */
export default `
ALTER TABLE on_sale_requests ADD COLUMN notified_at timestamptz;
CREATE UNIQUE INDEX on_sale_requests_open ON on_sale_requests (show_id, email) WHERE notified_at IS NULL;

CREATE TABLE on_sale_announcements (
  performance_id integer PRIMARY KEY REFERENCES performances(id),
  announced_at timestamptz NOT NULL
);

CREATE INDEX bookmarks_notify ON bookmarks (show_id) WHERE to_notify;
`;
