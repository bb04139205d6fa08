/**
 * Promo codes, gift cards, the partner's cashback and the culture card at the checkout (issue 12,
 * decision 0034; hall-basket-checkout.md 4.5, 4.11, 5.6, 7.4, 8.4, 9).
 *
 * - `basket_codes`: what a buyer's session has applied to its basket (a promo code, a gift card,
 *   the cashback action), kept on the server so every page and the order price the same; keyed by
 *   the session (services/sessions SESSION_KEYED_COLUMNS moves it when the session rotates).
 * - `promo_codes` gain a start date, an optional minimum basket and an optional list of shows.
 * - `shows.pushkin_card`: the show takes part in the culture-card programme.
 * - Orders record what their codes took: `cashback_spent` (kopecks paid by the buyer's cashback)
 *   and `cashback_phone` (whose cashback: the phone's digits, decision 0034), and
 *   `codes_released_at` once an unpaid order gave them back.
 * - `gift_card_moves`: the gift card's ledger, one row per movement (taken by an order, given
 *   back by its cancellation, given back by a refund, once per refund).
 * - `order_codes_release(order_id)` gives back what a cancelled unpaid order took: the gift card's amount,
 *   the promo code's use (cashback spent is computed from live orders, so nothing to move). The
 *   trigger runs it whenever an order goes from 'new' to 'cancelled', whoever cancels it (a newer
 *   order of the same basket, a late payment that lost its places, a cancelled performance, an
 *   erased account, the expiry of its pay_by); `codes_released_at` makes it run once. When an
 *   order is paid, the same trigger empties its session's basket_codes: they were spent on it.
 */
export default `
CREATE TABLE basket_codes (
  session_id text PRIMARY KEY,
  promo_code_id integer REFERENCES promo_codes(id),
  gift_card_id integer REFERENCES gift_cards(id),
  cashback_action text CHECK (cashback_action IN ('nakopit_keshbek', 'spisat_keshbek')),
  updated_at timestamptz NOT NULL
);

ALTER TABLE promo_codes ADD COLUMN valid_from timestamptz;
ALTER TABLE promo_codes ADD COLUMN min_total integer CHECK (min_total >= 0);
ALTER TABLE promo_codes ADD COLUMN show_ids integer[];
ALTER TABLE promo_codes ADD CONSTRAINT promo_codes_value_check
  CHECK (value > 0 AND (kind <> 'percent' OR value <= 100));

CREATE INDEX gift_cards_plain ON gift_cards (upper(regexp_replace(number, '[^[:alnum:]]', '', 'g')));

ALTER TABLE shows ADD COLUMN pushkin_card boolean NOT NULL DEFAULT false;

ALTER TABLE orders ADD COLUMN cashback_spent integer NOT NULL DEFAULT 0 CHECK (cashback_spent >= 0);
ALTER TABLE orders ADD COLUMN cashback_phone text;
ALTER TABLE orders ADD COLUMN codes_released_at timestamptz;
CREATE INDEX orders_cashback_phone ON orders (cashback_phone) WHERE cashback_phone IS NOT NULL;
CREATE INDEX orders_codes_unpaid ON orders (created_at)
  WHERE status = 'new' AND codes_released_at IS NULL
    AND (gift_card_amount > 0 OR promo_code_id IS NOT NULL OR cashback_spent > 0);

CREATE TABLE gift_card_moves (
  id serial PRIMARY KEY,
  gift_card_id integer NOT NULL REFERENCES gift_cards(id),
  order_id integer NOT NULL REFERENCES orders(id),
  kind text NOT NULL CHECK (kind IN ('take', 'release', 'refund')),
  refund_id integer REFERENCES refunds(id),
  -- Negative: taken from the card; positive: given back.
  amount integer NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX gift_card_moves_once ON gift_card_moves (order_id, kind) WHERE kind <> 'refund';
CREATE UNIQUE INDEX gift_card_moves_refund ON gift_card_moves (refund_id) WHERE refund_id IS NOT NULL;
CREATE INDEX gift_card_moves_card ON gift_card_moves (gift_card_id);

CREATE FUNCTION order_codes_release(p_order integer, p_now timestamptz) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  o record;
BEGIN
  UPDATE orders SET codes_released_at = p_now
   WHERE id = p_order AND codes_released_at IS NULL AND status = 'cancelled'
  RETURNING id, gift_card_id, gift_card_amount, promo_code_id INTO o;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  IF o.gift_card_id IS NOT NULL AND o.gift_card_amount > 0 THEN
    UPDATE gift_cards SET balance = balance + o.gift_card_amount WHERE id = o.gift_card_id;
    INSERT INTO gift_card_moves (gift_card_id, order_id, kind, amount, created_at)
    VALUES (o.gift_card_id, o.id, 'release', o.gift_card_amount, p_now);
  END IF;
  IF o.promo_code_id IS NOT NULL THEN
    UPDATE promo_codes SET uses_left = uses_left + 1 WHERE id = o.promo_code_id AND uses_left IS NOT NULL;
  END IF;
  RETURN true;
END $$;

CREATE FUNCTION order_codes_on_status() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'cancelled' THEN
    PERFORM order_codes_release(NEW.id, now());
  ELSE
    -- Paid: the basket's codes were spent on it; the buyer's next basket starts without them.
    DELETE FROM basket_codes WHERE session_id = NEW.session_id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER orders_codes_status AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN (OLD.status = 'new' AND NEW.status IN ('cancelled', 'paid'))
  EXECUTE FUNCTION order_codes_on_status();
`;
