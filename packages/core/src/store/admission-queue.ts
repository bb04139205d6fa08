/**
 * A buyer the admission gate queues (decision 0018). When a sale opens the calls that take places
 * (a seat, a set of seats, best available, entrance tickets) may answer 429 with Retry-After and
 * X-Queue-Position, and the position in the message: the buyer is in the queue, not refused.
 *
 * The rule: the hall shows the place in the queue and the seconds to the next try
 * (`state.queue`), and makes the same call again when they run out: once per Retry-After, until
 * the gate lets the buyer through (the call's own answer then counts, a place sold meanwhile
 * included) or the buyer leaves the queue. Calls queued together share one countdown.
 */
import { HttpError } from '../api/http.js';
import type { HallState } from './hall-store.js';

/** What the hall shows while a call waits: the place in the queue and the seconds to the next try (0: trying). */
export interface QueueWait {
  position: number;
  secondsLeft: number;
}

export interface QueueTurn {
  position: number;
  retryAfterSeconds: number;
}

/**
 * Seconds to the next try when the answer's Retry-After cannot be read (a partner page's
 * browser shows it only the headers the site exposes to it) and the message names none.
 */
export const QUEUE_RETRY_DEFAULT_S = 5;

/** What a call answers when the buyer has left the queue: nothing to report. */
export const LEFT_QUEUE = Object.freeze({ result: 0 as const });

const wholeNumber = (text: string | null | undefined): number | null =>
  text && /^\s*\d+\s*$/.test(text) ? Number(text) : null;

/** The message of a failure answer ('message' of the call's own shape), or ''. */
export function refusalMessage(body: unknown): string {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : '';
}

/**
 * The queue place a failed call names, or null when it was not queued (a rate limit's 429 names
 * none): X-Queue-Position and Retry-After, or where those cannot be read, the message's
 * 'в очереди: N' and 'через S с'.
 */
export function queueTurnOf(error: unknown): QueueTurn | null {
  if (!(error instanceof HttpError) || error.status !== 429) return null;
  const message = refusalMessage(error.body);
  const position =
    wholeNumber(error.headers?.get('x-queue-position')) ?? wholeNumber(/очеред\S*:\s*(\d+)/i.exec(message)?.[1]);
  if (position === null) return null;
  const seconds =
    wholeNumber(error.headers?.get('retry-after')) ??
    wholeNumber(/через\s+(\d+)\s*с/i.exec(message)?.[1]) ??
    QUEUE_RETRY_DEFAULT_S;
  return { position, retryAfterSeconds: Math.max(1, seconds) };
}

interface Queue {
  /** When the calls waiting try again (ms since the epoch); 0 while none waits. */
  deadline: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** Each waiting call's go-ahead: true to try again, false when the buyer left. */
  waiters: Set<(again: boolean) => void>;
  /** Calls that were queued and have not finished: the notice stays while any is left. */
  calls: number;
}

const queues = new WeakMap<HallState, Queue>();

function queueOf(state: HallState): Queue {
  let q = queues.get(state);
  if (!q) {
    q = { deadline: 0, timer: undefined, waiters: new Set(), calls: 0 };
    queues.set(state, q);
  }
  return q;
}

function release(q: Queue, again: boolean): void {
  clearTimeout(q.timer);
  q.timer = undefined;
  q.deadline = 0;
  const waiters = [...q.waiters];
  q.waiters.clear();
  for (const go of waiters) go(again);
}

/** Counts down to the deadline, a second at a time, and lets the waiting calls go at its end. */
function tick(state: HallState, q: Queue): void {
  const left = q.deadline - Date.now();
  if (state.queue) state.queue.secondsLeft = Math.max(0, Math.ceil(left / 1000));
  if (left <= 0) release(q, true);
  else q.timer = setTimeout(() => tick(state, q), left % 1000 || 1000);
}

function waitTurn(state: HallState, q: Queue, turn: QueueTurn): Promise<boolean> {
  q.deadline = Math.max(q.deadline, Date.now() + turn.retryAfterSeconds * 1000);
  state.queue = { position: turn.position, secondsLeft: 0 };
  return new Promise((go) => {
    q.waiters.add(go);
    clearTimeout(q.timer);
    tick(state, q);
  });
}

/**
 * Makes `call`, and makes it again after each Retry-After while the gate queues it. Resolves to
 * the call's answer once admitted, or to LEFT_QUEUE when the buyer leaves; other failures reject.
 */
export async function admitted<A>(state: HallState, call: () => Promise<A>): Promise<A | typeof LEFT_QUEUE> {
  const q = queueOf(state);
  let queued = false;
  try {
    for (;;) {
      try {
        return await call();
      } catch (error) {
        const turn = queueTurnOf(error);
        if (!turn) throw error;
        if (!queued) q.calls++;
        queued = true;
        if (!(await waitTurn(state, q, turn))) return LEFT_QUEUE;
      }
    }
  } finally {
    if (queued && --q.calls === 0) state.queue = null;
  }
}

/** The buyer leaves the queue (or the hall goes away): the waiting calls end without trying again. */
export function leaveQueue(state: HallState): void {
  const q = queues.get(state);
  if (q) release(q, false);
  state.queue = null;
}
