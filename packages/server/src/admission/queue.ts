/**
 * THE admission rule, written once here and mirrored line for line by the Redis script
 * (stores.ts): a fair queue per performance, drained by a token bucket.
 *
 * - Every buyer (session) gets a ticket number on its first hold attempt for the performance:
 *   1, 2, 3, … in the order of arrival. It keeps that number.
 * - Tokens come in at `rate` per second, up to `burst` kept. Each token admits the next ticket
 *   in order; once admitted, a buyer stays admitted.
 * - A buyer is admitted when its ticket is at or below the highest admitted one. Otherwise it is
 *   told its position (how many buyers are ahead of it, itself included) and when to come back.
 *
 * Under `rate` buyers a second (after a burst of `burst`) nobody waits: every new ticket finds a
 * token. Past it, buyers wait in the order they came, and those admitted keep the speed of the
 * database to themselves.
 */

export interface AdmissionSettings {
  /** Buyers admitted per second per performance; 0 turns the gate off. */
  rate: number;
  /** Buyers admitted at once after a quiet spell. */
  burst: number;
}

export interface QueueState {
  /** The last ticket number handed out. */
  issued: number;
  /** Tickets up to this one are admitted. */
  admitted: number;
  tokens: number;
  /** When tokens were last added (ms). */
  updatedAt: number;
}

export type Verdict =
  | { admitted: true }
  | {
      admitted: false;
      /** Buyers ahead, this one included. */
      position: number;
      /** When to ask again. */
      retryAfterSeconds: number;
    };

export function emptyQueue(nowMs: number, settings: AdmissionSettings): QueueState {
  return { issued: 0, admitted: 0, tokens: settings.burst, updatedAt: nowMs };
}

/**
 * One buyer asks: `ticket` is its number, null when it has none yet (it gets the next one).
 * Changes `state` and answers the verdict with the ticket the buyer holds now.
 */
export function enter(
  state: QueueState,
  ticket: number | null,
  nowMs: number,
  settings: AdmissionSettings,
): { ticket: number; verdict: Verdict } {
  const mine = ticket ?? ++state.issued;
  const elapsed = Math.max(0, nowMs - state.updatedAt);
  state.tokens = Math.min(settings.burst, state.tokens + (elapsed * settings.rate) / 1000);
  state.updatedAt = nowMs;
  const waiting = state.issued - state.admitted;
  const admit = Math.min(Math.floor(state.tokens), waiting);
  state.admitted += admit;
  state.tokens -= admit;
  if (mine <= state.admitted) return { ticket: mine, verdict: { admitted: true } };
  const position = mine - state.admitted;
  const retryAfterSeconds = Math.max(1, Math.ceil((position - state.tokens) / settings.rate));
  return { ticket: mine, verdict: { admitted: false, position, retryAfterSeconds } };
}
