import { type BasketState, type CheckoutState, kopecksToRoubles, type SelectionAnswer } from '@partera/contract';
import type { BasketContents } from './contents.js';
import type { SelectionOutcome } from './selection.js';

export function performanceUrl(performanceId: number): string {
  return `/performance/${performanceId}/`;
}

function cannotCreateOrder(cause: string | null | undefined): {
  cannotCreateOrder: boolean;
  cannotCreateOrderCause: string;
} {
  return { cannotCreateOrder: Boolean(cause), cannotCreateOrderCause: cause ?? '' };
}

/**
 * The spec's selection answer (3.7) for a basket change. basketPrice is the tickets with their
 * gifts, allTicketsPrice the tickets alone; giftIds names each held seat's gifts (its cypher and
 * the gift's number: gifts are counted, not ticketed one by one, decision 0027); giftPrice is the
 * price of one gift of the call's performance, when the call names one that is in the basket.
 */
export function selectionAnswer(outcome: SelectionOutcome, performanceId?: number): SelectionAnswer {
  const { basket } = outcome;
  const ticketHashList: Record<string, string> = {};
  const giftIds: Record<string, string[]> = {};
  for (const p of basket.places) {
    ticketHashList[String(p.placeId)] = p.cypher;
    if (p.giftsCount > 0)
      giftIds[String(p.placeId)] = Array.from({ length: p.giftsCount }, (_, i) => `${p.cypher}.${i + 1}`);
  }
  const giftPrice = performanceId === undefined ? undefined : basket.giftPrices.get(performanceId);
  const summary = {
    ticketCount: basket.ticketCount,
    basketPrice: kopecksToRoubles(basket.total),
    allTicketsPrice: kopecksToRoubles(basket.total - basket.giftTotal),
    hasBonus: false,
    fee: 0,
    ticketHashList,
    giftIds,
    ...(giftPrice !== undefined ? { giftPrice: kopecksToRoubles(giftPrice) } : {}),
    tickets: basket.entrance.map((e) => ({
      id: e.performanceSectionId,
      sectionName: e.sectionName,
      price: kopecksToRoubles(e.price),
      fee: 0,
      isEntrance: true,
    })),
    ...cannotCreateOrder(basket.cannotCreateOrderCause),
    areInBasketMoreTicketsLeft: basket.ticketCount > 0,
    ...(performanceId !== undefined ? { performanceFullUrl: performanceUrl(performanceId) } : {}),
  };
  if (!outcome.ok) return { result: 0, error: outcome.code, message: outcome.message, ...summary };
  return { result: 1, error: 0, ...summary };
}

/**
 * The basket state of decision 0001 (extension call GET /shopcart/state/), with the checkout's
 * offer when there is one (services/checkout/state.ts, decision 0032).
 */
export function basketState(
  basket: BasketContents,
  now: Date,
  userIsGuest: boolean,
  checkout?: CheckoutState,
): BasketState {
  return {
    tickets: basket.lines.map((l) => ({
      kind: l.kind,
      cypher: l.performancePlaceId === null ? null : String(l.performancePlaceId),
      performanceId: l.performanceId,
      sectionId: l.sectionId,
      showName: l.showName,
      performanceDate: l.performanceDate.toISOString(),
      buildingName: l.buildingName,
      hallName: l.hallName,
      sectionName: l.sectionName,
      row: l.row,
      place: l.place,
      count: l.count,
      price: kopecksToRoubles(l.price),
      tariffName: l.tariffName,
      giftsCount: l.giftsCount,
      giftPrice: kopecksToRoubles(l.giftPrice),
      ...(l.packageId !== null ? { packageId: l.packageId } : {}),
      ...(l.setKey !== null ? { setKey: l.setKey } : {}),
      performanceFullUrl: performanceUrl(l.performanceId),
    })),
    ticketCount: basket.ticketCount,
    basketPrice: kopecksToRoubles(basket.total),
    holdSecondsLeft: basket.heldUntil
      ? Math.max(0, Math.floor((basket.heldUntil.getTime() - now.getTime()) / 1000))
      : null,
    ...cannotCreateOrder(basket.lines.find((l) => l.cannotCreateOrderCause)?.cannotCreateOrderCause),
    userIsGuest,
    ...(checkout ? { checkout } : {}),
  };
}
