import type { Clock } from '../../clock.js';
import type { Queryable } from '../../db/index.js';
import { AcquirerError } from './http.js';

/** An acquirer's refund call that takes no idempotency key of its own (Sber's refund.do). */
export interface UnkeyedRefund {
  /** Kopecks the acquirer has given back of the payment so far, as its status call says. */
  refunded(): Promise<number>;
  /** Sends the refund; throws AcquirerError when it did not go through or the answer was lost. */
  send(): Promise<void>;
}

const KIND = 'refund-request';

interface Claim {
  amount: number;
  /** What the acquirer had refunded of the payment when this key was first sent. */
  before: number;
  state: 'sent' | 'done';
}

/**
 * Sends a refund once per key, for an acquirer whose refund call has no idempotency key. The key
 * is claimed in payment_events (provider, payment, `refund:{key}`) before anything is sent, so
 * the claim outlives a process that dies mid-call:
 *
 * - a key whose refund went through is answered from the claim, without calling the acquirer;
 * - a key sent before without an answer (a timeout, a crash) is settled by the acquirer's own
 *   books: the claim holds the refunded total the acquirer reported just before it was sent; if
 *   the total has grown since by this refund's amount, beyond the other refunds of the payment
 *   sent after that reading (their own readings are no lower), the money went and is not sent
 *   again; otherwise it is sent;
 * - a refusal drops the claim, so asking again later sends it again.
 *
 * The totals only grow, so the reading orders the refunds of one payment. It is exact while at
 * most two of them overlap in time (one buyer's returns of one order); a third overlapping one
 * with a lost answer could be taken for sent. Refunds made outside the shop (the acquirer's own
 * dashboard) are not in its claims and would be counted the same way.
 */
export async function refundOnce(
  deps: { db: Queryable; clock: Clock },
  refund: { provider: string; paymentId: string; amount: number; key: string },
  acquirer: UnkeyedRefund,
): Promise<'sent' | 'already-sent'> {
  const { db } = deps;
  const eventId = `refund:${refund.key}`;
  const before = await acquirer.refunded();
  const claim: Claim = { amount: refund.amount, before, state: 'sent' };
  const inserted = await db.query(
    `INSERT INTO payment_events (provider, event_id, payment_id, kind, payload, received_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6) ON CONFLICT (provider, payment_id, event_id) DO NOTHING RETURNING event_id`,
    [refund.provider, eventId, refund.paymentId, KIND, JSON.stringify(claim), deps.clock.now()],
  );
  const mark = (state: Claim['state'] | null) =>
    state === null
      ? db.query('DELETE FROM payment_events WHERE provider = $1 AND payment_id = $2 AND event_id = $3', [
          refund.provider,
          refund.paymentId,
          eventId,
        ])
      : db.query(
          `UPDATE payment_events SET payload = jsonb_set(payload, '{state}', to_jsonb($4::text))
            WHERE provider = $1 AND payment_id = $2 AND event_id = $3`,
          [refund.provider, refund.paymentId, eventId, state],
        );

  if (inserted.rows.length === 0) {
    const earlier = await db.query<{ payload: Claim }>(
      'SELECT payload FROM payment_events WHERE provider = $1 AND payment_id = $2 AND event_id = $3',
      [refund.provider, refund.paymentId, eventId],
    );
    const first = earlier.rows[0];
    if (first?.payload.state === 'done') return 'already-sent';
    if (first) {
      const since = await db.query<{ amount: number }>(
        `SELECT coalesce(sum((payload->>'amount')::bigint), 0)::bigint AS amount FROM payment_events
          WHERE provider = $1 AND payment_id = $2 AND kind = $3 AND event_id <> $4
            AND payload->>'state' = 'done' AND (payload->>'before')::bigint >= $5`,
        [refund.provider, refund.paymentId, KIND, eventId, first.payload.before],
      );
      const others = Number(since.rows[0]?.amount ?? 0);
      if (before - first.payload.before >= first.payload.amount + others) {
        await mark('done');
        return 'already-sent';
      }
    }
  }
  try {
    await acquirer.send();
  } catch (err) {
    // Refused: nothing went, the key may be sent again. No answer: the claim stays to be settled.
    if (err instanceof AcquirerError && err.kind === 'refused') await mark(null);
    throw err;
  }
  await mark('done');
  return 'sent';
}
