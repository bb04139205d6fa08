/**
 * Refunds, performance changes and the per-order delivery (site-browsing-account.md 2.15
 * replace-and-reschedule, 4 Replace/refund, 7 addDelivery).
 *
 * - A performance the organiser moved or cancelled says so: status, the start it had before a move
 *   (moved_from, the first one when moved twice) and when it changed. A cancelled one is closed to
 *   sale (sale_state 'closed').
 * - refunds is the ledger of money given back for returned tickets, one row per return (several
 *   tickets of one payment), 'pending' from the moment its tickets are claimed until the provider
 *   answers, then 'done'; refund_tickets names each ticket once ever (primary key), so a ticket is
 *   never refunded twice, even by two concurrent calls.
 * - payments.refunded_amount: what went back of the payment so far (a payment wholly returned
 *   becomes 'refunded').
 * - The courier delivery of an order lives in the existing orders.delivery (jsonb), which the
 *   account's export and deletion already handle.
 */
export default `
ALTER TABLE performances ADD COLUMN status text NOT NULL DEFAULT 'scheduled'
  CHECK (status IN ('scheduled', 'moved', 'cancelled'));
ALTER TABLE performances ADD COLUMN moved_from timestamptz;
ALTER TABLE performances ADD COLUMN changed_at timestamptz;

ALTER TABLE payments ADD COLUMN refunded_amount integer NOT NULL DEFAULT 0 CHECK (refunded_amount >= 0);

CREATE TABLE refunds (
  id serial PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders(id),
  payment_id text NOT NULL REFERENCES payments(id),
  user_id integer NOT NULL REFERENCES users(id),
  status text NOT NULL CHECK (status IN ('pending', 'done')),
  amount integer NOT NULL CHECK (amount >= 0),
  provider_refund_id text,
  created_at timestamptz NOT NULL,
  done_at timestamptz
);
CREATE INDEX refunds_order ON refunds(order_id);
CREATE INDEX refunds_user ON refunds(user_id);

CREATE TABLE refund_tickets (
  ticket_id integer PRIMARY KEY REFERENCES tickets(id),
  refund_id integer NOT NULL REFERENCES refunds(id) ON DELETE CASCADE,
  amount integer NOT NULL CHECK (amount >= 0),
  percent integer NOT NULL CHECK (percent BETWEEN 0 AND 100),
  rule text NOT NULL
);
CREATE INDEX refund_tickets_refund ON refund_tickets(refund_id);
`;
