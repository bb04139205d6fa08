import { ErrorCode, messages } from '@partera/contract';

/**
 * Refusals of basket changes, each with the spec's code and message (hall-basket-checkout.md 8.1,
 * 8.2, from the contract's catalogue). The basket's database functions name the refusal
 * (routines.ts) and write nothing of a refused change; selection.ts answers with the entry here.
 */
/** Code 0: a refusal the client shows as the server's message (no special handling). */
const plain = (message: string) => ({ code: 0, message });

export const selectionMessages = {
  basketLimit: (limit: number) => plain(messages.basketLimitExceeded(limit)),
  noTickets: plain(messages.noTickets),
  placeTaken: plain(messages.ticketAddFailed),
  removeFailed: plain(messages.ticketRemoveFailed),
  unknownTariff: plain(messages.tariffNotFound),
  notFound: plain(messages.placeInfoLoadError),
  /**
   * The hold cap (client-holds.ts): this address already holds as many tickets of the
   * performance as one address may. Not in the spec's catalogue; the spec's plain refusal shape.
   */
  clientHoldCap: plain(
    'С вашего адреса уже выбрано много билетов на это мероприятие. Оформите заказ или уберите билеты из корзины, чтобы выбрать другие.',
  ),
  /** 622: adding new items to the basket is disabled (sale closed, performance started). */
  saleClosed: { code: ErrorCode.addingDisabled, message: 'Продажа билетов на это мероприятие закрыта' },
};
