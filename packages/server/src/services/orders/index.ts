/** Orders: created from the basket, paid through a payment provider (see payments/). */
export { createGuestOrder, type OrderCreation, orderMessages } from './create.js';
export { checkGuestEmail, type GuestDetails, validateGuest } from './guest.js';
