/**
 * One order per basket, and the app's clock in the order triggers (issue 12, decision 0047).
 *
 * - `orders.request_key`: what the order was placed for (its basket's lines and prices, the
 *   payment and delivery, the buyer, the courier form, the codes applied, the partner's frame),
 *   hashed. A second order call of the same basket with the same key (a double click, a reload, a
 *   second tab) answers the unpaid order that has it instead of placing another
 *   (services/orders/create.ts). Older orders have none, so they are never matched.
 * - `payments.start`: how the buyer reaches the acquirer for this payment (its page and fields, or
 *   its widget's configuration), so that the payment session of the same order, asked again while
 *   the payment is in progress, answers the same payment instead of registering a second one.
 * - `orders.cancelled_at`: when an unpaid order was cancelled, by the app's clock (clock.ts: the
 *   development clock moves time in tests). The trigger of migration 0021 released an order's
 *   codes (the gift card's amount, the promo's use) at the database's now(); it now takes the
 *   time the cancelling service wrote into `cancelled_at`. A caller that does not write it yet
 *   gets the database's time, as before.
 */
export default `
ALTER TABLE orders ADD COLUMN request_key text;
CREATE INDEX orders_unpaid_request ON orders (session_id) WHERE status = 'new' AND request_key IS NOT NULL;
ALTER TABLE orders ADD COLUMN cancelled_at timestamptz;
ALTER TABLE payments ADD COLUMN start jsonb;

CREATE OR REPLACE FUNCTION order_codes_on_status() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'cancelled' THEN
    PERFORM order_codes_release(NEW.id, coalesce(NEW.cancelled_at, now()));
  ELSE
    -- Paid: the basket's codes were spent on it; the buyer's next basket starts without them.
    DELETE FROM basket_codes WHERE session_id = NEW.session_id;
  END IF;
  RETURN NULL;
END $$;
`;
