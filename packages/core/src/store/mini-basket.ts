/**
 * The mini basket popup of the hall page (spec 4.4, 4.3, 9): after each basket change it shows
 * for 5000 ms, only when at least one ticket is held and not in package mode. A change is a new
 * ticket count or basket price (a gift changes the price alone). Framework-free: a view reads
 * `get()` and re-reads on `subscribe`; the state is watched only while someone listens.
 */
import { MINI_BASKET_SHOW_MS } from '@partera/contract';
import { subscribe as watch } from 'valtio/vanilla';
import type { HallState } from './hall-store.js';

export interface MiniBasketView {
  visible: boolean;
  ticketCount: number;
  /** Kopecks. */
  basketPrice: number;
}

export interface MiniBasketController {
  get(): MiniBasketView;
  subscribe(listener: () => void): () => void;
  /** The buyer closed it before its time. */
  hide(): void;
}

export function createMiniBasket(
  state: HallState,
  options: { packageMode: boolean; showMs?: number },
): MiniBasketController {
  const showMs = options.showMs ?? MINI_BASKET_SHOW_MS;
  const listeners = new Set<() => void>();
  let view: MiniBasketView = { visible: false, ticketCount: state.ticketCount, basketPrice: state.basketPrice };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let unwatch: (() => void) | undefined;

  const set = (next: MiniBasketView) => {
    view = next;
    for (const listener of [...listeners]) listener();
  };
  const hide = () => {
    clearTimeout(timer);
    if (view.visible) set({ ...view, visible: false });
  };
  const onState = () => {
    const { ticketCount, basketPrice } = state;
    if (ticketCount === view.ticketCount && basketPrice === view.basketPrice) return;
    clearTimeout(timer);
    const visible = ticketCount >= 1 && !options.packageMode;
    set({ visible, ticketCount, basketPrice });
    if (visible) timer = setTimeout(hide, showMs);
  };

  return {
    get: () => view,
    hide,
    subscribe(listener) {
      listeners.add(listener);
      if (!unwatch) {
        // Whatever changed before anyone looked is the starting point, not a change to show.
        view = { ...view, ticketCount: state.ticketCount, basketPrice: state.basketPrice };
        unwatch = watch(state, onState, true);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        unwatch?.();
        unwatch = undefined;
        clearTimeout(timer);
      };
    },
  };
}
