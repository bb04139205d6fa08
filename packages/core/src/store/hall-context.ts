/**
 * The context every hall action works in, and the steps they share: the local limit counts, one
 * call with the spec's server-failure fallback, a successful answer applied to the counters, a
 * failed one reported (8.1), the aria-live announcement.
 */
import { DEFAULT_MAX_GIFT_COUNT_PER_TICKET, type HallPageConfig, hallIsClickable } from '@partera/contract';
import type { HallApi, SelectionAnswer } from '../api/hall.js';
import { HttpError } from '../api/http.js';
import { admitted, LEFT_QUEUE, refusalMessage } from './admission-queue.js';
import { emit } from './events.js';
import type { HallData, HallState } from './hall-store.js';
import { type PackageSettings, packageSeatsDisabled, packageSettings } from './package-flow.js';
import { futureTotal, hallPicks } from './picks.js';
import { ANNOUNCE, type BasketCounts, checkPlaceAdd, MSG, seatErrorAction, toKopecks } from './spec.js';

export interface HallLimits {
  /** maxTicketCount of the page (3.1, default 8). */
  maxTicketCount: number;
  /** 3.5: tickets of other performances already in the basket. */
  ticketInBasketOfOtherPerformances: number;
}

export interface GiftSettings {
  /** maxGiftCountPerTicket (3.1, 3.5; default 5, 0 hides gifts). */
  maxPerTicket: number;
  /** Price of one gift, kopecks (3.1 giftPrice). */
  price: number;
}

export interface HallContext {
  state: HallState;
  /** `pairs` (place id → its exclusive counterpart, 4.1) when the map names them. */
  data: HallData & { readonly pairs?: ReadonlyMap<number, number> };
  api: HallApi;
  performanceId: number;
  /** allowReserve || allowPay: otherwise seats and basket handlers do nothing (4.1). */
  canAct: boolean;
  limits: HallLimits;
  /** Gifts per ticket; absent or a maximum of 0: no gifts are offered. */
  gifts?: GiftSettings;
  /** Package mode (2.2, 4.3). */
  package?: PackageSettings;
  /** The mount element: where the signals are dispatched. */
  events?: EventTarget | null;
  /** After the only-booking reset the page reloads (4.4); hosts and tests may replace it. */
  reload?: () => void;
}

