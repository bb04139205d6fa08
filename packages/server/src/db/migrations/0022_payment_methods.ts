/**
 * How a payment was made, and the fast-payment system's QR (issue 12, decision 0036).
 *
 * - `payments.method`: card (the bank's page or widget), google_pay / apple_pay (a device wallet's
 *   token sent by the shop), sbp (the fast-payment system, paid by QR code in the buyer's bank app).
 * - `payments.qr_payload`: what an SBP payment's QR code says (the acquirer's link); the page
 *   that shows it again after a reload draws the same code, it never registers a second payment.
 * - One open SBP payment per order: a double click, a reload or a second tab gets the one there is.
 */
export default `
ALTER TABLE payments ADD COLUMN method text NOT NULL DEFAULT 'card'
  CHECK (method IN ('card', 'google_pay', 'apple_pay', 'sbp'));
ALTER TABLE payments ADD COLUMN qr_payload text;
CREATE UNIQUE INDEX payments_one_open_sbp ON payments(order_id)
  WHERE method = 'sbp' AND status IN ('created', 'pending');
`;
