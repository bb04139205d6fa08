export type {
  ActionRequiredDetail,
  BasketStateDetail,
  HallEventMap,
  HallEventName,
  TicketEventDetail,
} from './events.js';
export {
  addEntranceTickets,
  deselectPlace,
  dismissAlert,
  type HallContext,
  type HallLimits,
  removeEntranceTickets,
  resolveBookingConflict,
  selectPlace,
  togglePlace,
} from './hall-actions.js';
export { applyMap, createHallState, type HallData, type HallState, indexHallData } from './hall-store.js';