/** The parts of a HallContext the page configuration decides (3.1); `search` is the page's query. */
export function hallSettings(
  config: HallPageConfig,
  search = '',
): Pick<HallContext, 'performanceId' | 'canAct' | 'limits' | 'gifts' | 'package'> {
  return {
    performanceId: config.performanceId,
    canAct: hallIsClickable(config),
    limits: {
      maxTicketCount: config.maxTicketCount,
      ticketInBasketOfOtherPerformances: config.ticketInBasketOfOtherPerformances ?? 0,
    },
    gifts: {
      maxPerTicket: config.maxGiftCountPerTicket ?? DEFAULT_MAX_GIFT_COUNT_PER_TICKET,
      price: toKopecks(config.giftPrice ?? 0),
    },
    package: packageSettings(config, search),
  };
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

export function succeeded(answer: SelectionAnswer): boolean {
  return (answer.result === 1 || answer.result === true) && !answer.error;
}

/**
 * Runs one call with `keys` (seat codes, 's:{sectionId}', …) marked busy meanwhile, waiting its
 * turn while the admission gate queues it (admission-queue.ts). A refusal over a rate limit reads
 * as its message; a network or server failure, or an answer that does not fit the contract, as
 * the spec's server error.
 */
export async function callMarked<A extends SelectionAnswer>(
  state: HallState,
  keys: readonly string[],
  call: () => Promise<A>,
): Promise<A | SelectionAnswer> {
  for (const key of keys) state.busy[key] = true;
  try {
    return await admitted(state, call);
  } catch (error) {
    const refused = error instanceof HttpError && error.status === 429 && refusalMessage(error.body);
    return refused ? { result: 0, error: 429, message: refused } : { result: 0, message: MSG.serverError };
  } finally {
    for (const key of keys) delete state.busy[key];
  }
}

/** Counters of a successful answer (absent fields keep their value), then the basket-state signal. */
export function applyBasket(ctx: HallContext, answer: SelectionAnswer, ticketDelta: number): void {
  const { state } = ctx;
  state.ticketCount = answer.ticketCount ?? Math.max(0, state.ticketCount + ticketDelta);
  if (answer.basketPrice !== undefined) state.basketPrice = toKopecks(answer.basketPrice);
  if (answer.cannotCreateOrder !== undefined) state.cannotCreateOrder = answer.cannotCreateOrder;
  if (answer.cannotCreateOrderCause !== undefined) state.cannotCreateOrderCause = answer.cannotCreateOrderCause;
  if (answer.giftPrice !== undefined) hallPicks(state).giftPrice = toKopecks(answer.giftPrice);
  emit(ctx.events, 'basket-state', {
    ticketCount: state.ticketCount,
    basketPrice: state.basketPrice,
    cannotCreateOrder: state.cannotCreateOrder,
    cannotCreateOrderCause: state.cannotCreateOrderCause,
  });
}

/**
 * A failed seat, gift or entrance answer (8.1): the codes the host acts on are signalled, the
 * only-booking conflict (623/624) opens the dialog, anything else shows the server's message,
 * or `fallback` when it has none.
 */
export function reportFailure(
  ctx: HallContext,
  answer: SelectionAnswer,
  fallback: string,
  retry: () => Promise<unknown>,
): void {
  // The buyer left the admission queue: nothing failed.
  if (answer === LEFT_QUEUE) return;
  const code = answer.error ?? 0;
  const message = answer.message?.trim() || fallback;
  const action = seatErrorAction(code);
  if (action.kind === 'resetBasket') {
    showAlert(ctx.state, message, action.isBooking);
    return;
  }
  showAlert(ctx.state, message);
  const again = async () => {
    await retry();
  };
  if (action.kind === 'login') emit(ctx.events, 'login-required', { code, message, retry: again });
  else if (action.kind === 'confirmPhone') {
    emit(ctx.events, 'phone-confirmation-required', { code, message, retry: again });
  }
}

/** The change in words and what the basket now holds, for the aria-live region. */
export function announce(state: HallState, text: string): void {
  state.announcement = `${text} ${ANNOUNCE.inBasket(state.ticketCount)}`;
}

/**
 * What this performance's basket holds, for the 5.1 limits: places (the list view's tickets
 * without a chosen seat count as places) and entrance tickets by section.
 */
export function basketCounts(state: HallState): BasketCounts {
  return { places: Object.keys(state.selected).length + futureTotal(hallPicks(state)), entrance: state.entrance };
}

/**
 * Tickets of this performance in the basket: seats, entrance tickets and list-view tickets. Takes
 * the parts, so a view can pass its snapshots (and re-render when they change).
 */
export function countTickets(
  selected: Readonly<Record<string, unknown>>,
  entrance: Readonly<Record<string, number>>,
  future: Readonly<Record<string, number>>,
): number {
  let n = Object.keys(selected).length;
  for (const held of Object.values(entrance)) n += held;
  for (const held of Object.values(future)) n += held;
  return n;
}

export function performanceTicketCount(state: HallState): number {
  return countTickets(state.selected, state.entrance, hallPicks(state).future);
}

/** In package mode, why `adding` more tickets would pass the performance's count (4.1), or null. */
export function packageProblem(ctx: Pick<HallContext, 'package' | 'state'>, adding: number): string | null {
  const pkg = ctx.package;
  if (!pkg || !packageSeatsDisabled(pkg, performanceTicketCount(ctx.state) + adding - 1)) return null;
  return MSG.basketLimitExceeded(pkg.ticketsInPerformanceCount);
}

/** Why `adding` more seat tickets cannot go into the basket (the package's count, 5.1), or null. */
export function addingProblem(ctx: HallContext, adding: number): string | null {
  const check = checkPlaceAdd(basketCounts(ctx.state), adding, ctx.limits);
  return packageProblem(ctx, adding) ?? (check.ok ? null : check.message);
}
