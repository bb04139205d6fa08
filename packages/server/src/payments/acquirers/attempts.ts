import type { Queryable } from '../../db/index.js';
import { AcquirerError } from './http.js';

/**
 * Resuming a registration whose answer was lost (decision 0045). T-Bank's Init and Sber's
 * register.do take no idempotency key: the only name the shop gives a payment there is its own
 * order number. So each attempt to pay an order is numbered `{order number}-{n}`, n counting the
 * payments of the order this shop recorded at that acquirer (the first attempt is 1). An attempt
 * whose answer never came was not recorded, so the next attempt gets the same number, asks the
 * acquirer what it already has under it (T-Bank CheckOrder, Sber getOrderStatusExtended.do by
 * orderNumber) and reuses that payment instead of making a second one. A number whose payment the
 * shop did record (a declined attempt, a second tab's) is taken: the next number is tried.
 */

/** How many numbers one registration looks at before it gives up (a refusal for the buyer). */
const LOOKUPS = 5;

/** What the acquirer holds under one of the shop's attempt numbers. */
export interface FoundPayment {
  paymentId: string;
}

export interface AttemptSteps<F extends FoundPayment, T> {
  /** What the acquirer has under this number already: undefined when nothing. */
  find(number: string): Promise<F | undefined>;
  /** Continues a payment found unrecorded (a lost answer); undefined when it cannot be: the next number is tried. */
  reuse(found: F, number: string): Promise<T | undefined>;
  /** Registers a new payment under this number. */
  register(number: string): Promise<T>;
}

export async function registerOnce<F extends FoundPayment, T>(
  db: Queryable,
  provider: string,
  order: { id: number; number: string; ledger?: Queryable | undefined },
  steps: AttemptSteps<F, T>,
): Promise<T> {
  const q = order.ledger ?? db;
  const counted = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM payments WHERE order_id = $1 AND provider = $2',
    [order.id, provider],
  );
  const first = (counted.rows[0]?.n ?? 0) + 1;
  for (let n = first; n < first + LOOKUPS; n++) {
    const number = `${order.number}-${n}`;
    const found = await steps.find(number);
    if (found === undefined) return steps.register(number);
    if (await isRecorded(q, provider, found.paymentId)) continue;
    const reused = await steps.reuse(found, number);
    if (reused !== undefined) return reused;
  }
  throw new AcquirerError(provider, 'register', 'refused', 'attempts');
}

async function isRecorded(q: Queryable, provider: string, paymentId: string): Promise<boolean> {
  const r = await q.query('SELECT 1 FROM payments WHERE id = $1 AND provider = $2', [paymentId, provider]);
  return r.rows.length > 0;
}
