export {
  LEFT_QUEUE,
  leaveQueue,
  QUEUE_RETRY_DEFAULT_S,
  type QueueTurn,
  type QueueWait,
  queueTurnOf,
} from './admission-queue.js';
export {
  BEST_AVAILABLE_MAX,
  type BestAvailableRequest,
  type BestPlacesCheck,
  checkBestPlaces,
  takeBestAvailable,
} from './best-places.js';
export { type PlanEnvironment, planSupported } from './browser-support.js';
export { resetExclude } from './checkout-calls.js';
export {
  type CheckoutDeps,
  type CheckoutFlow,
  type CheckoutNotices,
  type CheckoutState,
  type CheckoutStep,
  checkoutReady,
  checkoutStep,
  createCheckoutFlow,
  type DeliveryMethod,
  type FrameStart,
  type MobilePayment,
  type PaymentMethod,
} from './checkout-flow.js';
export {
  type CheckoutChoice,
  type CheckoutOffer,
  type ChoiceRules,
  choiceRules,
  deliveriesFor,
  fallbackOffer,
  initialChoice,
  karmaStopOn,
  offerOf,
  orderDelivery,
} from './checkout-offer.js';
export { orderUrlKind, placeCheckoutOrder } from './checkout-order.js';
export { type BonusPin, createBonusPin } from './checkout-pin.js';
export {
  type After,
  askPushkinTerms,
  PUSHKIN_TERMS_NO_ANSWER,
  PUSHKIN_TERMS_WAIT_MS,
} from './checkout-terms.js';
export {
  type CodesController,
  createCodes,
  giftCardApplicable,
  promoApplicable,
  sendGiftCard,
  sendPromo,
} from './codes.js';
export { type CourierForm, createCourierForm, fetchMetroStations } from './courier-form.js';
export type {
  ActionRequiredDetail,
  BasketStateDetail,
  HallEventMap,
  HallEventName,
  TicketEventDetail,
} from './events.js';
export {
  giftChoices,
  giftMax,
  giftUnitPrice,
  placeGiftBound,
  placeTotal,
  selectPlaceWithGifts,
  setEntranceGifts,
  setPlaceGifts,
} from './gift-actions.js';
export {
  createGuestForm,
  GUEST_FIELDS,
  type GuestContactField,
  type GuestErrors,
  type GuestFields,
  type GuestForm,
  type GuestFormState,
  type GuestVerdict,
  guestErrors,
  guestFieldsFor,
  guestValid,
} from './guest-form.js';
export {
  countTickets,
  deselectPlace,
  dismissAlert,
  type GiftSettings,
  type HallContext,
  type HallLimits,
  hallSettings,
  performanceTicketCount,
  placeInfo,
  resolveBookingConflict,
  seatsDisabled,
  selectPlace,
  showAlert,
  togglePlace,
} from './hall-actions.js';
export { applyMap, createHallState, type HallData, type HallState, indexHallData } from './hall-store.js';
export { createMiniBasket, type MiniBasketController, type MiniBasketView } from './mini-basket.js';
export {
  type PackageSettings,
  type PackageStep,
  packageSeatsDisabled,
  packageSettings,
  packageStep,
} from './package-flow.js';
export { type HallPicks, hallPicks } from './picks.js';
export { type PlaceSet, placeSet } from './place-sets.js';
export {
  createSectionNavigation,
  parseSectionHash,
  type SectionNavigation,
  type SectionSummary,
  type SectionView,
  sectionHash,
  sectionHint,
  sectionSummaries,
} from './section-nav.js';
export {
  addEntranceTickets,
  addSectionTickets,
  removeEntranceTickets,
  removeSectionTickets,
  sectionCountProblem,
  sectionFree,
  sectionHeld,
  sectionLineKey,
} from './section-tickets.js';
export { hasTariffChoice, heldTariff, type TariffOption, tariffOptions, tariffProblem } from './tariffs.js';
