import type { BasketState } from '@partera/contract';
import { Checkout, type CheckoutProps, type EmbedHost, setEmbedHost } from '@partera/core';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, ORIGIN, type Route, seatTicket, serve } from './support/server.js';

const ticket = seatTicket();

const basket = (over: Partial<BasketState> = {}): BasketState => ({
  tickets: [ticket],
  ticketCount: 1,
  basketPrice: 3500,
  holdSecondsLeft: 900,
  cannotCreateOrder: false,
  cannotCreateOrderCause: '',
  userIsGuest: true,
  ...over,
});

const TAKEN = 'Пользователь с таким e-mail уже зарегистрирован. Войдите на сайт.';
const emailCheck: Route = (req) =>
  req.query.get('value') === 'taken@example.ru' ? { error: 1, message: TAKEN } : { error: 0 };
const anonymousOrder: Route = () => ({ error: 0, url: '/payment/session/501/', params: { token: 'ord-501' } });
const bankSession: Route = () => ({
  error: 0,
  url: `${ORIGIN}/payment/bank/501/`,
  post: {
    mdOrder: 'md-501',
    successReturnUrl: '/order/complete/?orderId=501&token=ord-501',
    failReturnUrl: '/shopcart/?payment=failed',
  },
});
const checkoutRoutes = {
  'GET /registration/validateField/': emailCheck,
  'POST /order/createAnonymousOrder/': anonymousOrder,
  'POST /payment/session/501/': bankSession,
};

const navigation = () => ({ go: vi.fn<(url: string) => void>(), reload: vi.fn<() => void>() });

function renderCheckout(props: Partial<CheckoutProps> = {}) {
  const nav = navigation();
  render(
    <Checkout http={http} initialState={basket()} navigation={nav} fingerprint={async () => 'visitor-42'} {...props} />,
  );
  return nav;
}

const payButton = () => screen.getByRole('button', { name: 'Перейти к оплате' });

async function fillGuestForm(email = 'buyer@example.ru', name = 'Анна', surname = 'Петрова') {
  for (const [label, value] of [
    ['E-mail', email],
    ['Имя', name],
    ['Фамилия', surname],
  ] as const) {
    const input = screen.getByLabelText(label);
    fireEvent.input(input, { target: { value } });
    await act(async () => fireEvent.blur(input));
  }
}

/** Form submissions caught where the browser would navigate (happy-dom ignores named targets). */
let submitted: HTMLFormElement[] = [];
const catchSubmit = (event: Event) => {
  event.preventDefault();
  submitted.push(event.target as HTMLFormElement);
};

/** Pages the browser loads into frames (the card widget), answered at happy-dom's fetch boundary. */
let framePages: string[] = [];
interface HappyDom {
  settings: { fetch: { interceptor: unknown }; navigation: { disableMainFrameNavigation: boolean } };
  setViewport(viewport: { width: number; height: number }): void;
}
const happyDom = (window as unknown as { happyDOM: HappyDom }).happyDOM;

beforeAll(() => {
  happyDom.settings.navigation.disableMainFrameNavigation = true;
  happyDom.settings.fetch.interceptor = {
    beforeAsyncRequest: async ({ request }: { request: Request }) => {
      framePages.push(request.url);
      return new Response('<!doctype html><title>Банк</title>', { headers: { 'content-type': 'text/html' } });
    },
  };
});
afterAll(() => {
  happyDom.settings.fetch.interceptor = null;
});
beforeEach(() => {
  submitted = [];
  framePages = [];
  document.addEventListener('submit', catchSubmit, true);
});
afterEach(() => {
  cleanup();
  document.removeEventListener('submit', catchSubmit, true);
  vi.unstubAllGlobals();
  happyDom.setViewport({ width: 1024, height: 768 });
});

/** A guest fills the form and pays: the bank frame is open. The navigation mock and the frame's window. */
async function openBankFrame() {
  serve(checkoutRoutes);
  const nav = renderCheckout();
  await fillGuestForm();
  await waitFor(() => expect(payButton().getAttribute('aria-disabled')).toBeNull());
  await act(async () => fireEvent.click(payButton()));
  await waitFor(() => expect(submitted).toHaveLength(1));
  const bank = document.querySelector<HTMLIFrameElement>('iframe[name="pt-bank-frame"]')?.contentWindow ?? null;
  return { nav, bank };
}

