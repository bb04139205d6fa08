/**
 * THE table of rate limits: which budget each call of the contract draws on, and how large each
 * budget is. Every limit of the server is here and nowhere else.
 *
 * A budget is counted twice, per session and per client address (see client-address.ts), each in
 * fixed windows: at most `perSession` / `perClient` requests from the start of a window to its
 * end, then the counter starts again at zero. A burst across a window's edge can reach twice the
 * limit; the numbers below allow for that.
 *
 * How the numbers were chosen: a client address may stand for many buyers (a mobile carrier's
 * NAT puts hundreds of phones behind one IPv4 address, an office behind one proxy), so the
 * per-client figures are what a crowd of real buyers needs during a sale rush, and the
 * per-session figures what one buyer at the busiest needs. The abuse the limits stop is a
 * script: thousands of holds, logs or map builds a minute from one address. What one address
 * may hold is capped separately (the hold cap, services/basket/client-holds.ts); what a database
 * guard protects (double holds, double payments) stays the database's job: the limits only bound
 * the cost.
 */

const MINUTE = 60_000;

export interface Budget {
  /** Name of the counter: calls that share a budget share it. */
  name: string;
  windowMs: number;
  /** Requests one session may make in a window. */
  perSession: number;
  /** Requests one client address (IPv4 address, IPv6 /64) may make in a window. */
  perClient: number;
}

const budget = (name: string, windowMs: number, perSession: number, perClient: number): Budget => ({
  name,
  windowMs,
  perSession,
  perClient,
});

export const budgets = {
  /** Seat and ticket holds: a buyer clicks seats at most about once a second. */
  seats: budget('seats', MINUTE, 120, 1_500),
  /** The hall map (served from the per-process cache). */
  hallMap: budget('hall-map', MINUTE, 60, 1_200),
  /**
   * A hall map built for one buyer, because the buyer holds places of that performance: a full
   * build each time, so fewer (the page loads it once, and again after a change of the basket).
   */
  personalHallMap: budget('hall-map-personal', MINUTE, 20, 200),
  /**
   * A hall map asked for without compression: every browser accepts gzip, so this is a program,
   * and a stadium's map is some 27 MB on the wire each time.
   */
  uncompressedHallMap: budget('hall-map-uncompressed', MINUTE, 5, 30),
  /** Orders: a buyer places a few, retrying a failed payment. */
  orders: budget('orders', MINUTE, 10, 300),
  /** Payment sessions and partner pay flows. */
  payments: budget('payments', MINUTE, 30, 600),
  /**
   * The partner frame's handshake (embedding.iframeConfig and iframeSession), once per framed
   * page load, and the sessions handed to partner pages' widgets.
   */
  frame: budget('frame', MINUTE, 30, 1_200),
  /** Browser reports (/uiperformancelog/, SEO statistics): sent on failures only, easy to drop. */
  reports: budget('reports', MINUTE, 10, 120),
  /** Ticket PDFs: stored once built, but each answer still reads and sends a few hundred KB. */
  ticketPdfs: budget('ticket-pdfs', MINUTE, 30, 300),
  /** Other writes of a buyer: votes, reviews, bookmarks, on-sale requests, profile changes. */
  writes: budget('writes', MINUTE, 30, 600),
  /**
   * 'Скоро в продаже' requests: anyone may send them, a guest too, and each one stores an address
   * to e-mail later; a buyer sends a few, a script thousands.
   */
  onSaleRequests: budget('on-sale-requests', 60 * MINUTE, 10, 100),
  /**
   * Sending a confirmation code (phone or e-mail PIN): every one costs an SMS or an e-mail and
   * opens another 4-digit guess.
   */
  codeSends: budget('code-sends', 10 * MINUTE, 5, 100),
  /** Checking a PIN: 4 digits, so few guesses (the code's own attempt counter caps it as well). */
  codeChecks: budget('code-checks', 10 * MINUTE, 10, 200),
  /** Signing in and passwords: against password guessing. */
  logins: budget('logins', 10 * MINUTE, 10, 200),
  /** Promo codes and gift cards: against guessing their numbers. */
  promoCodes: budget('promo-codes', 10 * MINUTE, 10, 200),
  /** The buyer's copy of their data (152-ФЗ): every order and ticket of the account read at once. */
  dataExports: budget('data-exports', 10 * MINUTE, 10, 100),
} as const satisfies Record<string, Budget>;

/** A budget of failures per subject (see FailureCounter in index.ts). */
export interface SubjectBudget {
  name: string;
  windowMs: number;
  maxFailures: number;
}

