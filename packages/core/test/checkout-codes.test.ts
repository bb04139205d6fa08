/**
 * The promo code and gift card inputs without a view (store/codes.ts): when they apply, what they
 * send, and what the buyer is told (5.6, 8.4).
 */
import { createBasketStore, createCodes } from '@partera/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { basketWith, offer } from './support/checkout.js';
import { http, type Route, serve } from './support/server.js';

const promoApplied = basketWith(
  offer({
    promo: { code: 'SPRING', discount: 350 },
    totals: { tickets: 3500, gifts: 0, delivery: 0, discount: 350, giftCard: 0, cashback: 0, toPay: 3150 },
  }),
);
const giftApplied = basketWith(offer({ giftCard: { number: '****-7777', balance: 1000, applied: 1000 } }));

const made: { dispose(): void }[] = [];

function codesFor(over: { mobile?: boolean; routes?: Record<string, Route> } = {}) {
  const alerts: { message: string; onClose?: () => void }[] = [];
  const toasts: { message: string; kind?: string }[] = [];
  const reload = vi.fn();
  const store = createBasketStore(basketWith());
  const seen = serve(over.routes ?? {});
  const codes = createCodes({
    http,
    basket: store,
    notices: {
      alert: (message, onClose) => alerts.push({ message, onClose }),
      toast: (message, kind) => toasts.push({ message, kind }),
    },
    reload,
    isMobile: () => over.mobile ?? false,
    promoDebounceMs: 5,
    giftCardDebounceMs: 60_000,
  });
  made.push(codes);
  return { codes, store, seen, alerts, toasts, reload };
}

afterEach(() => {
  for (const codes of made.splice(0)) codes.dispose();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('promo code', () => {
  const routes: Record<string, Route> = {
    'GET /shopcart/applypromo/': (req) =>
      req.query.get('promocode') === 'SPRING' ? { error: 0 } : { error: 1, message: 'Срок действия промокода истёк' },
    'GET /shopcart/state/': () => promoApplied,
  };

  it('on a desktop applies once typing stops, from 4 characters, and re-reads the basket', async () => {
    const { codes, store, seen } = codesFor({ routes });
    codes.typePromo('SP');
    codes.typePromo('SPR');
    codes.typePromo('SPRI');
    codes.typePromo('SPRING');
    await vi.waitFor(() => expect(store.state.checkout?.promo?.code).toBe('SPRING'));
    const applies = seen.filter((r) => r.path === '/shopcart/applypromo/');
    expect(applies.map((r) => r.query.get('promocode'))).toEqual(['SPRING']);
    expect(codes.state).toMatchObject({ promo: '', promoError: null, promoBusy: false });
  });

  it("marks the field with the server's message, default 'Промокод не найден'", async () => {
    const { codes } = codesFor({
      routes: { ...routes, 'GET /shopcart/applypromo/': () => ({ error: 1 }) },
    });
    codes.typePromo('WINTER');
    await vi.waitFor(() => expect(codes.state.promoError).toBe('Промокод не найден'));
    const second = codesFor({ routes });
    second.codes.typePromo('WINTER');
    await vi.waitFor(() => expect(second.codes.state.promoError).toBe('Срок действия промокода истёк'));
    second.codes.typePromo('WINTER2');
    expect(second.codes.state.promoError).toBeNull();
  });

  it('on a phone waits for the apply button, enabled at 4 characters', async () => {
    const { codes, seen, store } = codesFor({ mobile: true, routes });
    codes.typePromo('SPR');
    await codes.applyPromo();
    expect(seen).toHaveLength(0);
    vi.useFakeTimers();
    codes.typePromo('SPRING');
    vi.runAllTimers();
    vi.useRealTimers();
    expect(seen).toHaveLength(0);
    await codes.applyPromo();
    expect(store.state.checkout?.promo?.code).toBe('SPRING');
  });

  it('a failure with no answer is an alert that reloads the page on close', async () => {
    const { codes, alerts, reload } = codesFor({
      mobile: true,
      routes: { 'GET /shopcart/applypromo/': () => new TypeError('Failed to fetch') },
    });
    codes.typePromo('SPRING');
    await codes.applyPromo();
    expect(alerts.map((a) => a.message)).toEqual(['Сервер вернул ошибку, попробуйте позже']);
    expect(reload).not.toHaveBeenCalled();
    alerts[0]?.onClose?.();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('gift card', () => {
  const routes: Record<string, Route> = {
    'POST /shopcart/applygiftcardnolimits/': (req) =>
      req.body.get('gift_card_number') === 'ABCD-1234-7777'
        ? { success: true, cardBalance: 1000, basketTotalAfterApplying: 2500 }
        : { success: false, message: 'Подарочная карта не найдена' },
    'GET /shopcart/state/': () => giftApplied,
  };

  it('types into the mask of groups of 4 and enables apply from 4 characters', () => {
    const { codes } = codesFor();
    codes.typeGiftCard('abc');
    expect(codes.state.giftCard).toBe('abc');
    codes.typeGiftCard('abcd12345');
    expect(codes.state.giftCard).toBe('abcd-1234-5');
    codes.typeGiftCard('1234 5678 9012 3456 7890 1234 5678 9012 3456');
    expect(codes.state.giftCard).toBe('1234-5678-9012-3456-7890-1234-5678-9012');
  });

  it("applies the card with the session id, says 'Подарочная карта успешно применена' and re-reads the basket", async () => {
    const { codes, seen, toasts, store } = codesFor({ routes });
    codes.typeGiftCard('ABCD12347777');
    await Promise.all([codes.applyGiftCard(), codes.applyGiftCard()]);
    const applies = seen.filter((r) => r.path === '/shopcart/applygiftcardnolimits/');
    expect(applies).toHaveLength(1);
    expect(Object.fromEntries(applies[0]?.body ?? [])).toMatchObject({
      ftlsid: 'S1',
      gift_card_number: 'ABCD-1234-7777',
    });
    expect(toasts).toEqual([{ message: 'Подарочная карта успешно применена', kind: 'success' }]);
    expect(store.state.checkout?.giftCard?.number).toBe('****-7777');
  });

  it("marks the field and toasts the server's refusal; a second press within 1000 ms is the same apply", async () => {
    const { codes, seen, toasts } = codesFor({ routes });
    codes.typeGiftCard('WXYZ-0000');
    await codes.applyGiftCard();
    expect(codes.state.giftCardError).toBe('Подарочная карта не найдена');
    expect(toasts).toEqual([{ message: 'Подарочная карта не найдена', kind: 'error' }]);
    codes.typeGiftCard('ABCD12347777');
    await codes.applyGiftCard();
    expect(seen.filter((r) => r.path === '/shopcart/applygiftcardnolimits/')).toHaveLength(1);
  });

  it('an applied card or code is taken off with an empty number and the basket re-read', async () => {
    const { codes, seen, store, alerts } = codesFor({
      routes: {
        'POST /shopcart/applygiftcardnolimits/': () => ({ success: true }),
        'GET /shopcart/applypromo/': () => ({ error: 1, message: 'Промокод уже использован в заказе' }),
        'GET /shopcart/state/': () => basketWith(),
      },
    });
    store.state = giftApplied;
    await codes.remove('giftCard');
    expect(seen.find((r) => r.path === '/shopcart/applygiftcardnolimits/')?.body.get('gift_card_number')).toBe('');
    expect(store.state.checkout?.giftCard).toBeNull();
    await codes.remove('promo');
    expect(alerts.map((a) => a.message)).toEqual(['Промокод уже использован в заказе']);
  });
});
