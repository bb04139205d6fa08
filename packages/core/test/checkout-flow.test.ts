/**
 * The checkout's flow without a view (store/checkout-flow.ts): what pressing pay does, whatever
 * renders it.
 */
import { ANONYMOUS_MOBILE_REDIRECT_DELAY_MS, type BasketState } from '@partera/contract';
import { checkoutReady } from '@partera/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAfter, flowFor } from './support/checkout.js';
import { ORIGIN, type Route, seatTicket, serve } from './support/server.js';

const basket = (over: Partial<BasketState> = {}): BasketState => ({
  tickets: [seatTicket()],
  ticketCount: 1,
  basketPrice: 3500,
  holdSecondsLeft: 900,
  cannotCreateOrder: false,
  cannotCreateOrderCause: '',
  userIsGuest: true,
  ...over,
});

const bankSession: Route = () => ({
  error: 0,
  url: `${ORIGIN}/payment/bank/501/`,
  post: { mdOrder: 'md-501', successReturnUrl: '/order/complete/?orderId=501', failReturnUrl: '/shopcart/' },
});
const routes: Record<string, Route> = {
  'GET /registration/validateField/': () => ({ error: 0 }),
  'POST /order/createAnonymousOrder/': () => ({ error: 0, url: '/payment/session/501/', params: { token: 'ord-501' } }),
  'GET /order/createSessionOrder/': () => ({ error: 0, url: '/payment/session/501/', params: { token: 'ord-501' } }),
  'POST /payment/session/501/': bankSession,
};

function fillGuest(flow: ReturnType<typeof flowFor>['flow']) {
  flow.guest.change('email', 'buyer@example.ru');
  flow.guest.change('name', 'Анна');
  flow.guest.change('surname', 'Петрова');
}

afterEach(() => vi.unstubAllGlobals());