export const subjectBudgets = {
  /** Wrong passwords for one login contact, from anywhere: 10 per 15 minutes. */
  loginContact: { name: 'login-contact', windowMs: 15 * MINUTE, maxFailures: 10 },
  /** Wrong PINs for one phone number or e-mail address, whatever code was sent. */
  codeTarget: { name: 'code-target', windowMs: 60 * MINUTE, maxFailures: 15 },
  /**
   * 'Скоро в продаже' requests stored for one e-mail address, from anywhere (every accepted one
   * counts): nobody fills another person's address with requests from many addresses.
   */
  onSaleRequestAddress: { name: 'on-sale-request-address', windowMs: 24 * 60 * MINUTE, maxFailures: 20 },
  /** Wrong promo codes entered in the cabinet by one account: 5 per 30 minutes. */
  promoCodeAccount: { name: 'promo-code-account', windowMs: 30 * MINUTE, maxFailures: 5 },
  /** Wrong cabinet promo codes from one client address (many buyers may share it): 30 per 30 minutes. */
  promoCodeClient: { name: 'promo-code-client', windowMs: 30 * MINUTE, maxFailures: 30 },
} as const satisfies Record<string, SubjectBudget>;

/**
 * Call id (the contract's `id`) → the budgets it draws on. A call that is not listed is not
 * limited: reads that are cheap or cached. Calls listed here that no route serves yet (the
 * account and PIN calls) are limited from the day their route is registered.
 */
export const callLimits: Readonly<Record<string, readonly Budget[]>> = {
  'hall.placeSelect': [budgets.seats],
  'hall.placeDeselect': [budgets.seats],
  'hall.placeSelectGroup': [budgets.seats],
  'hall.placeDeselectGroup': [budgets.seats],
  'hall.placeSelectExclusive': [budgets.seats],
  'hall.placeSelectGifts': [budgets.seats],
  'hall.placeDeselectAll': [budgets.seats],
  'hall.entranceTicketsAdd': [budgets.seats],
  'hall.entranceTicketsRemove': [budgets.seats],
  'hall.futureTicketAdd': [budgets.seats],
  'hall.futureTicketRemove': [budgets.seats],
  'hall.bestAvailable': [budgets.seats],
  'basket.packagesDeselect': [budgets.seats],
  'basket.resetExclude': [budgets.seats],

  'hall.map': [budgets.hallMap],
  'hall.bestPlaceCheck': [budgets.hallMap],

  'orders.create': [budgets.orders],
  'orders.addDelivery': [budgets.orders],
  'orders.createSessionOrder': [budgets.orders],
  'orders.createAnonymousOrder': [budgets.orders],
  'orders.anonymousSessionPay': [budgets.orders],
  'orders.giftCardFullProceed': [budgets.orders],

  'payment.session': [budgets.payments],
  'payment.notifyMts': [budgets.payments],
  'payment.partnerPayOrder': [budgets.payments],
  'payment.applePayProceed': [budgets.payments],
  'payment.applePaySession': [budgets.payments],
  'payment.googlePayProceed': [budgets.payments],
  'payment.sbp': [budgets.payments],

  'embedding.iframeConfig': [budgets.frame],
  'embedding.iframeSession': [budgets.frame],
  'embedding.widgetSession': [budgets.frame],
  'embedding.bartelloAuth': [budgets.frame],

  'service.uiPerformanceLog': [budgets.reports],
  'service.statSeoLog': [budgets.reports],
  'browsing.siteEvent': [budgets.reports],

  'tickets.ticketPdf': [budgets.ticketPdfs],
  'tickets.orderPdf': [budgets.ticketPdfs],

  'browsing.ratingVote': [budgets.writes],
  'browsing.showClientRequest': [budgets.writes, budgets.onSaleRequests],
  'browsing.bookmarkAdd': [budgets.writes],
  'browsing.bookmarkRemove': [budgets.writes],
  'browsing.bookmarkUpdate': [budgets.writes],
  'account.reviewAdd': [budgets.writes],
  'account.edit': [budgets.writes],
  'account.addDelivery': [budgets.writes],
  'account.delDelivery': [budgets.writes],
  // A ticket return calls the payment provider: counted with payments.
  'account.refundReplaces': [budgets.payments],
  'account.saveCard': [budgets.writes],
  'account.selectGift': [budgets.writes],
  'account.processSurvey': [budgets.writes],
  'account.loyaltySignup': [budgets.writes],
  'account.promotionsActualize': [budgets.writes],

  'phone.codeSend': [budgets.codeSends],
  'phone.pinSend': [budgets.codeSends],
  'phone.pinSendBonus': [budgets.codeSends],
  'phone.emailCodeSend': [budgets.codeSends],
  'account.restoreRequest': [budgets.codeSends],
  'account.oauthComplete': [budgets.codeSends],
  'phone.codeCheck': [budgets.codeChecks],
  'phone.pinCheckBonus': [budgets.codeChecks],
  'phone.emailCodeCheck': [budgets.codeChecks],
  'account.restoreConfirm': [budgets.codeChecks],

  'account.loginAjax': [budgets.logins],
  'account.loginForm': [budgets.logins],
  'account.registrationSubmit': [budgets.logins],
  'account.oauthStart': [budgets.logins],
  'account.oauthCallback': [budgets.logins],
  'account.passwordChange': [budgets.logins],
  'account.delete': [budgets.logins],
  'account.deleteCode': [budgets.codeSends],

  'account.exportData': [budgets.dataExports],

  'basket.applyPromo': [budgets.promoCodes],
  'basket.applyGiftCard': [budgets.promoCodes],
  'basket.applyGiftCardNoLimits': [budgets.promoCodes],
  'account.promocode': [budgets.promoCodes],
};
