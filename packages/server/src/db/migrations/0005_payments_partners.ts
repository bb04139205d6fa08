/**
 * Payments and partners (issue 8, findings 7 and 1).
 *
 * A provider's event id names a notification about one payment: two payments (two orders) may
 * well carry the same id, above all a partner's own counter. Keyed by (provider, event id) alone,
 * the second order's confirmation answered 'replayed' and the order stayed unpaid. The key now
 * includes the payment, which belongs to exactly one order; a replay (the same event for the
 * same payment) still hits the key. Every existing row stays valid: a key unique on
 * (provider, event_id) is unique on any wider one.
 *
 * Partners' notify secrets move to a sealed column (AES-256-GCM, services/partners/notify-secret.ts).
 * SQL has no key to seal the existing ones with, so they stay in `notify_secret` for now: the
 * server seals every clear row as it starts (sealClearNotifySecrets) and any it meets later on
 * first use (findPayingPartner), setting `notify_secret` to NULL. Nothing writes that column any
 * more except the demo seed, which runs without the server's key and is sealed the same way.
 */
export default `
ALTER TABLE payment_events DROP CONSTRAINT payment_events_pkey;
ALTER TABLE payment_events ADD CONSTRAINT payment_events_pkey PRIMARY KEY (provider, payment_id, event_id);

ALTER TABLE partners ADD COLUMN notify_secret_sealed text;
`;
