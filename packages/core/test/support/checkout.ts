/** The checkout's offer as the server sends it in the basket state (decision 0032), and its controller, for the checkout tests. */
import type { BasketState, CheckoutState } from '@partera/contract';
import { type CheckoutDeps, createBasketStore, createCheckoutFlow } from '@partera/core';
import { vi } from 'vitest';
import { basketState, http, seatTicket } from './server.js';

/** Every method and delivery, card and e-ticket preselected; nothing applied. */
export const offer = (over: Partial<CheckoutState> = {}): CheckoutState => ({
  payments: [
    {
      id: 'card',
      title: 'Банковской картой',
      deliveries: ['eticket', 'self', 'courier'],
      cardTypes: [
        { id: 'bankovskaya_karta', title: 'Visa, Mastercard, МИР' },
        { id: 'pushkinskaya_karta', title: 'Карта банка-партнёра' },
      ],
    },
    { id: 'cash', title: 'Наличными в кассе', deliveries: ['self'] },
    {
      id: 'bonus',
      title: 'Бонусами',
      deliveries: ['eticket'],
      cardTypes: [{ id: 'bankovskaya_karta', title: 'Visa' }],
    },
    { id: 'gift_card', title: 'Подарочной картой', deliveries: ['eticket'] },
    {
      id: 'pushkin_card',
      title: 'Пушкинской картой',
      deliveries: ['eticket'],
    },
    { id: 'mts_cashback', title: 'Кешбэк', deliveries: ['eticket'] },
  ],
  deliveries: [
    { id: 'eticket', title: 'Электронный билет', price: 0 },
    { id: 'self', title: 'Самовывоз из кассы', price: 0 },
    { id: 'booking_cash', title: 'Бронь с оплатой в кассе', price: 0, payBy: '2031-12-25T16:00:00.000Z' },
    { id: 'booking_card', title: 'Самовывоз из кассы', price: 0 },
    { id: 'courier', title: 'Курьером', price: 400, hint: 'В пределах МКАД' },
  ],
  preselect: { pm: 'card', dm: 'eticket' },
  hasKarmaStop: false,
  userIsDirect: true,
  promo: null,
  giftCard: null,
  bonus: null,
  cashback: { percent: 5, balance: 300, action: null },
  pushkinCard: { eligible: true },
  totals: { tickets: 3500, gifts: 0, delivery: 0, discount: 0, giftCard: 0, cashback: 0, toPay: 3500 },
  ...over,
});

/** A basket of one seat with the offer. */
export const basketWith = (checkout: CheckoutState = offer(), over: Partial<BasketState> = {}): BasketState =>
  basketState([seatTicket()], { checkout, ...over });

/** The checkout's controller over a basket, with what it told the buyer, where it moved the focus and where it went. */
export function flowFor(state: BasketState, over: Partial<CheckoutDeps> = {}) {
  const alerts: string[] = [];
  const toasts: string[] = [];
  const focused: string[] = [];
  const navigation = { go: vi.fn<(url: string) => void>(), reload: vi.fn<() => void>() };
  const store = createBasketStore(state);
  const flow = createCheckoutFlow({
    http,
    basket: store,
    navigation,
    notices: { alert: (m) => alerts.push(m), toast: (m) => toasts.push(m) },
    isIframe: false,
    isMobile: () => false,
    paymentCard: 'bankovskaya_karta',
    cookies: () => '',
    fingerprint: false,
    askPhoneConfirmation: () => false,
    focus: (field) => focused.push(field),
    ...over,
  });
  return { flow, store, alerts, toasts, focused, navigation };
}

/** The checkout's clock (CheckoutDeps.after) in a test: the waits it asked for, fired by hand. */
export function fakeAfter() {
  const waits: { ms: number; run: () => void; cancelled: boolean }[] = [];
  const after = (ms: number, run: () => void) => {
    const wait = { ms, run, cancelled: false };
    waits.push(wait);
    return () => {
      wait.cancelled = true;
    };
  };
  /** The waits still pending, by their length. */
  const pending = () => waits.filter((w) => !w.cancelled).map((w) => w.ms);
  /** Ends every pending wait of that length, as if that much time had passed. */
  const elapse = (ms: number) => {
    for (const wait of waits.filter((w) => w.ms === ms && !w.cancelled)) {
      wait.cancelled = true;
      wait.run();
    }
  };
  return { after, pending, elapse };
}
