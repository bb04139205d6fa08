/**
 * What a buyer does on the hall page: put seats and entrance tickets in the basket and take
 * them out (spec 4.1, 5.1, 7.2, 7.3, 8.1, 8.2). Each action checks the local limits first, makes
 * one call, and applies the answer to the state; the view only reads the state.
 */
import type { EntranceAnswer, HallApi, SelectionAnswer } from '../api/hall.js';
import { emit, type TicketEventDetail } from './events.js';
import type { HallData, HallState, MapPlace } from './hall-store.js';
import {
  ANNOUNCE,
  type BasketCounts,
  checkEntranceAdd,
  checkPlaceAdd,
  MSG,
  placeLabel,
  seatErrorAction,
  toKopecks,
} from './spec.js';

export interface HallLimits {
  /** maxTicketCount of the page (3.1, default 8). */
  maxTicketCount: number;
  /** 3.5: tickets of other performances already in the basket. */
  ticketInBasketOfOtherPerformances: number;
}

export interface HallContext {
  state: HallState;
  data: HallData;
  api: HallApi;
  performanceId: number;
  /** allowReserve || allowPay: otherwise seats and basket handlers do nothing (4.1). */
  canAct: boolean;
  limits: HallLimits;
  /** The mount element: where the signals are dispatched. */
  events?: EventTarget | null;
  /** After the only-booking reset the page reloads (4.4); hosts and tests may replace it. */
  reload?: () => void;
}

let alertSeq = 0;

export function showAlert(state: HallState, message: string, resetIsBooking?: 0 | 1): void {
  state.alert =
    resetIsBooking === undefined
      ? { id: ++alertSeq, message, kind: 'alert' }
      : { id: ++alertSeq, message, kind: 'dialog', resetIsBooking };
}

export function dismissAlert(state: HallState, id?: number): void {
  if (id === undefined || state.alert?.id === id) state.alert = null;
}

function succeeded(answer: SelectionAnswer | EntranceAnswer): boolean {
  return (answer.result === 1 || answer.result === true) && !answer.error;
}

/** Counters of a successful answer (absent fields keep their value). */
function applyBasket(ctx: HallContext, answer: SelectionAnswer | EntranceAnswer, ticketDelta: number): void {
  const { state } = ctx;
  state.ticketCount = answer.ticketCount ?? Math.max(0, state.ticketCount + ticketDelta);
  if (answer.basketPrice !== undefined) state.basketPrice = toKopecks(answer.basketPrice);
  if (answer.cannotCreateOrder !== undefined) state.cannotCreateOrder = answer.cannotCreateOrder;
  if (answer.cannotCreateOrderCause !== undefined) state.cannotCreateOrderCause = answer.cannotCreateOrderCause;
  emit(ctx.events, 'basket-state', {
    ticketCount: state.ticketCount,
    basketPrice: state.basketPrice,
    cannotCreateOrder: state.cannotCreateOrder,
    cannotCreateOrderCause: state.cannotCreateOrderCause,
  });
}

/**
 * A failed seat or entrance answer (8.1): the codes the host acts on are signalled, the
 * only-booking conflict opens the dialog, anything else shows the server's message.
 */
function reportFailure(ctx: HallContext, answer: SelectionAnswer, fallback: string, retry: () => Promise<void>) {
  const code = answer.error ?? 0;
  const message = answer.message?.trim() || fallback;
  const action = seatErrorAction(code);
  if (action.kind === 'resetBasket') return showAlert(ctx.state, message, action.isBooking);
  showAlert(ctx.state, message);
  if (action.kind === 'login') emit(ctx.events, 'login-required', { code, message, retry });
  else if (action.kind === 'confirmPhone') emit(ctx.events, 'phone-confirmation-required', { code, message, retry });
}

function placeDetail(ctx: HallContext, p: MapPlace): TicketEventDetail {
  return {
    kind: 'place',
    performanceId: ctx.performanceId,
    placeId: p.id,
    cypher: p.cypher,
    sectionId: p.section.id,
    sectionName: p.section.name,
    row: p.row,
    place: p.place,
    price: toKopecks(p.price),
  };
}

