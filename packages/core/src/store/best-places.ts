/**
 * Best places (spec 2.1, 7.1, 8.2) and, beyond the spec, best available: the buyer asks for N
 * seats side by side (1..10), optionally in a price range, and the server picks adjacent free
 * seats of one row and holds them all or none. The answer's ticketHashList names the held places,
 * which become the buyer's on the plan like any selected seat.
 */
import type { BestAvailableInput } from '../api/hall.js';
import { heldPlaces, holdPlaces } from './hall-actions.js';
import { addingProblem, callMarked, type HallContext, reportFailure, showAlert, succeeded } from './hall-context.js';
import { MSG } from './spec.js';

export const BEST_AVAILABLE_MAX = 10;

export type BestPlacesCheck = { available: true } | { available: false; message: string };

/** GET /bestPlace/checkAvailability/: when unavailable, the first value of `message` is what to show. */
export async function checkBestPlaces(ctx: Pick<HallContext, 'api' | 'performanceId'>): Promise<BestPlacesCheck> {
  try {
    const answer = await ctx.api.bestPlaceCheck(ctx.performanceId);
    if (answer.status === 'success') return { available: true };
    const first = Object.values(answer.message ?? {}).find((m) => m.trim() !== '');
    return { available: false, message: first ?? MSG.serverError };
  } catch {
    return { available: false, message: MSG.serverError };
  }
}

export type BestAvailableRequest = Omit<BestAvailableInput, 'performanceId'>;

export async function takeBestAvailable(ctx: HallContext, request: BestAvailableRequest): Promise<boolean> {
  const { state } = ctx;
  const { count } = request;
  if (!ctx.canAct || state.busy.best || !Number.isInteger(count) || count < 1 || count > BEST_AVAILABLE_MAX) {
    return false;
  }
  const problem = addingProblem(ctx, count);
  if (problem) {
    showAlert(state, problem);
    return false;
  }
  const answer = await callMarked(state, ['best'], () =>
    ctx.api.bestAvailable({ ...request, performanceId: ctx.performanceId }),
  );
  if (!succeeded(answer)) {
    const fallback = answer.error ? MSG.ticketAddFailed : MSG.addToBasketError;
    reportFailure(ctx, answer, fallback, () => takeBestAvailable(ctx, request));
    return false;
  }
  holdPlaces(ctx, heldPlaces(ctx, [], answer), answer);
  return true;
}