describe('Checkout: the guest form', () => {
  it('keeps the pay button grey and orders nothing until the form is valid', async () => {
    const seen = serve(checkoutRoutes);
    renderCheckout();

    expect(screen.getByRole('radio', { name: 'Банковской картой' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'Электронный билет' })).toHaveProperty('checked', true);
    expect(payButton().getAttribute('aria-disabled')).toBe('true');

    await act(async () => fireEvent.click(payButton()));

    expect(await screen.findByText('Необходимо заполнить все поля')).toBeTruthy();
    for (const label of ['E-mail', 'Имя', 'Фамилия']) {
      expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
    }
    expect(document.activeElement).toBe(screen.getByLabelText('E-mail'));
    expect(seen.filter((r) => r.path === '/order/createAnonymousOrder/')).toHaveLength(0);

    await fillGuestForm('buyer@example.ru', 'Анна', '   ');
    expect(screen.getByLabelText('Фамилия').getAttribute('aria-invalid')).toBe('true');
    expect(payButton().getAttribute('aria-disabled')).toBe('true');

    fireEvent.input(screen.getByLabelText('Фамилия'), { target: { value: 'Петрова' } });
    await waitFor(() => expect(payButton().getAttribute('aria-disabled')).toBeNull());
    for (const label of ['E-mail', 'Имя', 'Фамилия']) {
      expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBeNull();
    }
    const check = seen.find((r) => r.path === '/registration/validateField/');
    expect(check?.query.get('field')).toBe('email');
    expect(check?.query.get('value')).toBe('buyer@example.ru');
  });

  it('marks an e-mail that does not look like one without asking the server', async () => {
    const seen = serve(checkoutRoutes);
    renderCheckout();
    await fillGuestForm('buyer@', 'Анна', 'Петрова');
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(seen.filter((r) => r.path === '/registration/validateField/')).toHaveLength(0);
    expect(payButton().getAttribute('aria-disabled')).toBe('true');
  });

  it('shows the server message under the e-mail and does not pay', async () => {
    const seen = serve(checkoutRoutes);
    renderCheckout();
    await fillGuestForm('taken@example.ru');

    const email = screen.getByLabelText('E-mail');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    const tooltip = document.getElementById(email.getAttribute('aria-describedby') ?? '');
    expect(tooltip?.textContent).toBe(TAKEN);
    expect(tooltip?.getAttribute('role')).toBe('alert');
    expect(payButton().getAttribute('aria-disabled')).toBe('true');

    await act(async () => fireEvent.click(payButton()));
    expect(seen.filter((r) => r.path === '/order/createAnonymousOrder/')).toHaveLength(0);
    expect(document.activeElement).toBe(email);
  });
});

