import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Buyer } from './app.js';

/** A session order placed from the buyer's basket: its id and the payment session call the checkout makes next. */
export interface PlacedOrder {
  orderId: number;
  url: string;
  params: Record<string, string>;
}

/** Places the signed-in buyer's basket as a session order (card, e-ticket). */
export async function placeSessionOrder(b: Buyer): Promise<PlacedOrder> {
  const r = (await b.get('/order/createSessionOrder/?pm=card&dm=eticket&cookies=')).json();
  expect(r.error).toBe(0);
  return { orderId: Number(String(r.url).split('/')[3]), url: r.url, params: r.params };
}

/** Opens the order's payment session; the sandbox bank's order id (mdOrder). */
export async function openPayment(b: Buyer, order: PlacedOrder): Promise<string> {
  const session = (await b.post(order.url, order.params)).json();
  expect(session.error).toBe(0);
  return session.get.mdOrder;
}

/** The sandbox bank's card form sent with the success card (its test cards: README). */
export async function payAtSandboxBank(app: FastifyInstance, mdOrder: string): Promise<void> {
  const bank = await app.inject({
    method: 'POST',
    url: '/sandbox-bank/pay/',
    payload: { mdOrder, pan: '4111 1111 1111 1111', expiry: '12/39', cvc: '123', holder: 'ANNA KARENINA' },
  });
  expect(bank.body).toContain('Оплата прошла успешно');
}

/** Pays a placed order through the sandbox bank: its tickets are issued. */
export async function payOrder(app: FastifyInstance, b: Buyer, order: PlacedOrder): Promise<void> {
  await payAtSandboxBank(app, await openPayment(b, order));
}

/** The buyer selects these seats, places the session order and pays it; the order's id. */
export async function paidSessionOrder(app: FastifyInstance, b: Buyer, seats: readonly number[]): Promise<number> {
  for (const id of seats) expect((await b.post('/hallPlace/select/', { cypher: id })).json().result).toBe(1);
  const order = await placeSessionOrder(b);
  await payOrder(app, b, order);
  return order.orderId;
}
