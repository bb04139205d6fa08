import { Checkout, type EmbedHost, PartnerPay, setEmbedHost } from '@partera/core';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { basketState, http, ORIGIN, type Route, serve } from './support/server.js';

const SESSION_URL = `${ORIGIN}/payment/session/77/`;
const COMPLETE = '/order/complete/?orderId=77&token=ord-77';

const navigation = () => ({ go: vi.fn<(url: string) => void>(), reload: vi.fn<() => void>() });

/** The partner page around the frame, as the site registers it after the handshake. */
function telecomHost(cashbackPercent = 5) {
  const tokens: string[] = [];
  const host: EmbedHost = {
    partner: { name: 'Демо-оператор связи', origins: ['http://127.0.0.1:4100'], cashbackPercent, ownPayFlow: true },
    orderToken: (token) => tokens.push(token),
    paymentInit: () => {},
    paymentSucceeded: () => {},
    paymentFailed: () => {},
    pushkinCardTermsOfUse: async () => true,
  };
  setEmbedHost(host);
  return tokens;
}

/** Answers one after the other; the last one repeats. */
function sequence(...answers: unknown[]): Route {
  let i = 0;
  return () => answers[Math.min(i++, answers.length - 1)];
}

/** Hands out a fresh orderToken per call, as the server does after a decline. */
function tokens(): Route {
  let n = 0;
  return () => ({ uuid: `00000000-0000-4000-8000-00000000000${++n}` });
}

