/**
 * What the buyer chose with each ticket, beside the basket state of hall-store.ts: the tariff a
 * seat is held at, its gifts, the seats held together with it, the list view's tickets without a
 * chosen seat. One valtio proxy per hall state, created on first use, so every controller and
 * component that is handed the same HallContext sees the same choices.
 */
import { proxy } from 'valtio/vanilla';
import type { HallState } from './hall-store.js';

export interface HallPicks {
  /** Place id → tariff id it is held at (3.3 taxes), when chosen here. */
  tariffs: Record<string, number>;
  /** Place id → gifts with its ticket (5.2). */
  gifts: Record<string, number>;
  /** Entrance section id → gifts with its tickets (5.2: at most the maximum × tickets). */
  entranceGifts: Record<string, number>;
  /** Place id → every place held together with it (a group or an exclusive pair, 4.1). */
  sets: Record<string, number[]>;
  /** List view, sections with seats: `{sectionId}:{tariffId}` → tickets without a chosen seat (7.3). */
  future: Record<string, number>;
  /** Price of one gift, kopecks, as the last answer said (3.7 giftPrice); null until one did. */
  giftPrice: number | null;
}

const picksOf = new WeakMap<HallState, HallPicks>();

export function hallPicks(state: HallState): HallPicks {
  let picks = picksOf.get(state);
  if (!picks) {
    picks = proxy<HallPicks>({ tariffs: {}, gifts: {}, entranceGifts: {}, sets: {}, future: {}, giftPrice: null });
    picksOf.set(state, picks);
  }
  return picks;
}

/** Tickets of the list view without a chosen seat, all sections together. */
export function futureTotal(picks: HallPicks): number {
  let n = 0;
  for (const count of Object.values(picks.future)) n += count;
  return n;
}