describe('Checkout: paying', () => {
  it('creates the anonymous order, opens the payment session and submits it into the bank frame', async () => {
    const seen = serve(checkoutRoutes);
    const nav = renderCheckout();
    await fillGuestForm();
    await waitFor(() => expect(payButton().getAttribute('aria-disabled')).toBeNull());

    await act(async () => fireEvent.click(payButton()));
    await waitFor(() => expect(submitted).toHaveLength(1));

    const order = seen.find((r) => r.path === '/order/createAnonymousOrder/');
    expect(order?.method).toBe('POST');
    expect(order?.query.get('sid')).toBe('S1');
    expect(Object.fromEntries(order?.body ?? [])).toEqual({
      email: 'buyer@example.ru',
      name: 'Анна',
      surname: 'Петрова',
      pc: 'bankovskaya_karta',
      payment: 'card',
      delivery: 'eticket',
      token: '',
      cookies: '',
      'extra[fingerprint]': 'visitor-42',
      _csrf: 'T1',
    });
    const session = seen.find((r) => r.path === '/payment/session/501/');
    expect(session?.method).toBe('POST');
    expect(session?.body.get('token')).toBe('ord-501');

    const frame = document.querySelector<HTMLIFrameElement>('iframe[name="pt-bank-frame"]');
    expect(frame?.getAttribute('height')).toBe('791');
    expect(frame?.getAttribute('width')).toBe('100%');
    const form = submitted[0];
    expect(form?.target).toBe('pt-bank-frame');
    expect(form?.method).toBe('post');
    expect(form?.action).toBe(`${ORIGIN}/payment/bank/501/`);
    expect(Object.fromEntries(new FormData(form))).toEqual({
      mdOrder: 'md-501',
      successReturnUrl: '/order/complete/?orderId=501&token=ord-501',
      failReturnUrl: '/shopcart/?payment=failed',
    });
    expect(screen.queryByRole('button', { name: 'Перейти к оплате' })).toBeNull();
    expect(document.activeElement?.textContent).toBe('Оплата банковской картой');
    expect(nav.go).not.toHaveBeenCalled();
  });

  it('follows the bank frame to the success page, and ignores messages from elsewhere', async () => {
    serve(checkoutRoutes);
    const nav = renderCheckout();
    await fillGuestForm();
    await waitFor(() => expect(payButton().getAttribute('aria-disabled')).toBeNull());
    await act(async () => fireEvent.click(payButton()));
    await waitFor(() => expect(submitted).toHaveLength(1));
    const frame = document.querySelector<HTMLIFrameElement>('iframe[name="pt-bank-frame"]');
    const bank = frame?.contentWindow ?? null;
    expect(bank).not.toBeNull();

    const post = (data: unknown, origin: string, source: Window | null) =>
      act(() => {
        window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
      });
    post('provider-pay-success', 'https://evil.example', bank);
    post('provider-pay-success', ORIGIN, window);
    expect(nav.go).not.toHaveBeenCalled();

    post({ type: 'provider-pay-success' }, ORIGIN, bank);
    expect(nav.go).toHaveBeenCalledExactlyOnceWith('/order/complete/?orderId=501&token=ord-501&sid=S1');
  });

  it("follows the bank's own return URL on this site with the session, and tells a partner page (4.9)", async () => {
    const host = {
      partner: { name: 'Партнёр', origins: ['https://partner.example'], cashbackPercent: 0, ownPayFlow: false },
      orderToken: vi.fn(),
      paymentInit: vi.fn(),
      paymentSucceeded: vi.fn(),
      paymentFailed: vi.fn(),
      pushkinCardTermsOfUse: vi.fn(async () => true),
    } satisfies EmbedHost;
    setEmbedHost(host);
    try {
      const { nav, bank } = await openBankFrame();
      expect(host.paymentInit).toHaveBeenCalledExactlyOnceWith('md-501');
      act(() => {
        window.dispatchEvent(
          new MessageEvent('message', {
            data: { type: 'provider-pay-success', returnUrl: `${ORIGIN}/order/complete/?orderId=501&token=bank` },
            origin: ORIGIN,
            source: bank,
          }),
        );
      });
      expect(nav.go).toHaveBeenCalledExactlyOnceWith(`${ORIGIN}/order/complete/?orderId=501&token=bank&sid=S1`);
      expect(host.paymentSucceeded).toHaveBeenCalledExactlyOnceWith({ paymentSessionId: 'md-501' });
      expect(host.paymentFailed).not.toHaveBeenCalled();
    } finally {
      setEmbedHost(null);
    }
  });

  it("ignores a bank return URL on another site and goes to the session's own", async () => {
    const { nav, bank } = await openBankFrame();
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: 'provider-pay-success', returnUrl: 'https://evil.example/phish/' },
          origin: ORIGIN,
          source: bank,
        }),
      );
    });
    expect(nav.go).toHaveBeenCalledExactlyOnceWith('/order/complete/?orderId=501&token=ord-501&sid=S1');
  });

  it('goes to the fail URL on provider-pay-error', async () => {
    const { nav, bank } = await openBankFrame();
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: 'provider-pay-error', origin: ORIGIN, source: bank }));
    });
    expect(nav.go).toHaveBeenCalledExactlyOnceWith('/shopcart/?payment=failed&sid=S1');
  });

  it('shows the processing countdown and creates one order however often the button is pressed', async () => {
    let answer: (value: unknown) => void = () => {};
    const seen = serve({
      ...checkoutRoutes,
      'POST /order/createAnonymousOrder/': () => new Promise((resolve) => (answer = resolve)),
    });
    renderCheckout();
    await fillGuestForm();
    await waitFor(() => expect(payButton().getAttribute('aria-disabled')).toBeNull());

    fireEvent.click(payButton());
    fireEvent.click(payButton());
    await waitFor(() => expect(payButton()).toHaveProperty('disabled', true));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Заказ оформляется: 12 секунд'));
    fireEvent.click(payButton());

    await act(async () => answer({ error: 0, url: '/payment/session/501/', params: { token: 'ord-501' } }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(seen.filter((r) => r.path === '/order/createAnonymousOrder/')).toHaveLength(1);
    expect(seen.filter((r) => r.path === '/payment/session/501/')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('says the order could not be created when the network fails, and lets the buyer try again', async () => {
    serve({ ...checkoutRoutes, 'POST /order/createAnonymousOrder/': () => new TypeError('Failed to fetch') });
    renderCheckout();
    await fillGuestForm();
    await waitFor(() => expect(payButton().getAttribute('aria-disabled')).toBeNull());
    await act(async () => fireEvent.click(payButton()));

    const alert = await screen.findByRole('alertdialog');
    expect(alert.textContent).toContain('Не удалось создать заказ, попробуйте позже.');
    expect(payButton()).toHaveProperty('disabled', false);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('shows the server message of a failed order and reloads the page on closing for 620', async () => {
    serve({
      ...checkoutRoutes,
      'POST /order/createAnonymousOrder/': () => ({ error: 620, message: 'Состав корзины изменился' }),
    });
    const nav = renderCheckout();
    await fillGuestForm();
    await waitFor(() => expect(payButton().getAttribute('aria-disabled')).toBeNull());
    await act(async () => fireEvent.click(payButton()));

    const alert = await screen.findByRole('alertdialog');
    expect(alert.textContent).toContain('Состав корзины изменился');
    expect(nav.reload).not.toHaveBeenCalled();
    fireEvent.click(within(alert).getByRole('button', { name: 'Закрыть' }));
    expect(nav.reload).toHaveBeenCalledTimes(1);
  });

  it('on 113 lets the host confirm the phone, then places the order again; without a host it shows the message', async () => {
    let placed = 0;
    const seen = serve({
      ...checkoutRoutes,
      'GET /order/createSessionOrder/': () =>
        ++placed === 1
          ? { error: 113, message: 'Подтвердите номер телефона' }
          : { error: 0, url: '/payment/session/501/' },
    });
    const asked: Array<{ code: number; message: string; retry: () => Promise<void> }> = [];
    const host = (event: Event) => {
      event.preventDefault();
      asked.push((event as CustomEvent).detail);
    };
    document.addEventListener('phone-confirmation-required', host);
    try {
      renderCheckout({ initialState: basket({ userIsGuest: false }) });
      await act(async () => fireEvent.click(payButton()));
      await waitFor(() => expect(asked).toHaveLength(1));
      expect(asked[0]).toMatchObject({ code: 113, message: 'Подтвердите номер телефона' });
      expect(screen.queryByRole('alertdialog')).toBeNull();
      await act(() => asked[0]!.retry());
      await waitFor(() => expect(submitted).toHaveLength(1));
      expect(seen.filter((r) => r.path === '/order/createSessionOrder/')).toHaveLength(2);
    } finally {
      document.removeEventListener('phone-confirmation-required', host);
    }
    cleanup();
    placed = 0;
    renderCheckout({ initialState: basket({ userIsGuest: false }) });
    await act(async () => fireEvent.click(payButton()));
    expect((await screen.findByRole('alertdialog')).textContent).toContain('Подтвердите номер телефона');
  });

  it('shows no alert for code 638', async () => {
    const seen = serve({
      ...checkoutRoutes,
      'POST /order/createAnonymousOrder/': () => ({ error: 638, message: 'Уже показано' }),
    });
    renderCheckout();
    await fillGuestForm();
    await waitFor(() => expect(payButton().getAttribute('aria-disabled')).toBeNull());
    await act(async () => fireEvent.click(payButton()));
    await waitFor(() => expect(payButton()).toHaveProperty('disabled', false));
    expect(seen.filter((r) => r.path === '/order/createAnonymousOrder/')).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('goes straight to the url of a full gift-card payment', async () => {
    const seen = serve({
      ...checkoutRoutes,
      'POST /order/createAnonymousOrder/': () => ({
        error: 0,
        isFullGiftCardPayment: true,
        url: '/order/complete/?orderId=9',
      }),
    });
    const nav = renderCheckout();
    await fillGuestForm();
    await waitFor(() => expect(payButton().getAttribute('aria-disabled')).toBeNull());
    await act(async () => fireEvent.click(payButton()));
    await waitFor(() => expect(nav.go).toHaveBeenCalledWith('/order/complete/?orderId=9&sid=S1'));
    expect(seen.some((r) => r.path.startsWith('/payment/session/'))).toBe(false);
  });

  it('follows the redirectUrl of the payment session', async () => {
    serve({
      ...checkoutRoutes,
      'POST /payment/session/501/': () => ({ error: 0, redirectUrl: 'https://bank.example/pay/77' }),
    });
    const nav = renderCheckout();
    await fillGuestForm();
    await waitFor(() => expect(payButton().getAttribute('aria-disabled')).toBeNull());
    await act(async () => fireEvent.click(payButton()));
    await waitFor(() => expect(nav.go).toHaveBeenCalledWith('https://bank.example/pay/77'));
    expect(submitted).toHaveLength(0);
  });

  it('shows the card widget in a 300 px frame when the session names provider widget', async () => {
    serve({
      ...checkoutRoutes,
      'POST /payment/session/501/': () => ({
        error: 0,
        url: '/payment/widget/501/',
        get: { provider: 'widget', sessionId: 'ps-501' },
      }),
    });
    renderCheckout();
    await fillGuestForm();
    await waitFor(() => expect(payButton().getAttribute('aria-disabled')).toBeNull());
    await act(async () => fireEvent.click(payButton()));

    const widget = await screen.findByTitle('Оплата банковской картой');
    const src = `${ORIGIN}/payment/widget/501/?provider=widget&sessionId=ps-501`;
    expect(widget.getAttribute('src')).toBe(src);
    expect(widget.getAttribute('height')).toBe('300');
    expect(widget.getAttribute('width')).toBe('100%');
    await waitFor(() => expect(framePages).toContain(src));
    expect(submitted).toHaveLength(0);
  });

  it('keeps the button grey while the order is blocked and shows the cause on click', async () => {
    const seen = serve(checkoutRoutes);
    renderCheckout({
      initialState: basket({ cannotCreateOrder: true, cannotCreateOrderCause: 'Продажи на это мероприятие закрыты' }),
    });
    await fillGuestForm();
    expect(payButton().getAttribute('aria-disabled')).toBe('true');

    await act(async () => fireEvent.click(payButton()));
    expect((await screen.findByRole('alertdialog')).textContent).toContain('Продажи на это мероприятие закрыты');
    expect(seen.filter((r) => r.path === '/order/createAnonymousOrder/')).toHaveLength(0);
  });
});

describe('Checkout: variants', () => {
  it('on a phone reads "Оплатить" and links the user agreement', () => {
    serve(checkoutRoutes);
    happyDom.setViewport({ width: 375, height: 700 });
    renderCheckout();
    expect(screen.getByRole('button', { name: 'Оплатить' })).toBeTruthy();
    const agreement = screen.getByRole('link', {
      name: 'Нажимая кнопку "Оплатить", вы принимаете условия пользовательского соглашения.',
    });
    expect(agreement.getAttribute('href')).toBe('/landing/useragreement/?sid=S1');
  });

  it('on a desktop does not show the agreement line', () => {
    serve(checkoutRoutes);
    renderCheckout();
    expect(payButton()).toBeTruthy();
    expect(screen.queryByText(/вы принимаете условия/)).toBeNull();
  });

  it('in a partner frame lets the buyer choose the payment and delivery', async () => {
    serve(checkoutRoutes);
    renderCheckout({ isIframe: true });
    const card = screen.getByRole('radio', { name: 'Банковской картой' });
    expect(card).toHaveProperty('checked', false);
    // The deliveries depend on the payment: none is offered before it is chosen.
    expect(screen.queryByRole('radio', { name: 'Электронный билет' })).toBeNull();

    await fillGuestForm();
    expect(payButton().getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(card);
    const eticket = await screen.findByRole('radio', { name: 'Электронный билет' });
    expect(eticket).toHaveProperty('checked', true);
    await waitFor(() => expect(payButton().getAttribute('aria-disabled')).toBeNull());
  });

  it('orders as a logged-in buyer through the session order, without the guest form', async () => {
    const seen = serve({
      'GET /order/createSessionOrder/': () => ({ error: 0, url: '/payment/session/77/' }),
      'POST /payment/session/77/': () => ({ error: 0, url: `${ORIGIN}/payment/bank/77/`, get: { mdOrder: 'md-77' } }),
    });
    renderCheckout({ initialState: basket({ userIsGuest: false }) });
    expect(screen.queryByLabelText('E-mail')).toBeNull();

    await act(async () => fireEvent.click(payButton()));
    await waitFor(() => expect(submitted).toHaveLength(1));
    const order = seen.find((r) => r.path === '/order/createSessionOrder/');
    expect(order?.query.get('pm')).toBe('card');
    expect(order?.query.get('dm')).toBe('eticket');
    expect(submitted[0]?.method).toBe('get');
    expect(Object.fromEntries(new FormData(submitted[0]))).toEqual({ mdOrder: 'md-77' });
  });

  it('sends a logged-in buyer on a phone to the bank page of the order', async () => {
    serve({ 'GET /order/createSessionOrder/': () => ({ error: 0, url: '/payment/session/77/' }) });
    happyDom.setViewport({ width: 375, height: 700 });
    const nav = renderCheckout({ initialState: basket({ userIsGuest: false }) });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Оплатить' })));
    await waitFor(() => expect(nav.go).toHaveBeenCalledWith('/payment/bank/77/?sid=S1'));
  });

  it('renders nothing for an empty basket', () => {
    serve({});
    const { container } = render(
      <Checkout http={http} initialState={basket({ tickets: [], ticketCount: 0 })} navigation={navigation()} />,
    );
    expect(container.innerHTML).toBe('');
  });
});
