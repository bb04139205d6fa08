/** The buyer's basket: what is held, the selection rules and the answers of the basket calls. */
export { basketState, performanceUrl, selectionAnswer } from './answers.js';
export { type BasketContents, type BasketLine, type BasketSummary, loadBasket, loadBasketSummary } from './contents.js';
export { orderPhoneRefusal } from './phone-check.js';
export { type PerformanceOrLookup, type PlacePerformances, placePerformanceLookup } from './place-performances.js';
export { selectionMessages } from './rules.js';
export {
  addEntranceTickets,
  type BasketDeps,
  deselectAll,
  deselectPlace,
  lockSession,
  removeEntranceTickets,
  type SelectionOutcome,
  selectPlace,
} from './selection.js';
export {
  addFutureTickets,
  type BestPlacesCheck,
  checkBestPlaces,
  deselectPlaces,
  type NamedPlace,
  removeFutureTickets,
  resetExclude,
  selectBestAvailable,
  selectPlaces,
} from './set-selection.js';

import type { ServerDeps } from '../../deps.js';
import { basketState } from './answers.js';
import { loadBasket } from './contents.js';

/** The basket state a page renders for this session (decision 0001 shape). */
export async function getBasketState(deps: Pick<ServerDeps, 'db' | 'clock'>, sessionId: string) {
  const now = deps.clock.now();
  return basketState(await loadBasket(deps.db, sessionId, now), now, true);
}
