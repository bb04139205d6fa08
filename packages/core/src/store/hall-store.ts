/**
 * The hall page's reactive state: what this buyer has in the basket for the performance, the
 * counters the server answers with, and the message on screen. The map data itself (up to
 * 80 000 places) is NOT in the proxy: it is read-only and kept in plain maps (HallData), so
 * valtio never wraps tens of thousands of objects.
 */
import { proxy } from 'valtio/vanilla';
import type { HallMapAnswer } from '../api/hall.js';
import type { QueueWait } from './admission-queue.js';
import { toKopecks } from './spec.js';

export type MapPlace = HallMapAnswer['places'][number];
export type MapSection = HallMapAnswer['sections'][number];

export interface HallAlert {
  /** Increases with every alert, so the view restarts the auto-close timer for a repeated text. */
  id: number;
  message: string;
  /** 'alert' closes by itself; 'dialog' waits for a choice (only-booking conflict 623/624). */
  kind: 'alert' | 'dialog';
  /** For 'dialog': the isBooking value of the basket reset that resolves the conflict. */
  resetIsBooking?: 0 | 1;
}

export interface HallState {
  status: 'loading' | 'ready' | 'error';
  loadError: string;
  /** Hall place id → true, for places in this buyer's basket. */
  selected: Record<string, true>;
  /** Seat codes sent for selection and not failed or deselected since (spec 4.1). */
  pending: Record<string, true>;
  /** Seat codes and entrance sections ('s:{id}') with a call in flight. */
  busy: Record<string, true>;
  /** Entrance section id → tickets of it in the basket. */
  entrance: Record<string, number>;
  /** Entrance section id → free tickets left. */
  entranceFree: Record<string, number>;
  ticketCount: number;
  /** Kopecks. */
  basketPrice: number;
  cannotCreateOrder: boolean;
  cannotCreateOrderCause: string;
  alert: HallAlert | null;
  /** Last basket change in words, for the aria-live region. */
  announcement: string;
  /** While the admission gate queues the buyer's call: the place and the countdown (admission-queue.ts). */
  queue: QueueWait | null;
}

/** The read-only side of a loaded hall: places and sections by id. */
export interface HallData {
  places: ReadonlyMap<number, MapPlace>;
  /** Place id by seat code. */
  byCypher: ReadonlyMap<string, number>;
  sections: ReadonlyMap<number, MapSection>;
  /** Places by group id (> 0): seats sold together. */
  groups: ReadonlyMap<number, readonly number[]>;
  legend: HallMapAnswer['legend'];
  premium: boolean;
  /** Ids of the places this buyer held when the map was read (state 1). */
  held: readonly number[];
}

export function createHallState(): HallState {
  return proxy<HallState>({
    status: 'loading',
    loadError: '',
    selected: {},
    pending: {},
    busy: {},
    entrance: {},
    entranceFree: {},
    ticketCount: 0,
    basketPrice: 0,
    cannotCreateOrder: false,
    cannotCreateOrderCause: '',
    alert: null,
    announcement: '',
    queue: null,
  });
}

export function indexHallData(map: HallMapAnswer): HallData {
  const places = new Map<number, MapPlace>();
  const byCypher = new Map<string, number>();
  const groups = new Map<number, number[]>();
  for (const p of map.places) {
    places.set(p.id, p);
    byCypher.set(p.cypher, p.id);
    if (p.group > 0) {
      const members = groups.get(p.group);
      if (members) members.push(p.id);
      else groups.set(p.group, [p.id]);
    }
  }
  const sections = new Map<number, MapSection>();
  for (const s of map.sections) sections.set(s.sectionId, s);
  return {
    places,
    byCypher,
    sections,
    groups,
    legend: map.legend,
    premium: map.anyPremiumTicketFound.premium === 'true',
    held: map.places.filter((p) => p.state === 1).map((p) => p.id),
  };
}

/** Entrance tickets already in the basket, from the page config's `tickets` (3.1). */
export interface ConfigTicket {
  sectionId: number;
  objId: number;
  price: number;
}

/**
 * Puts a freshly loaded map into the state: places in state 1 are this buyer's, entrance free
 * counts come from the sections, and the page's own ticket list gives entrance tickets held.
 */
export function applyMap(
  state: HallState,
  data: HallData,
  map: Pick<HallMapAnswer, 'cannotCreateOrder' | 'cannotCreateOrderCause'>,
  performanceId: number,
  configTickets: readonly ConfigTicket[] = [],
): void {
  const selected: Record<string, true> = {};
  const pending: Record<string, true> = {};
  let price = 0;
  let count = 0;
  // The held places alone: asking the places for all of them would make every place of a stadium.
  for (const id of data.held) {
    const p = data.places.get(id);
    if (!p) continue;
    selected[p.id] = true;
    pending[p.cypher] = true;
    price += toKopecks(p.price);
    count++;
  }
  const entrance: Record<string, number> = {};
  const entranceFree: Record<string, number> = {};
  for (const s of data.sections.values()) if (s.seatlessSection) entranceFree[s.sectionId] = Math.max(0, s.placeCount);
  for (const t of configTickets) {
    if (t.objId !== performanceId || !data.sections.get(t.sectionId)?.seatlessSection) continue;
    entrance[t.sectionId] = (entrance[t.sectionId] ?? 0) + 1;
    price += toKopecks(t.price);
    count++;
  }
  state.selected = selected;
  state.pending = pending;
  state.busy = {};
  state.entrance = entrance;
  state.entranceFree = entranceFree;
  state.ticketCount = count;
  state.basketPrice = price;
  state.cannotCreateOrder = map.cannotCreateOrder;
  state.cannotCreateOrderCause = map.cannotCreateOrderCause ?? '';
  state.status = 'ready';
  state.loadError = '';
}
