export {
  BEST_AVAILABLE_MAX,
  type BestAvailableRequest,
  type BestPlacesCheck,
  checkBestPlaces,
  takeBestAvailable,
} from './best-places.js';
export { type PlanEnvironment, planSupported } from './browser-support.js';
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
  addEntranceTickets,
  addSectionTickets,
  countTickets,
  deselectPlace,
  dismissAlert,
  type GiftSettings,
  type HallContext,
  type HallLimits,
  hallSettings,
  performanceTicketCount,
  placeInfo,
  removeEntranceTickets,
  removeSectionTickets,
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
export { sectionCountProblem, sectionFree, sectionHeld, sectionLineKey } from './section-tickets.js';
export { hasTariffChoice, heldTariff, type TariffOption, tariffOptions, tariffProblem } from './tariffs.js';
