/** Public entry of the server package: the app, its configuration, the database and the services the site reads. */

export type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  LightMyRequestResponse,
} from 'fastify';
export { deliveriesOf, type MetroStation, type OrderDelivery } from './accounts/deliveries.js';
export {
  type Account,
  type AccountOrder,
  type AccountOrderItem,
  type AccountOrderPerformance,
  type AccountOrdersOptions,
  type AccountOrdersPage,
  type AccountOrderTicket,
  accountOfSession,
  type Completion,
  completionOf,
  listAccountOrders,
  ORDER_STATUS_TEXT,
  oauthButtons,
  type PersonalDataConsent,
  PIN_RULES,
  personalDataConsentOf,
} from './accounts/index.js';
export { LOYALTY_GROUPS } from './accounts/loyalty.js';
export { promotionDetail } from './accounts/promotions.js';
export { reviewablePerformances } from './accounts/reviews.js';
export { isBookmarked, listWishlist, type WishlistShow } from './accounts/wishlist.js';
export { AdmissionGate, admissionGateOf, queueMessage, type Verdict } from './admission/index.js';
export { type AppDeps, type BuildOptions, buildApp } from './app.js';
export { type Clock, ManualClock, systemClock } from './clock.js';
export { type RunOptions, runServer } from './cluster.js';
export { ConfigError, loadConfig, type ServerConfig } from './config.js';
export {
  type Database,
  migrate,
  openDatabase,
  openMigratedDatabase,
  type Queryable,
  type Transaction,
} from './db/index.js';
export type { ServerDeps } from './deps.js';
// the regional site of a request, geo-IP, recommendations.
export * from './geo/index.js';
export {
  type Encoding,
  entityTag,
  notModified,
  pickEncoding,
  SharedBody,
} from './http/compression.js';
export { errorAnswer } from './http/errors.js';
export { normalizeLangPrefix, prefixHtml, withLangPrefix } from './http/lang-prefix.js';
export { CSRF_PARAM, SESSION_PARAM } from './http/names.js';
export { safeReturnPath } from './http/return-path.js';
export { contentSecurityPolicy, cspNonce } from './http/security-headers.js';
export { ogImagePath } from './media/og-image.js';
export {
  deliverPending,
  developmentSender,
  enqueue,
  type MessageSender,
  type MessageSenders,
  type OutboxMessage,
  startOutboxWorker,
} from './notifications/outbox.js';
export { type BuyerOrder, findBuyerOrder } from './payments/buyer-order.js';
export type { PaymentEvent, PaymentProvider, PaymentStart } from './payments/provider.js';
export { walletConfigOf } from './payments/wallets/config.js';
export { type PromotionViewPage, servePromotionViewPage } from './routes/bonus.js';
// the schedule, the list widgets, the genre page and the per-city landing.
export { type SchedulePageHandler, serveSchedulePage } from './routes/lists.js';
export { type DemoLoader, type RunningServer, startServer } from './runtime.js';
export { getBasketState } from './services/basket/index.js';
export {
  type BoxOffice,
  type BoxOfficeDirectory,
  type BoxOfficeFilter,
  boxOfficesOf,
  type Named,
  ONLINE_POINT_LABEL,
  toBoxOfficePoint,
} from './services/catalogue/box-offices.js';
export * from './services/catalogue/index.js';
export * from './services/catalogue/lists.js';
export * from './services/catalogue/lists-html.js';
export { notifyOnSale, type OnSaleNotifyDeps, type OnSaleNotifyResult } from './services/catalogue/on-sale-notify.js';
// The person and organizer pages.
export * from './services/catalogue/organizer.js';
export * from './services/catalogue/person.js';
export { PEOPLE_PAGE_SHOW_LIMIT } from './services/catalogue/person-cards.js';
// the main page's popular grid (the same cards as GET /show/jsGetPopular/).
export { POPULAR_MAX_OFFSET, popularPageOf } from './services/catalogue/popular.js';
export { type FragmentSession, popularFragment } from './services/catalogue/popular-html.js';
export { scoreOfVoter, voterKeyOf } from './services/catalogue/rating-vote.js';
export {
  countRecommendations,
  listRecommendations,
  RECOMMENDATIONS_PAGE_SIZE,
  type RecommendationQuery,
  type RecommendedGenre,
  recommendedGenres,
} from './services/catalogue/recommendations.js';
export { recommendationCardsHtml, recommendationGenresHtml } from './services/catalogue/recommendations-html.js';
export * from './services/catalogue/schedule.js';
export * from './services/catalogue/schedule-address.js';
export {
  initials,
  loadShowReviews,
  type ShowReview,
  type ShowReviews,
  type ShowTab,
  showTabHtml,
} from './services/catalogue/show-tabs.js';
export { basketStateWithCheckout } from './services/checkout/state.js';
export {
  createPartnerOriginsCache,
  type FramedSession,
  findFramedSession,
  findPartnerByHash,
  listPartners,
  PARTNER_HASH,
  type Partner,
  type PartnerOriginsCache,
  registerPartner,
} from './services/partners/index.js';
export * from './services/search/index.js';
export { type CompletionTicket, getOrderCompletion, type OrderCompletion } from './tickets/completion.js';
export { formatOrderNumber } from './tickets/format.js';