beforeEach(() => {
  setEmbedHost(null);
});
afterEach(() => {
  cleanup();
  setEmbedHost(null);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The panel asks this often in the tests (the checkout's partnerPayPollMs; 3 s by default). */
const POLL_MS = 40;

describe('Checkout with the partner’s own pay flow', () => {
  it('hands the order to the partner, posts the orderToken to the partner page and opens the tickets once paid', async () => {
    const posted = telecomHost();
    const seen = serve({
      'GET /order/createSessionOrder/': () => ({ error: 0, url: '/payment/session/77/' }),
      'POST /payment/session/77/': () => ({ error: 0, provider: 'mts_pay', url: SESSION_URL }),
      'POST /pay/notifymts': tokens(),
      'GET /payment/state/77/': sequence(
        { error: 0, status: 'pending' },
        { error: 0, status: 'paid', redirectUrl: COMPLETE },
      ),
    });
    const nav = navigation();
    render(
      <Checkout
        http={http}
        initialState={basketState(undefined, { userIsGuest: false })}
        navigation={nav}
        partnerPayPollMs={POLL_MS}
      />,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Перейти к оплате' })));

    const heading = await screen.findByRole('heading', { name: 'Оплатите заказ в приложении Демо-оператор связи' });
    expect(document.activeElement).toBe(heading);
    await waitFor(() => expect(posted).toEqual(['00000000-0000-4000-8000-000000000001']));
    const notify = seen.find((r) => r.path === '/pay/notifymts');
    expect(notify?.method).toBe('POST');
    expect(notify?.body.get('url')).toBe(SESSION_URL);
    expect(JSON.parse(notify?.body.get('params') ?? '')).toEqual({});
    expect(notify?.body.get('_csrf')).toBe('T1');
    expect(screen.getByText('Кешбэк 5% от стоимости билетов начислит Демо-оператор связи.')).toBeTruthy();
    const panel = within(heading.closest('section') as HTMLElement);
    await waitFor(() => expect(panel.getByRole('status').textContent).toBe('Ожидаем подтверждения оплаты…'));
    expect(screen.queryByRole('button', { name: 'Перейти к оплате' })).toBeNull();
    // No bank frame: the money is taken in the partner's app.
    expect(document.querySelector('iframe')).toBeNull();

    const polls = () => seen.filter((r) => r.path === '/payment/state/77/');
    await waitFor(() => expect(polls().length).toBeGreaterThanOrEqual(1));
    expect(polls()[0]?.method).toBe('GET');
    // The first answer is pending: the buyer stays on the panel until the second says paid.
    await waitFor(() => expect(nav.go).toHaveBeenCalledExactlyOnceWith(`${COMPLETE}&sid=S1`));
    expect(polls().length).toBeGreaterThanOrEqual(2);
    expect(seen.filter((r) => r.path === '/pay/notifymts')).toHaveLength(1);
  });
});

describe('PartnerPay', () => {
  const renderPanel = (params: Record<string, string> = { token: 'ord-77' }) => {
    const nav = navigation();
    render(
      <PartnerPay
        http={http}
        navigation={nav}
        url={SESSION_URL}
        params={params}
        successUrl="/order/complete/"
        pollIntervalMs={10}
      />,
    );
    return nav;
  };

  it('sends the guest’s order token with the hand-over and the polls', async () => {
    telecomHost();
    const seen = serve({
      'POST /pay/notifymts': tokens(),
      'GET /payment/state/77/': () => ({ error: 0, status: 'paid' }),
    });
    const nav = renderPanel();
    await waitFor(() => expect(nav.go).toHaveBeenCalledExactlyOnceWith('/order/complete/?sid=S1'));
    expect(JSON.parse(seen.find((r) => r.path === '/pay/notifymts')?.body.get('params') ?? '')).toEqual({
      token: 'ord-77',
    });
    expect(seen.find((r) => r.path === '/payment/state/77/')?.query.get('token')).toBe('ord-77');
  });

  it('says the partner declined and hands the order over again on request', async () => {
    const posted = telecomHost(0);
    const seen = serve({
      'POST /pay/notifymts': tokens(),
      'GET /payment/state/77/': sequence(
        { error: 0, status: 'declined', message: 'Недостаточно средств на счёте' },
        { error: 0, status: 'pending' },
        { error: 0, status: 'pending' },
        { error: 0, status: 'paid', redirectUrl: COMPLETE },
      ),
    });
    const nav = renderPanel();
    expect((await screen.findByRole('alert')).textContent).toBe('Недостаточно средств на счёте');
    expect(screen.queryByText(/Кешбэк/)).toBeNull();
    expect(nav.go).not.toHaveBeenCalled();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Оплатить ещё раз' })));
    await waitFor(() => expect(nav.go).toHaveBeenCalledExactlyOnceWith(`${COMPLETE}&sid=S1`));
    expect(posted).toEqual(['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002']);
    expect(seen.filter((r) => r.path === '/pay/notifymts')).toHaveLength(2);
  });

  it('shows why the hand-over failed and lets the buyer try again', async () => {
    const posted = telecomHost();
    serve({
      'POST /pay/notifymts': sequence(
        new TypeError('Failed to fetch'),
        { error: 1, message: 'Оплата в приложении партнёра временно недоступна. Попробуйте позже.' },
        { uuid: '00000000-0000-4000-8000-000000000009' },
      ),
      'GET /payment/state/77/': () => ({ error: 0, status: 'pending' }),
    });
    renderPanel();
    expect((await screen.findByRole('alert')).textContent).toBe('Произошла непредвиденная ошибка в процессе оплаты.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Попробовать снова' })));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Оплата в приложении партнёра временно недоступна. Попробуйте позже.',
    );
    expect(posted).toEqual([]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Попробовать снова' })));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Ожидаем подтверждения оплаты…'));
    expect(posted).toEqual(['00000000-0000-4000-8000-000000000009']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps asking through a lost answer, and offers new tickets when the order was cancelled', async () => {
    telecomHost();
    const message = 'Пока шла оплата, места заказа заняли. Деньги вернутся на счёт, а билеты можно выбрать заново.';
    const seen = serve({
      'POST /pay/notifymts': tokens(),
      'GET /payment/state/77/': sequence(new TypeError('Failed to fetch'), { error: 0, status: 'cancelled', message }),
    });
    const nav = renderPanel();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(seen.filter((r) => r.path === '/payment/state/77/').length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByRole('button', { name: 'Оплатить ещё раз' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Выбрать билеты заново' }));
    expect(nav.reload).toHaveBeenCalledTimes(1);
  });

  it('outside a partner frame names no partner and posts nothing', async () => {
    serve({
      'POST /pay/notifymts': tokens(),
      'GET /payment/state/77/': () => ({ error: 0, status: 'pending' }),
    });
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'Оплатите заказ в приложении партнёра' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Ожидаем подтверждения оплаты…'));
  });
});
