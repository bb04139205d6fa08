/**
 * Embedding (hall-basket-checkout.md 4.8, 4.13): which partner frames a buyer's session, and the
 * partner and cashback an order was placed under.
 */
export default `
-- A session the framed site has confirmed as running inside a registered partner's page (the
-- handshake's iframe-config call). Pages of that session get the light layout, also where
-- third-party cookies are blocked and the iframe-hash cookie never arrives; orders copy the partner.
CREATE TABLE framed_sessions (
  session_id text PRIMARY KEY,
  partner_id integer NOT NULL REFERENCES partners(id) ON DELETE CASCADE,
  cashback_percent integer NOT NULL DEFAULT 0 CHECK (cashback_percent BETWEEN 0 AND 100),
  start_url text,
  updated_at timestamptz NOT NULL
);

ALTER TABLE orders ADD COLUMN cashback_percent integer NOT NULL DEFAULT 0
  CHECK (cashback_percent BETWEEN 0 AND 100);
CREATE INDEX orders_partner ON orders(partner_id) WHERE partner_id IS NOT NULL;
`;
