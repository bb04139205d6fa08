/**
 * Bounded cost (issue 8, finding 4).
 *
 * - The client address a hold was made from (limits/client-address.ts: IPv4, or IPv6 /64), so
 *   that what one address holds in a performance can be capped across all its sessions
 *   (services/basket/client-holds.ts). Set by the select call after its claim; a release leaves
 *   it behind, harmless: only live holds (state 1, held_until in the future) are counted.
 * - Ticket PDFs, built once and stored with what they were built from (tickets/stored-pdf.ts).
 * - The browser reports' table is trimmed by age and by count; the index finds the old rows.
 */
export default `
ALTER TABLE performance_places ADD COLUMN hold_client text;
CREATE INDEX performance_places_client_holds ON performance_places(performance_id, hold_client)
  WHERE state = 1 AND hold_client IS NOT NULL;

ALTER TABLE entrance_holds ADD COLUMN hold_client text;

-- One stored PDF per ticket and one per order (all its tickets): scope is the ticket's code, or
-- 'order'. source_sha256 fingerprints everything printed (tickets, buyer, venue, layout
-- version): a PDF whose source changed is built again, otherwise the stored bytes are served.
CREATE TABLE ticket_pdfs (
  order_id integer NOT NULL REFERENCES orders(id),
  scope text NOT NULL,
  ticket_codes text[] NOT NULL,
  source_sha256 text NOT NULL,
  pdf bytea NOT NULL,
  built_at timestamptz NOT NULL,
  PRIMARY KEY (order_id, scope)
);

CREATE INDEX ui_performance_log_created ON ui_performance_log(created_at);
`;
