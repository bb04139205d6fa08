/**
 * Tickets of a section without a chosen seat (spec 2.1, 3.8, 5.1, 7.3, 8.2): entrance
 * (free-seating) tickets, from the plan's entrance tooltip or the list view, through
 * entranceTicketsAdd/Remove; and in the list view (isOnlySections) tickets of a section with
 * seats, through futureTicketAdd/Remove. Each change checks the local limits, makes one call and
 * applies the answer; entrance gifts follow their tickets (5.2).
 */
import { removeEntranceTicket } from '@partera/contract';
import type { EntranceAnswer } from '../api/hall.js';
import { emit, type TicketEventDetail } from './events.js';
import {
  addingProblem,
  announce,
  applyBasket,
  basketCounts,
  callMarked,
  type HallContext,
  packageProblem,
  reportFailure,
  showAlert,
  succeeded,
} from './hall-context.js';
import type { MapSection } from './hall-store.js';
import { hallPicks } from './picks.js';
import { ANNOUNCE, checkEntranceAdd, MSG, toKopecks } from './spec.js';

type SectionLine = Pick<
  MapSection,
  'sectionId' | 'sectionName' | 'price' | 'tariffId' | 'fundId' | 'seatlessSection' | 'placeCount'
>;

/** The list view's key of a section line: a section may be sold at several prices. */
export function sectionLineKey(s: Pick<MapSection, 'sectionId' | 'tariffId'>): string {
  return `${s.sectionId}:${s.tariffId}`;
}

/** Tickets of the line in the basket. */
export function sectionHeld(ctx: Pick<HallContext, 'state'>, s: SectionLine): number {
  if (s.seatlessSection) return ctx.state.entrance[s.sectionId] ?? 0;
  return hallPicks(ctx.state).future[sectionLineKey(s)] ?? 0;
}

/** Tickets of the line still free: entrance sections count down as tickets are taken. */
export function sectionFree(ctx: Pick<HallContext, 'state'>, s: SectionLine): number {
  if (s.seatlessSection) return ctx.state.entranceFree[s.sectionId] ?? Math.max(0, s.placeCount);
  return Math.max(0, s.placeCount - sectionHeld(ctx, s));
}

/** Why `adding` more tickets of the line cannot go into the basket (5.1), or null. */
export function sectionCountProblem(ctx: HallContext, s: SectionLine, adding: number): string | null {
  if (!s.seatlessSection) return adding > sectionFree(ctx, s) ? MSG.noTickets : addingProblem(ctx, adding);
  const section = { sectionId: s.sectionId, freeTickets: sectionFree(ctx, s) + sectionHeld(ctx, s) };
  const check = checkEntranceAdd(basketCounts(ctx.state), section, adding, ctx.limits);
  return packageProblem(ctx, adding) ?? (check.ok ? null : check.message);
}

/** Why the entrance counter cannot go to `count` tickets to add, or null (5.1). */
export function entranceCountProblem(ctx: HallContext, sectionId: number, count: number): string | null {
  const s = ctx.data.sections.get(sectionId);
  return s ? sectionCountProblem(ctx, s, count) : MSG.noTickets;
}

const busyKey = (s: Pick<MapSection, 'sectionId'>) => `s:${s.sectionId}`;

/**
 * Adds `count` tickets of a section line, sending the list view's fields too (sectionName,
 * fundId: 3.8). A failure shows the server's message, else the entrance fallback (8.2).
 */
