/**
 * Shares of a show (site-browsing-account.md 2.4, 7 Browsing: GET /site/event/?code=vkshare&webObjId=
 * reports a share, GET /show/JsGetSocialCounters/?url= reads the counts; decision 0038).
 *
 * A row per counted share: one per show, network and visitor (the session, kept as a hash, never
 * the session id itself), so reporting the same share again counts nothing; the client address
 * is kept so that one address counts only a few shares of a show a day, however many sessions a
 * script makes. The counters are counts of these rows.
 */
export default `
CREATE TABLE show_shares (
  show_id integer NOT NULL REFERENCES shows(id),
  network text NOT NULL CHECK (network IN ('vk', 'fb', 'ok')),
  visitor text NOT NULL,
  client text NOT NULL,
  at timestamptz NOT NULL,
  PRIMARY KEY (show_id, network, visitor)
);
CREATE INDEX show_shares_client ON show_shares (show_id, network, client, at);
`;
