/**
 * What a buyer does with the seats of the hall page: put them in the basket and take them out
 * (spec 4.1, 5.1, 7.2, 8.1, 8.2). Each action checks the local rules first (limits, tariff,
 * package count), makes one call, and applies the answer to the state; the view only reads the
 * state. Sets sold together are described in place-sets.ts, entrance and list-view tickets in
 * section-tickets.ts, gifts in gift-actions.ts.
 */
import type { SelectionAnswer } from '../api/hall.js';
import { emit, type TicketEventDetail } from './events.js';
import {
  addingProblem,
  announce,
  applyBasket,
  callMarked,
  dismissAlert,
  type HallContext,
  performanceTicketCount,
  reportFailure,
  showAlert,
  succeeded,
} from './hall-context.js';
import type { MapPlace } from './hall-store.js';
import { packageSeatsDisabled } from './package-flow.js';
import { hallPicks } from './picks.js';
import { forgetSet, groupPlaces, type PlaceSet, placeSet, rememberSet } from './place-sets.js';
import { ANNOUNCE, MSG, placeLabel, toKopecks } from './spec.js';
import { tariffProblem, tariffToSend } from './tariffs.js';

export * from './hall-context.js';

/** The ticket-selected / ticket-deselected signal of a place (4.1). */
export function placeDetail(ctx: HallContext, p: MapPlace): TicketEventDetail {
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

function members(ctx: HallContext, set: PlaceSet): MapPlace[] {
  return set.ids.flatMap((id) => ctx.data.places.get(id) ?? []);
}

/**
 * The place, when the map knows it; otherwise the spec's message that the place's information
 * could not be loaded (8.2). For a plan whose hit test names a place the data lacks.
 */
export function placeInfo(ctx: HallContext, placeId: number): MapPlace | null {
  const p = ctx.data.places.get(placeId);
  if (!p) showAlert(ctx.state, MSG.placeInfoLoadError);
  return p ?? null;
}

/** Free seats are disabled: package mode with the performance's tickets taken (4.1, 4.3). */
export function seatsDisabled(ctx: Pick<HallContext, 'package' | 'state'>): boolean {
  return packageSeatsDisabled(ctx.package, performanceTicketCount(ctx.state));
}

/**
 * Puts a place in the basket, with every place sold together with it, at tariff `tax` (the
 * default one when the place has several and none was chosen). A seat code already sent and not
 * failed or deselected since is not sent again (4.1).
 */
export async function selectPlace(ctx: HallContext, placeId: number, tax?: number): Promise<boolean> {
  const { state, data } = ctx;
  const p = data.places.get(placeId);
  if (!ctx.canAct || !p || state.selected[placeId] || seatsDisabled(ctx)) return false;
  const set = placeSet(ctx, p);
  const seats = members(ctx, set);
  if (seats.some((m) => state.pending[m.cypher] || state.busy[m.cypher] || state.selected[m.id])) return false;
  const problem = tariffProblem(p, tax) ?? addingProblem(ctx, seats.length);
  if (problem) {
    showAlert(state, problem);
    return false;
  }

  const chosen = tariffToSend(p, tax);
  // Members of the set are held at the chosen tariff when they are sold at it, else at their own.
  const taxOf = (m: MapPlace) => (chosen !== undefined && String(chosen) in m.taxes ? chosen : tariffToSend(m));
  const cyphers = seats.map((m) => m.cypher);
  for (const c of cyphers) state.pending[c] = true;
  const answer = await callMarked(state, cyphers, () =>
    set.kind === 'group' || set.kind === 'pair'
      ? ctx.api.selectGroup(groupPlaces(ctx, set, taxOf))
      : ctx.api.select(p.cypher, chosen, ctx.package?.packageId),
  );
  if (!succeeded(answer)) {
    for (const c of cyphers) delete state.pending[c];
    const fallback = answer.error ? MSG.ticketAddFailed : MSG.addToBasketError;
    reportFailure(ctx, answer, fallback, () => selectPlace(ctx, placeId, tax));
    return false;
  }
  const held = heldPlaces(ctx, seats, answer);
  const picks = hallPicks(state);
  for (const m of held) {
    const t = taxOf(m);
    if (t !== undefined) picks.tariffs[m.id] = t;
  }
  rememberSet(
    ctx,
    held.map((m) => m.id),
  );
  holdPlaces(ctx, held, answer);
  return true;
}

/**
 * Places the server now holds for the buyer become theirs: selected, their codes not sent again
 * until deselected (4.1); then the counters, the ticket-selected signals and the announcement.
 */
export function holdPlaces(ctx: HallContext, held: readonly MapPlace[], answer: SelectionAnswer): void {
  for (const m of held) {
    ctx.state.selected[m.id] = true;
    ctx.state.pending[m.cypher] = true;
  }
  applyBasket(ctx, answer, held.length);
  for (const m of held) emit(ctx.events, 'ticket-selected', placeDetail(ctx, m));
  announce(ctx.state, ANNOUNCE.placeAdded(held.map(placeLabel).join('; ')));
}

/**
 * The places of this performance the basket holds after the call, when the answer says so: its
 * ticketHashList names every place of the whole basket (place id → seat code); seat codes are
 * those of one performance, so they are what is matched.
 */
function answerHolds(ctx: HallContext, answer: SelectionAnswer): Set<number> | null {
  if (!answer.ticketHashList) return null;
  const ids = new Set<number>();
  for (const cypher of Object.values(answer.ticketHashList)) {
    const id = ctx.data.byCypher.get(cypher);
    if (id !== undefined) ids.add(id);
  }
  return ids;
}

/** The places a select made the buyer's: those sent, and any other the server held with them (a set it expanded). */
export function heldPlaces(ctx: HallContext, sent: readonly MapPlace[], answer: SelectionAnswer): MapPlace[] {
  const held = new Map(sent.map((m) => [m.id, m]));
  for (const id of answerHolds(ctx, answer) ?? []) {
    const m = ctx.data.places.get(id);
    if (m && !ctx.state.selected[id]) held.set(id, m);
  }
  return [...held.values()];
}

/** The places a deselect let go: those sent, and any other of the buyer's the basket no longer holds. */
function releasedPlaces(ctx: HallContext, sent: readonly MapPlace[], answer: SelectionAnswer): MapPlace[] {
  const released = new Map(sent.map((m) => [m.id, m]));
  const holds = answerHolds(ctx, answer);
  if (holds) {
    for (const key of Object.keys(ctx.state.selected)) {
      const m = ctx.data.places.get(Number(key));
      if (m && !holds.has(m.id)) released.set(m.id, m);
    }
  }
  return [...released.values()];
}

/** Takes a place out of the basket, with every place held together with it. */
export async function deselectPlace(ctx: HallContext, placeId: number): Promise<boolean> {
  const { state, data } = ctx;
  const p = data.places.get(placeId);
  if (!ctx.canAct || !p || !state.selected[placeId]) return false;
  const set = placeSet(ctx, p);
  const seats = members(ctx, set);
  if (seats.some((m) => state.busy[m.cypher])) return false;
  const answer = await callMarked(
    state,
    seats.map((m) => m.cypher),
    () =>
      set.kind === 'group' || set.kind === 'pair'
        ? ctx.api.deselectGroup(groupPlaces(ctx, set, () => undefined))
        : ctx.api.deselect(p.cypher),
  );
  if (!succeeded(answer)) {
    reportFailure(ctx, answer, MSG.ticketRemoveFailed, () => deselectPlace(ctx, placeId));
    return false;
  }
  const released = releasedPlaces(ctx, seats, answer);
  const picks = hallPicks(state);
  for (const m of released) {
    delete state.selected[m.id];
    delete state.pending[m.cypher];
    delete picks.tariffs[m.id];
    delete picks.gifts[m.id];
  }
  forgetSet(
    ctx,
    released.map((m) => m.id),
  );
  applyBasket(ctx, answer, -released.length);
  for (const m of released) emit(ctx.events, 'ticket-deselected', placeDetail(ctx, m));
  announce(state, ANNOUNCE.placeRemoved(released.map(placeLabel).join('; ')));
  return true;
}

/** A click on a place: a free one goes into the basket, one of the buyer's comes out (4.1). */
export function togglePlace(ctx: HallContext, placeId: number, tax?: number): Promise<boolean> {
  return ctx.state.selected[placeId] ? deselectPlace(ctx, placeId) : selectPlace(ctx, placeId, tax);
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
