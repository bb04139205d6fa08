/**
 * Gifts with tickets (spec 2.1, 3.7, 5.2, 7.2, 8.2): a held seat's ticket takes up to
 * maxGiftCountPerTicket gifts (0 hides gifts), and no more than the seat has available; an
 * entrance section's tickets take up to that maximum times their count. Each change sets the
 * new count through /hallPlace/selectGifts/ (seat form {placeId} or entrance form {sectionId}).
 */
import { giftChoiceLabel, oldMapGiftChoices } from '@partera/contract';
import { selectPlace } from './hall-actions.js';
import {
  announce,
  applyBasket,
  callMarked,
  type HallContext,
  reportFailure,
  showAlert,
  succeeded,
} from './hall-context.js';
import type { MapPlace } from './hall-store.js';
import { hallPicks } from './picks.js';
import { MSG, placeLabel, toKopecks } from './spec.js';
import { heldTariff } from './tariffs.js';

/** The performance's gift maximum per ticket; 0 when gifts are off. */
export function giftMax(ctx: Pick<HallContext, 'gifts'>): number {
  return Math.max(0, ctx.gifts?.maxPerTicket ?? 0);
}

/** How many gifts the seat's ticket can take: the maximum, capped by the seat's available gifts. */
export function placeGiftBound(
  ctx: Pick<HallContext, 'gifts'>,
  p: Pick<MapPlace, 'hasgifts' | 'availableGifts'>,
): number {
  return p.hasgifts ? Math.min(giftMax(ctx), Math.max(0, p.availableGifts)) : 0;
}

/** The older map's choice 'Без подарка', '1 подарок' … '5 подарков', within the seat's bound. */
export function giftChoices(ctx: Pick<HallContext, 'gifts'>, p: Pick<MapPlace, 'hasgifts' | 'availableGifts'>) {
  return oldMapGiftChoices(placeGiftBound(ctx, p)).map((n) => ({ value: n, label: giftChoiceLabel(n) }));
}

/** Price of one gift, kopecks: what the last answer said, else the page's giftPrice. */
export function giftUnitPrice(ctx: Pick<HallContext, 'gifts' | 'state'>): number {
  return hallPicks(ctx.state).giftPrice ?? ctx.gifts?.price ?? 0;
}

/** A held seat's ticket with its gifts, kopecks: the held tariff's price plus the gifts. */
export function placeTotal(ctx: Pick<HallContext, 'gifts' | 'state'>, p: MapPlace): number {
  const picks = hallPicks(ctx.state);
  const ticket = heldTariff(picks, p)?.price ?? toKopecks(p.price);
  return ticket + (picks.gifts[p.id] ?? 0) * giftUnitPrice(ctx);
}

/** Why the count cannot go to `next` (5.2 gift_limit_exceeded), or null. `bound` caps it silently. */
function giftProblem(ctx: HallContext, next: number, perTicketBound: number): string | null {
  const max = giftMax(ctx);
  if (next > perTicketBound && perTicketBound >= max) return MSG.giftLimitExceeded(max);
  return null;
}

async function setGifts(
  ctx: HallContext,
  target: { placeId: number } | { sectionId: number },
  count: number,
  done: (count: number) => void,
  label: string,
  retry: () => Promise<unknown>,
): Promise<boolean> {
  const key = 'placeId' in target ? `g:${target.placeId}` : `g:s:${target.sectionId}`;
  if (ctx.state.busy[key]) return false;
  const answer = await callMarked(ctx.state, [key], () => ctx.api.selectGifts(ctx.performanceId, target, count));
  if (!succeeded(answer)) {
    reportFailure(ctx, answer, MSG.giftAddError, retry);
    return false;
  }
  done(count);
  applyBasket(ctx, answer, 0);
  announce(ctx.state, `${label}: ${giftChoiceLabel(count).toLowerCase()}.`);
  return true;
}

/** Sets the gifts of a held seat's ticket to `count`. */
export async function setPlaceGifts(ctx: HallContext, placeId: number, count: number): Promise<boolean> {
  const p = ctx.data.places.get(placeId);
  if (!ctx.canAct || !p || !ctx.state.selected[placeId] || count < 0) return false;
  const bound = placeGiftBound(ctx, p);
  const problem = giftProblem(ctx, count, bound);
  if (problem) showAlert(ctx.state, problem);
  if (problem || count > bound) return false;
  const picks = hallPicks(ctx.state);
  const done = (n: number) => {
    if (n > 0) picks.gifts[placeId] = n;
    else delete picks.gifts[placeId];
  };
  return setGifts(ctx, { placeId }, count, done, placeLabel(p), () => setPlaceGifts(ctx, placeId, count));
}

/** Sets the gifts of an entrance section's tickets: at most the maximum × its tickets (5.2). */
export async function setEntranceGifts(ctx: HallContext, sectionId: number, count: number): Promise<boolean> {
  const s = ctx.data.sections.get(sectionId);
  const tickets = ctx.state.entrance[sectionId] ?? 0;
  if (!ctx.canAct || !s || tickets < 1 || count < 0) return false;
  const max = giftMax(ctx);
  if (count > max * tickets) {
    showAlert(ctx.state, MSG.giftLimitExceeded(max));
    return false;
  }
  const picks = hallPicks(ctx.state);
  const done = (n: number) => {
    if (n > 0) picks.entranceGifts[sectionId] = n;
    else delete picks.entranceGifts[sectionId];
  };
  return setGifts(ctx, { sectionId }, count, done, s.sectionName, () => setEntranceGifts(ctx, sectionId, count));
}

/** The older map's flow: a seat chosen with its tariff and gift count goes in, then gets its gifts. */
export async function selectPlaceWithGifts(
  ctx: HallContext,
  placeId: number,
  tax: number | undefined,
  gifts: number,
): Promise<boolean> {
  if (!(await selectPlace(ctx, placeId, tax))) return false;
  return gifts > 0 ? setPlaceGifts(ctx, placeId, gifts) : true;
}