describe('checkout flow', () => {
  it('chooses card and e-ticket for the buyer, except in a partner frame', () => {
    expect(flowFor(basket()).flow.state).toMatchObject({ payment: 'card', delivery: 'eticket' });
    expect(flowFor(basket(), { isIframe: true }).flow.state).toMatchObject({ payment: null, delivery: null });
  });

  it('an empty guest form: nothing is sent, the toast asks for the fields and the first field gets the keyboard', async () => {
    const seen = serve(routes);
    const { flow, toasts, focused } = flowFor(basket());
    await flow.pay();
    expect(seen).toHaveLength(0);
    expect(toasts).toEqual(['Необходимо заполнить все поля']);
    expect(focused).toEqual(['email']);
    expect(flow.state.processingUntil).toBeNull();
  });

  it('places one order and one session for presses that overlap, and opens the bank frame', async () => {
    const seen = serve(routes);
    const { flow } = flowFor(basket());
    fillGuest(flow);
    await Promise.all([flow.pay(), flow.pay(), flow.pay()]);
    expect(seen.filter((r) => r.path === '/order/createAnonymousOrder/')).toHaveLength(1);
    expect(seen.filter((r) => r.path === '/payment/session/501/')).toHaveLength(1);
    expect(flow.state.frame).toMatchObject({ kind: 'form', action: `${ORIGIN}/payment/bank/501/`, method: 'post' });
    expect(flow.state.processingUntil).toBeNull();
    // The frame is open: pay does nothing more.
    await flow.pay();
    expect(seen.filter((r) => r.path === '/order/createAnonymousOrder/')).toHaveLength(1);
  });

  it('after a failed session, pay opens the session again for the same order', async () => {
    let sessionFails = true;
    const seen = serve({
      ...routes,
      'POST /payment/session/501/': (req) => (sessionFails ? new TypeError('Failed to fetch') : bankSession(req)),
    });
    const { flow, alerts } = flowFor(basket());
    fillGuest(flow);
    await flow.pay();
    expect(alerts).toHaveLength(1);
    expect(flow.state.frame).toBeNull();
    sessionFails = false;
    await flow.pay();
    expect(seen.filter((r) => r.path === '/order/createAnonymousOrder/')).toHaveLength(1);
    expect(seen.filter((r) => r.path === '/payment/session/501/')).toHaveLength(2);
    expect(flow.state.frame?.kind).toBe('form');
  });

  it('on 113 asks the host to confirm the phone, whose retry places the order again', async () => {
    let phoneConfirmed = false;
    const seen = serve({
      ...routes,
      'GET /order/createSessionOrder/': (req) =>
        phoneConfirmed
          ? routes['GET /order/createSessionOrder/']!(req)
          : { error: 113, message: 'Подтвердите телефон' },
    });
    let retry: (() => Promise<void>) | null = null;
    const { flow, alerts } = flowFor(basket({ userIsGuest: false }), {
      askPhoneConfirmation: (detail) => {
        expect(detail).toMatchObject({ code: 113, message: 'Подтвердите телефон' });
        retry = detail.retry;
        return true;
      },
    });
    await flow.pay();
    expect(alerts).toEqual([]);
    expect(retry).not.toBeNull();
    phoneConfirmed = true;
    await retry!();
    expect(seen.filter((r) => r.path === '/order/createSessionOrder/')).toHaveLength(2);
    expect(flow.state.frame?.kind).toBe('form');
  });

  it('a blocked order shows its cause and sends nothing; the button reads as not ready', async () => {
    const seen = serve(routes);
    const state = basket({ userIsGuest: false, cannotCreateOrder: true, cannotCreateOrderCause: 'Заказ заблокирован' });
    const { flow, alerts } = flowFor(state);
    expect(checkoutReady(state, flow.state, flow.guest.state)).toBe(false);
    await flow.pay();
    expect(alerts).toEqual(['Заказ заблокирован']);
    expect(seen).toHaveLength(0);
  });

  it("4.8: a guest's order on a phone goes to the host's callback 5 s after it is placed, not before", async () => {
    const seen = serve(routes);
    const clock = fakeAfter();
    const callback = vi.fn();
    const { flow } = flowFor(basket(), { isMobile: () => true, paymentCallback: callback, after: clock.after });
    fillGuest(flow);
    await flow.pay();
    // The order is placed; the callback waits 5 s (the countdown shows), the widget opens nothing.
    expect(seen.filter((r) => r.path === '/order/createAnonymousOrder/')).toHaveLength(1);
    expect(clock.pending()).toEqual([ANONYMOUS_MOBILE_REDIRECT_DELAY_MS]);
    expect(ANONYMOUS_MOBILE_REDIRECT_DELAY_MS).toBe(5000);
    expect(callback).not.toHaveBeenCalled();
    expect(flow.state.processingUntil).not.toBeNull();
    await flow.pay();
    expect(seen.filter((r) => r.path === '/order/createAnonymousOrder/')).toHaveLength(1);
    clock.elapse(ANONYMOUS_MOBILE_REDIRECT_DELAY_MS);
    expect(callback).toHaveBeenCalledTimes(1);
    expect(callback).toHaveBeenCalledWith({
      orderId: '501',
      url: '/payment/session/501/',
      params: { token: 'ord-501' },
    });
    expect(seen.filter((r) => r.path === '/payment/session/501/')).toHaveLength(0);
    expect(flow.state.processingUntil).toBeNull();
    // A later press opens the same order's payment here, with no second order.
    await flow.pay();
    expect(seen.filter((r) => r.path === '/order/createAnonymousOrder/')).toHaveLength(1);
    expect(flow.state.frame?.kind).toBe('form');
  });

  it('4.8: without the callback, on a desktop, in a partner frame or for a signed-in buyer the payment opens at once', async () => {
    const cases: { state: BasketState; deps: Parameters<typeof flowFor>[1] }[] = [
      { state: basket(), deps: { isMobile: () => true } },
      { state: basket(), deps: { isMobile: () => false, paymentCallback: vi.fn() } },
      { state: basket(), deps: { isMobile: () => true, isIframe: true, paymentCallback: vi.fn() } },
    ];
    for (const { state, deps } of cases) {
      serve(routes);
      const clock = fakeAfter();
      const { flow } = flowFor(state, { ...deps, after: clock.after });
      flow.choosePayment('card');
      flow.chooseDelivery('eticket');
      fillGuest(flow);
      await flow.pay();
      expect(clock.pending()).toEqual([]);
      expect(flow.state.frame?.kind).toBe('form');
      expect(deps?.paymentCallback ?? vi.fn()).not.toHaveBeenCalled();
    }
    // A signed-in buyer on a phone goes to the order's bank page (4.7), never to the callback.
    serve(routes);
    const callback = vi.fn();
    const clock = fakeAfter();
    const { flow, navigation } = flowFor(basket({ userIsGuest: false }), {
      isMobile: () => true,
      paymentCallback: callback,
      after: clock.after,
    });
    await flow.pay();
    expect(navigation.go).toHaveBeenCalledWith('/payment/bank/501/?sid=S1');
    expect(clock.pending()).toEqual([]);
    expect(callback).not.toHaveBeenCalled();
  });

  it("sends a signed-in buyer on a phone to the bank's page of the order", async () => {
    serve(routes);
    const { flow, navigation } = flowFor(basket({ userIsGuest: false }), { isMobile: () => true });
    await flow.pay();
    expect(navigation.go).toHaveBeenCalledWith('/payment/bank/501/?sid=S1');
  });

  it("a signed-in buyer on a phone in a partner's frame pays in place: the partner's pay flow, not the bank page", async () => {
    const seen = serve({
      ...routes,
      'POST /payment/session/501/': () => ({
        error: 0,
        provider: 'mts_pay',
        url: `${ORIGIN}/payment/partner/501/`,
        params: { orderId: 501 },
      }),
    });
    const { flow, navigation } = flowFor(basket({ userIsGuest: false }), { isMobile: () => true, isIframe: true });
    flow.choosePayment('card');
    flow.chooseDelivery('eticket');
    await flow.pay();
    expect(navigation.go).not.toHaveBeenCalled();
    expect(seen.filter((r) => r.path === '/payment/session/501/')).toHaveLength(1);
    expect(flow.state.frame?.kind).toBe('partner');
  });
});
