import type { CallDef } from '../call.js';
import { accountCalls } from './account.js';
import { basketCalls } from './basket.js';
import { browsingCalls } from './browsing.js';
import { developmentCalls } from './development.js';
import { embeddingCalls } from './embedding.js';
import { hallCalls } from './hall.js';
import { orderCalls } from './orders.js';
import { paymentCalls } from './payment.js';
import { phoneCalls } from './phone.js';
import { serviceCalls } from './service.js';
import { ticketCalls } from './tickets.js';

export * from './account.js';
export * from './basket.js';
export * from './browsing.js';
export * from './development.js';
export * from './embedding.js';
export * from './hall.js';
export * from './orders.js';
export * from './payment.js';
export * from './phone.js';
export * from './service.js';
export * from './tickets.js';

/** Calls grouped by area, in the order of docs/api.md. */
export const callAreas: ReadonlyArray<{ area: string; title: string; calls: readonly CallDef[] }> = [
  { area: 'hall', title: 'Hall map, seats, entrance tickets', calls: hallCalls },
  { area: 'basket', title: 'Basket', calls: basketCalls },
  { area: 'orders', title: 'Orders', calls: orderCalls },
  { area: 'payment', title: 'Payment', calls: paymentCalls },
  { area: 'tickets', title: 'E-tickets', calls: ticketCalls },
  { area: 'phone', title: 'Phone and e-mail confirmation', calls: phoneCalls },
  { area: 'embedding', title: 'Completion and embedding', calls: embeddingCalls },
  { area: 'service', title: 'Service calls', calls: serviceCalls },
  { area: 'browsing', title: 'Banners, search, browsing, show page, schedule, lists', calls: browsingCalls },
  { area: 'account', title: 'Login, registration and the personal account', calls: accountCalls },
  { area: 'development', title: 'Development pages and controls', calls: developmentCalls },
];

/** Every call of the contract. */
export const allCalls: readonly CallDef[] = callAreas.flatMap((a) => a.calls);