export async function addSectionTickets(ctx: HallContext, s: SectionLine, count: number): Promise<boolean> {
  const { state } = ctx;
  if (!ctx.canAct || count < 1 || state.busy[busyKey(s)]) return false;
  const problem = sectionCountProblem(ctx, s, count);
  if (problem) {
    showAlert(state, problem);
    return false;
  }
  const input = {
    count,
    performanceId: ctx.performanceId,
    sectionId: s.sectionId,
    taxId: s.tariffId,
    ticketPrice: s.price,
    sectionName: s.sectionName,
    fundId: s.fundId,
  };
  const answer = await callMarked<EntranceAnswer>(state, [busyKey(s)], () =>
    s.seatlessSection ? ctx.api.entranceAdd(input) : ctx.api.futureAdd(input),
  );
  if (!succeeded(answer)) {
    reportFailure(ctx, answer, MSG.entranceAddError, () => addSectionTickets(ctx, s, count));
    return false;
  }
  moveTickets(ctx, s, count);
  applyBasket(ctx, answer, count);
  emit(ctx.events, 'ticket-selected', sectionDetail(ctx, s, count));
  announce(state, ANNOUNCE.entranceAdded(s.sectionName, count));
  return true;
}

/** Takes `count` tickets of a section line out (at most what is held). */
export async function removeSectionTickets(ctx: HallContext, s: SectionLine, count = 1): Promise<boolean> {
  const { state } = ctx;
  const held = sectionHeld(ctx, s);
  if (!ctx.canAct || held < 1 || state.busy[busyKey(s)]) return false;
  const n = Math.min(count, held);
  const input = { performanceId: ctx.performanceId, sectionId: s.sectionId, ticketPrice: s.price, count: n };
  const answer = await callMarked<EntranceAnswer>(state, [busyKey(s)], () =>
    s.seatlessSection ? ctx.api.entranceRemove(input) : ctx.api.futureRemove(input),
  );
  if (!succeeded(answer)) {
    reportFailure(ctx, answer, MSG.ticketRemoveFailed, () => removeSectionTickets(ctx, s, count));
    return false;
  }
  moveTickets(ctx, s, -n);
  applyBasket(ctx, answer, -n);
  emit(ctx.events, 'ticket-deselected', sectionDetail(ctx, s, n));
  announce(state, ANNOUNCE.entranceRemoved(s.sectionName, n));
  return true;
}

/** Counts `delta` tickets into (or out of) the basket; removed entrance tickets cap their gifts (5.2). */
function moveTickets(ctx: HallContext, s: SectionLine, delta: number): void {
  const { state } = ctx;
  const picks = hallPicks(state);
  const id = s.sectionId;
  if (!s.seatlessSection) {
    const key = sectionLineKey(s);
    const next = (picks.future[key] ?? 0) + delta;
    if (next > 0) picks.future[key] = next;
    else delete picks.future[key];
    return;
  }
  const next = (state.entrance[id] ?? 0) + delta;
  if (next > 0) state.entrance[id] = next;
  else delete state.entrance[id];
  state.entranceFree[id] = Math.max(0, sectionFree(ctx, s) - delta);
  const gifts = picks.entranceGifts[id];
  if (delta < 0 && gifts !== undefined) {
    const max = ctx.gifts?.maxPerTicket ?? 0;
    let section = { ticketsCount: next - delta, giftsCount: gifts };
    for (let i = 0; i < -delta; i++) section = removeEntranceTicket(section, max);
    if (section.giftsCount > 0) picks.entranceGifts[id] = section.giftsCount;
    else delete picks.entranceGifts[id];
  }
}

function sectionDetail(ctx: HallContext, s: SectionLine, count: number): TicketEventDetail {
  return {
    kind: 'entrance',
    performanceId: ctx.performanceId,
    sectionId: s.sectionId,
    sectionName: s.sectionName,
    count,
    price: toKopecks(s.price),
  };
}

/** The plan's entrance tooltip: tickets of the entrance section `sectionId` (the map's line). */
export function addEntranceTickets(ctx: HallContext, sectionId: number, count: number): Promise<boolean> {
  const s = ctx.data.sections.get(sectionId);
  if (!s?.seatlessSection) return Promise.resolve(false);
  return addSectionTickets(ctx, s, count);
}

export function removeEntranceTickets(ctx: HallContext, sectionId: number, count = 1): Promise<boolean> {
  const s = ctx.data.sections.get(sectionId);
  if (!s?.seatlessSection) return Promise.resolve(false);
  return removeSectionTickets(ctx, s, count);
}
