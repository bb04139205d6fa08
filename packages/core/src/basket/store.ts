import { proxy } from 'valtio/vanilla';
import { type BasketState, fetchBasketState } from '../api/basket.js';
import type { Http } from '../api/http.js';
import { deadlineIn } from '../ui/countdown.js';

/**
 * The basket shared by the widgets of one page (the basket list and the checkout read the same
 * store, so a removal updates cannotCreateOrder for the pay button at once).
 */
export interface BasketStore {
  state: BasketState;
  /** When the hold runs out (epoch ms), fixed when the state arrives; null when nothing is held. */
  holdDeadline: number | null;
}

export function createBasketStore(initial: BasketState): BasketStore {
  return proxy<BasketStore>({ state: initial, holdDeadline: holdDeadlineOf(initial) });
}

export function setBasketState(store: BasketStore, state: BasketState): void {
  store.state = state;
  store.holdDeadline = holdDeadlineOf(state);
}

/** A store filled from GET /shopcart/state/, for a host that has no server-rendered basket. */
export async function loadBasketStore(http: Http): Promise<BasketStore> {
  return createBasketStore(await fetchBasketState(http));
}

/** Re-reads the basket from GET /shopcart/state/. */
export async function refreshBasket(store: BasketStore, http: Http): Promise<BasketState> {
  const state = await fetchBasketState(http);
  setBasketState(store, state);
  return state;
}

function holdDeadlineOf(state: BasketState): number | null {
  return state.tickets.length > 0 ? deadlineIn(state.holdSecondsLeft) : null;
}
