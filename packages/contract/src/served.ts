/**
 * The calls our server answers today, by id. A call is listed here only when the server answers
 * it for real (its own data and rules, no fixed answer); the rest of the contract describes calls
 * of the specification still to be built. docs/api.md shows the mark, a server test checks that
 * this list is exactly what the server registers, and a core test that every call the widgets
 * make is in it. The development calls are answered only by a server with development tools on.
 */
export const SERVED_CALL_IDS: ReadonlySet<string> = new Set([
  // Hall map, seats, entrance tickets
  'hall.map',
  'hall.layout',
  'hall.svg',
  'hall.seatView',
  'hall.placeSelect',
  'hall.placeDeselect',
  'hall.placeDeselectAll',
  'hall.entranceTicketsAdd',
  'hall.entranceTicketsRemove',
  'hall.placeSelectGifts',
  // Seat sets, best available, future tickets (decision 0026)
  'hall.placeSelectGroup',
  'hall.placeDeselectGroup',
  'hall.placeSelectExclusive',
  'hall.bestAvailable',
  'hall.bestPlaceCheck',
  'hall.futureTicketAdd',
  'hall.futureTicketRemove',
  // Basket
  'basket.state',
  'basket.resetExclude',
  'basket.registrationValidateField',
  'basket.packagesDeselect',
  'basket.applyPromo',
  'basket.applyGiftCardNoLimits',
  'basket.applyGiftCard',
  'basket.applyCashback',
  'orders.giftCardFullProceed',
  // Orders and payment
  'orders.createAnonymousOrder',
  'orders.createSessionOrder',
  'orders.create',
  'orders.addDelivery',
  'orders.anonymousSessionPay',
  'basket.loadMetroList',
  'basket.getTickets',
  'payment.session',
  'payment.state',
  'payment.callback',
  'payment.notifyMts',
  'payment.partnerPayOrder',
  'payment.sandboxBankPage',
  'payment.sandboxBankPay',
  'payment.sandboxBank3ds',
  'payment.sbp',
  'payment.sandboxBankSbp',
  'payment.sandboxBankSbpPay',
  'payment.sandboxBankAcs',
  'payment.googlePayProceed',
  'payment.applePayProceed',
  'payment.applePaySession',
  'embedding.bartelloAuth',
  // E-tickets
  'tickets.orderPdf',
  'tickets.ticketPdf',
  // Completion and embedding
  'embedding.iframeConfig',
  'embedding.iframeSession',
  'embedding.widgetHall',
  'embedding.widgetPerformances',
  'embedding.widgetSession',
  // Phone and e-mail confirmation
  'phone.emailValidate',
  'phone.emailCodeSend',
  'phone.emailCodeCheck',
  'phone.validate',
  'phone.validateReg',
  'phone.codeSend',
  'phone.codeCheck',
  'phone.pinSend',
  'phone.pinSendBonus',
  'phone.pinCheckBonus',
  'phone.getMasks',
  'phone.getCountryCodes',
  // Service calls and browsing
  'service.uiPerformanceLog',
  'service.getPopup',
  'service.userDebugInfo',
  'service.statSeoLog',
  'browsing.posterSvg',
  // Login, registration and the personal account
  'account.loginAjax',
  'account.loginForm',
  'account.registrationSubmit',
  'account.logout',
  'account.restoreRequest',
  'account.restoreConfirm',
  'account.oauthStart',
  'account.oauthCallback',
  'account.oauthComplete',
  'account.profile',
  'account.edit',
  'account.passwordChange',
  'account.exportData',
  'account.delete',
  'account.deleteCode',
  // The wishlist, notify-on-sale requests and the rating vote
  'browsing.bookmarkAdd',
  'browsing.bookmarkRemove',
  'browsing.bookmarkUpdate',
  'browsing.showClientRequest',
  'browsing.ratingVote',
  // The show page's tabs and social proof (decision 0039)
  'browsing.showInfo',
  'browsing.showInfoReviews',
  'browsing.ogImagePng',
  'browsing.showAjax',
  // Search (decision 0037)
  'browsing.searchAutocomplete',
  'browsing.searchAutocompleteMore',
  'browsing.searchPerformanceCount',
  'browsing.searchPlaceCount',
  'browsing.searchPersonCount',
  // Recommendations (issue 13, T5)
  'browsing.recommendationsCheck',
  'browsing.recommendationsLoadShows',
  'browsing.recommendationsLoadGenres',
  // Maps: the box offices and the search's venue map (decision 0041)
  'browsing.boxOfficePoints',
  'browsing.searchMapData',
  // Main page and promo banners (issue 13, T1; decision 0038)
  'browsing.promoBanners',
  'browsing.showPopular',
  'browsing.showReviews',
  'browsing.showSocialCounters',
  'browsing.siteEvent',
  // Schedule, the list widgets and the per-city landing (issue 13, T3; decision 0040)
  'browsing.scheduleRows',
  'browsing.showsList',
  'browsing.buildingsList',
  // Reviews
  'account.reviewForm',
  'account.reviewAdd',
  'account.reviewsPage',
  'account.markAsViewed',
  'account.getReviewInfo',
  // Bonus points, gifts, promo codes, promotions, the loyalty card and surveys
  'account.promotionsActualize',
  'account.promotionsList',
  'account.loadBonusPage',
  'account.selectGift',
  'account.promocode',
  'account.saveCard',
  'account.processSurvey',
  'account.loyaltySignup',
  // Refunds (replace and reschedule), per-order delivery and the cashback tab
  'account.replaces',
  'account.refundQuote',
  'account.refundReplaces',
  'account.mtsCashback',
  'account.addDelivery',
  'account.delDelivery',
  // Development pages and controls
  'development.clock',
  'development.clockAdvance',
  'development.outbox',
  'development.outboxAttachment',
  'development.outboxMessage',
]);

/** Whether our server answers the call (see SERVED_CALL_IDS). */
export function isServed(call: { id: string }): boolean {
  return SERVED_CALL_IDS.has(call.id);
}