/** The place and, for a group (group-id > 0), every place sold with it (4.1). */
function withGroup(data: HallData, p: MapPlace): number[] {
  return p.group > 0 ? [...(data.groups.get(p.group) ?? [p.id])] : [p.id];
}

function announce(state: HallState, text: string): void {
  state.announcement = `${text} ${ANNOUNCE.inBasket(state.ticketCount)}`;
}

function counts(state: HallState): BasketCounts {
  return { places: Object.keys(state.selected).length, entrance: state.entrance };
}

export async function selectPlace(ctx: HallContext, placeId: number, tax?: number): Promise<void> {
  const { state, data } = ctx;
  const p = data.places.get(placeId);
  if (!ctx.canAct || !p || state.selected[placeId] || state.pending[p.cypher] || state.busy[p.cypher]) return;
  const check = checkPlaceAdd(counts(state), withGroup(data, p).length, ctx.limits);
  if (!check.ok) return showAlert(state, check.message);

  state.pending[p.cypher] = true;
  state.busy[p.cypher] = true;
  let answer: SelectionAnswer;
  try {
    answer = await ctx.api.select(p.cypher, tax ?? (p.countTax > 1 ? p.tariff : undefined));
  } catch {
    answer = { result: 0, message: MSG.serverError };
  } finally {
    delete state.busy[p.cypher];
  }
  if (!succeeded(answer)) {
    delete state.pending[p.cypher];
    return reportFailure(ctx, answer, answer.error ? MSG.ticketAddFailed : MSG.addToBasketError, () =>
      selectPlace(ctx, placeId, tax),
    );
  }
  // The server expands groups; the answer's ticketHashList names every place it holds.
  const held = new Set(withGroup(data, p));
  for (const id of Object.keys(answer.ticketHashList ?? {})) if (data.places.has(Number(id))) held.add(Number(id));
  for (const id of held) {
    const member = data.places.get(id);
    state.selected[id] = true;
    if (member) state.pending[member.cypher] = true;
  }
  applyBasket(ctx, answer, held.size);
  emit(ctx.events, 'ticket-selected', placeDetail(ctx, p));
  announce(state, ANNOUNCE.placeAdded(placeLabel(p)));
}

export async function deselectPlace(ctx: HallContext, placeId: number): Promise<void> {
  const { state, data } = ctx;
  const p = data.places.get(placeId);
  if (!ctx.canAct || !p || !state.selected[placeId] || state.busy[p.cypher]) return;
  state.busy[p.cypher] = true;
  let answer: SelectionAnswer;
  try {
    answer = await ctx.api.deselect(p.cypher);
  } catch {
    answer = { result: 0, message: MSG.serverError };
  } finally {
    delete state.busy[p.cypher];
  }
  if (!succeeded(answer)) {
    return reportFailure(ctx, answer, MSG.ticketRemoveFailed, () => deselectPlace(ctx, placeId));
  }
  const released = withGroup(data, p);
  for (const id of released) {
    delete state.selected[id];
    const member = data.places.get(id);
    if (member) delete state.pending[member.cypher];
  }
  applyBasket(ctx, answer, -released.length);
  emit(ctx.events, 'ticket-deselected', placeDetail(ctx, p));
  announce(state, ANNOUNCE.placeRemoved(placeLabel(p)));
}

/** A click on a place: a free one goes into the basket, one of the buyer's comes out (4.1). */
export function togglePlace(ctx: HallContext, placeId: number, tax?: number): Promise<void> {
  return ctx.state.selected[placeId] ? deselectPlace(ctx, placeId) : selectPlace(ctx, placeId, tax);
}

/** Why the entrance counter cannot go to `count`, or null (5.1). */
export function entranceCountProblem(ctx: HallContext, sectionId: number, count: number): string | null {
  const { state } = ctx;
  const free = (state.entranceFree[sectionId] ?? 0) + (state.entrance[sectionId] ?? 0);
  const check = checkEntranceAdd(counts(state), { sectionId, freeTickets: free }, count, ctx.limits);
  return check.ok ? null : check.message;
}

