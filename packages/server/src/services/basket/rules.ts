import { ErrorCode, messages } from '@partera/contract';

/**
 * Refusals of basket changes, each with the spec's code and message (hall-basket-checkout.md 8.1,
 * 8.2, from the contract's catalogue). The basket's database functions name the refusal
 * (routines.ts) and write nothing of a refused change; selection.ts answers with the entry here.
 */
/**
 * A sale with phone_check 'session' takes holds from a buyer whose phone was checked by an SMS
 * code in the same session within this many minutes (a reseller's script cannot reuse an old
 * confirmation).
 */
export const PHONE_CHECK_FRESH_MINUTES = 180;

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
  /**
   * A sale that asks for a checked phone (performances.phone_check): 440 opens the login form,
   * 212 the add-phone dialog, 216 and 631 the PIN sent to the account's phone; each retries the
   * selection afterwards.
   */
  loginRequired: { code: ErrorCode.loginRequired, message: messages.loginRequired },
  noPhone: { code: ErrorCode.noPhone, message: messages.noPhoneOnAccount },
  phoneNotConfirmed: { code: ErrorCode.phoneNotConfirmed, message: messages.phoneConfirmToBuy },
  phoneCheckRequired: { code: ErrorCode.phoneConfirmationRequired, message: messages.phoneCheckToBuy },
  /**
   * Gifts (gifts.ts, spec 5.2): more gifts than one ticket may take ('На один билет можно выбрать
   * не более {n} подарка/подарков', n the ticket's bound); a ticket that takes none (the seat has
   * no gifts, or the performance's maximum is 0); more than the performance's stock has left; a
   * ticket the buyer does not hold.
   */
  giftLimit: (limit: number) => plain(messages.giftLimitExceeded(limit)),
  giftsNotOffered: plain(messages.giftsNotOffered),
  giftsSoldOut: (left: number) => plain(messages.giftsLeft(left)),
  giftTicketMissing: plain(messages.giftTicketMissing),
  /** Package mode (packages.ts, spec 2.2): a performance not in the package; more than its N tickets. */
  packageForeign: plain(messages.packageForeign),
  packageLimit: (limit: number) => plain(messages.packageLimit(limit)),
  /** 622: adding new items to the basket is disabled (sale closed, performance started). */
  saleClosed: { code: ErrorCode.addingDisabled, message: messages.saleClosed },
  /**
   * The booking-only basket (booking.ts): 623 when a booking meets tickets to pay (the dialog's
   * 'Очистить корзину' resets with isBooking=1, keeping the bookings), 624 the other way round
   * (isBooking=0).
   */
  bookingAmongPurchases: { code: ErrorCode.basketConflictResetBooking, message: messages.bookingAmongPurchases },
  purchaseAmongBookings: { code: ErrorCode.basketConflictResetNotBooking, message: messages.purchaseAmongBookings },
  /** The exclusive form named a seat that has no exclusive pair. */
  notExclusive: plain(messages.notExclusivePlace),
  /** Best available found no run of that many adjacent seats (best-available.ts). */
  noAdjacentSeats: (count: number) => plain(messages.bestSeatsNotFound(count)),
  /** A group call whose path names another session than the caller's (spec 7.2 selectGroup/{sessionId}). */
  foreignSession: plain(messages.sessionOutdated),
};
