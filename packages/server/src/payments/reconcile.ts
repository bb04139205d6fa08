import { AcquirerError } from './acquirers/http.js';
import type { PaymentProviders } from './provider.js';
import { applyPaymentEvent, type PaymentDeps } from './service.js';

/** One process asks an acquirer about one open payment at most this often. */
export const POLL_INTERVAL_MS = 10_000;
/** Payments asked about lately, by provider and id: each server's own memory, bounded. */
const askedBy = new WeakMap<PaymentProviders, Map<string, number>>();
const ASKED_MAX = 10_000;

function due(providers: PaymentProviders, key: string, now: number): boolean {
  let asked = askedBy.get(providers);
  if (!asked) {
    asked = new Map();
    askedBy.set(providers, asked);
  }
  const last = asked.get(key);
  if (last !== undefined && now - last < POLL_INTERVAL_MS) return false;
  asked.delete(key);
  asked.set(key, now);
  // The oldest first: a full map forgets what it asked longest ago.
  for (const first of asked.keys()) {
    if (asked.size <= ASKED_MAX) break;
    asked.delete(first);
  }
  return true;
}

/**
 * Polling, the fallback for a notification that never came: the order's open payments are asked
 * of their acquirer (queryStatus), each at most every POLL_INTERVAL_MS, and a success or decline
 * it reports is applied exactly as its notification would be (applyPaymentEvent: once, a late
 * payment re-claims its places or goes back). An acquirer that does not answer changes nothing;
 * its notification or the next poll will. Answers whether anything was applied.
 */
export async function reconcileOrderPayments(deps: PaymentDeps, orderId: number): Promise<boolean> {
  const open = await deps.db.query<{ id: string; provider: string }>(
    `SELECT id, provider FROM payments WHERE order_id = $1 AND status IN ('created', 'pending') ORDER BY created_at, id`,
    [orderId],
  );
  let applied = false;
  for (const payment of open.rows) {
    const provider = deps.providers.get(payment.provider);
    if (!provider || !due(deps.providers, `${payment.provider}:${payment.id}`, deps.clock.now().getTime())) continue;
    let status: Awaited<ReturnType<typeof provider.queryStatus>>;
    try {
      status = await provider.queryStatus(payment.id);
    } catch (err) {
      if (err instanceof AcquirerError) continue;
      throw err;
    }
    if (status !== 'succeeded' && status !== 'declined') continue;
    const outcome = await applyPaymentEvent(deps, provider, {
      eventId: `poll:${status}`,
      paymentId: payment.id,
      kind: status,
      payload: { polled: status },
    });
    applied ||= outcome === 'paid' || outcome === 'declined' || outcome === 'refunded';
  }
  return applied;
}