export async function addEntranceTickets(ctx: HallContext, sectionId: number, count: number): Promise<boolean> {
  const { state } = ctx;
  const section = ctx.data.sections.get(sectionId);
  const key = `s:${sectionId}`;
  if (!ctx.canAct || !section?.seatlessSection || count < 1 || state.busy[key]) return false;
  const problem = entranceCountProblem(ctx, sectionId, count);
  if (problem) {
    showAlert(state, problem);
    return false;
  }
  state.busy[key] = true;
  let answer: EntranceAnswer;
  try {
    answer = await ctx.api.entranceAdd({
      count,
      performanceId: ctx.performanceId,
      sectionId,
      taxId: section.tariffId,
      ticketPrice: section.price,
    });
  } catch {
    answer = { result: 0, message: MSG.serverError };
  } finally {
    delete state.busy[key];
  }
  if (!succeeded(answer)) {
    reportFailure(ctx, answer, MSG.entranceAddError, async () => {
      await addEntranceTickets(ctx, sectionId, count);
    });
    return false;
  }
  state.entrance[sectionId] = (state.entrance[sectionId] ?? 0) + count;
  state.entranceFree[sectionId] = Math.max(0, (state.entranceFree[sectionId] ?? 0) - count);
  applyBasket(ctx, answer, count);
  const detail = entranceDetail(ctx, section, count);
  emit(ctx.events, 'ticket-selected', detail);
  announce(state, ANNOUNCE.entranceAdded(section.sectionName, count));
  return true;
}

export async function removeEntranceTickets(ctx: HallContext, sectionId: number, count = 1): Promise<boolean> {
  const { state } = ctx;
  const section = ctx.data.sections.get(sectionId);
  const key = `s:${sectionId}`;
  const held = state.entrance[sectionId] ?? 0;
  if (!ctx.canAct || !section || held < 1 || state.busy[key]) return false;
  const n = Math.min(count, held);
  state.busy[key] = true;
  let answer: EntranceAnswer;
  try {
    answer = await ctx.api.entranceRemove({
      performanceId: ctx.performanceId,
      sectionId,
      ticketPrice: section.price,
      count: n,
    });
  } catch {
    answer = { result: 0, message: MSG.serverError };
  } finally {
    delete state.busy[key];
  }
  if (!succeeded(answer)) {
    reportFailure(ctx, answer, MSG.ticketRemoveFailed, async () => {
      await removeEntranceTickets(ctx, sectionId, count);
    });
    return false;
  }
  if (held - n > 0) state.entrance[sectionId] = held - n;
  else delete state.entrance[sectionId];
  state.entranceFree[sectionId] = (state.entranceFree[sectionId] ?? 0) + n;
  applyBasket(ctx, answer, -n);
  emit(ctx.events, 'ticket-deselected', entranceDetail(ctx, section, n));
  announce(state, ANNOUNCE.entranceRemoved(section.sectionName, n));
  return true;
}

function entranceDetail(
  ctx: HallContext,
  section: { sectionId: number; sectionName: string; price: number },
  count: number,
): TicketEventDetail {
  return {
    kind: 'entrance',
    performanceId: ctx.performanceId,
    sectionId: section.sectionId,
    sectionName: section.sectionName,
    count,
    price: toKopecks(section.price),
  };
}

/** 'Очистить корзину' in the only-booking conflict dialog (8.1, 4.4): reset, then reload. */
export async function resolveBookingConflict(ctx: HallContext, isBooking: 0 | 1): Promise<void> {
  dismissAlert(ctx.state);
  try {
    const answer = await ctx.api.resetExclude(isBooking);
    if (!succeeded(answer)) return showAlert(ctx.state, answer.message || MSG.serverError);
  } catch {
    return showAlert(ctx.state, MSG.serverError);
  }
  (ctx.reload ?? (() => window.location.reload()))();
}
