/** Orders: created from the basket, paid through a payment provider (see payments/). */
export { type CompletionConfig, completeOrderPaid } from './complete.js';
export {
  createOrder,
  type OrderCreation,
  type OrderDeps,
  type OrderNext,
  type OrderRequest,
  orderMessages,
} from './create.js';
export { checkGuestEmail, type GuestDetails, validateGuest } from './guest.js';
export { cancelUnpaidOrdersOf, expireUnpaidOrders, KOPECKS_PER_POINT, returnOrderTakings } from './release.js';
