/**
 * The checkout's payment and delivery methods (issue 12, decision 0032):
 *
 * - cities.courier_price: kopecks of a courier delivery in the city, NULL where the city has no
 *   courier service (courier delivery needs the city's metro stations as well, hall 3.12).
 * - orders.delivery_price: kopecks of the order's delivery, part of its total.
 * - orders.pay_by: when an unpaid order that keeps something back is released: a booking's places
 *   (held for the order until then), the bonus points or a gift card's amount taken at creation.
 *   NULL for an order that keeps nothing back (a late card payment re-claims or is refunded).
 */
export default `
ALTER TABLE cities ADD COLUMN courier_price integer CHECK (courier_price >= 0);
ALTER TABLE orders ADD COLUMN delivery_price integer NOT NULL DEFAULT 0 CHECK (delivery_price >= 0);
ALTER TABLE orders ADD COLUMN pay_by timestamptz;
CREATE INDEX orders_pay_by ON orders(pay_by) WHERE status = 'new' AND pay_by IS NOT NULL;
`;
