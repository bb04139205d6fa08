/**
 * Placing an order gives the session a new id (issue 8, session fixation): every widget of the
 * page carries on with it, and the page's meta tags say it too.
 */
import { connect, fetchBasketState, placeAnonymousOrder } from '@partera/core';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { basketState, serve } from './support/server.js';

function setMeta(name: string, content: string) {
  const meta = document.createElement('meta');
  meta.name = name;
  meta.content = content;
  document.head.append(meta);
}

beforeEach(() => {
  document.head.innerHTML = '';
  setMeta('session-name', 'sid');
  setMeta('session-id', 'OLD');
  setMeta('csrf-param', '_csrf');
  setMeta('csrf-token', 'OLD-TOKEN');
});
afterEach(() => vi.unstubAllGlobals());

it('the checkout adopts the rotated session, and the page’s other widgets follow', async () => {
  const seen = serve({
    'POST /order/createAnonymousOrder/': () => ({
      error: 0,
      url: '/payment/session/5/',
      params: { token: 'order-token' },
      session: { name: 'sid', id: 'NEW', csrfToken: 'NEW-TOKEN' },
    }),
    'GET /shopcart/state/': () => basketState([]),
  });
  const checkout = connect({}, document);
  const basket = connect({}, document);
  const answer = await placeAnonymousOrder(checkout, {
    email: 'a@b.ru',
    name: 'Анна',
    surname: 'Смирнова',
    pc: null,
    payment: 'card',
    token: '',
    cookies: '',
  });
  expect(answer.error).toBe(0);
  expect(seen[0]?.query.get('sid')).toBe('OLD');
  await fetchBasketState(basket);
  expect(seen[1]?.query.get('sid')).toBe('NEW');
  expect(basket.withSession('/shopcart/')).toBe('/shopcart/?sid=NEW');
  expect(document.querySelector<HTMLMetaElement>('meta[name="session-id"]')?.content).toBe('NEW');
  expect(document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content).toBe('NEW-TOKEN');
});
