/**
 * SBP (decision 0036): the order's QR code drawn from the server's path, the link to the bank's
 * app on a phone, polling the payment's state with back-off until it is paid (then the order's
 * page) or declined (then paid again); an SBP order's payment session opens it in the bank
 * frame's place.
 */
import { PaymentFrame, paymentStartOf, SbpPayment } from '@partera/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { http, serve } from './support/server.js';

const PAID = '/order/complete/?orderId=77&token=ord-77';
const QR = { size: 29, path: 'M4 4h7v1h-7z' };
const POLL = { first: 5, max: 20 };
/** The SBP call's answer: the QR code and the bank app's link. */
const sbpAnswer = () => ({
  error: 0,
  status: 'pending',
  payload: 'https://qr.test/1',
  appUrl: 'https://qr.test/1',
  qr: QR,
});
const navigation = () => ({ go: vi.fn<(url: string) => void>(), reload: vi.fn<() => void>() });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('draws the QR code, polls until the bank has the payment, then opens the order', async () => {
  const states = [
    { error: 0, status: 'pending' },
    new Error('offline'),
    { error: 0, status: 'paid', redirectUrl: PAID },
  ];
  const seen = serve({
    'POST /payment/sbp/77/': sbpAnswer,
    'GET /payment/state/77/': () => states.shift() ?? { error: 0, status: 'paid', redirectUrl: PAID },
  });
  const nav = navigation();
  render(<SbpPayment http={http} navigation={nav} order={{ orderId: '77', orderToken: 'ord-77' }} pollMs={POLL} />);
  const qr = await screen.findByRole('img', { name: 'QR-код для оплаты через СБП' });
  expect(qr.getAttribute('viewBox')).toBe('0 0 29 29');
  expect(qr.querySelector('path')!.getAttribute('d')).toBe(QR.path);
  await waitFor(() => expect(nav.go).toHaveBeenCalledWith(`${PAID}&sid=S1`));
  const polls = seen.filter((r) => r.path === '/payment/state/77/');
  expect(polls).toHaveLength(3);
  expect(polls[0]!.query.get('token')).toBe('ord-77');
  expect(seen.filter((r) => r.path === '/payment/sbp/77/')).toHaveLength(1);
});

it('shows the link to the bank’s app on a phone', async () => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  serve({
    'POST /payment/sbp/77/': sbpAnswer,
    'GET /payment/state/77/': () => ({ error: 0, status: 'pending' }),
  });
  render(<SbpPayment http={http} navigation={navigation()} order={{ orderId: '77' }} pollMs={POLL} />);
  const link = await screen.findByRole('link', { name: 'Открыть приложение банка' });
  expect(link.getAttribute('href')).toBe('https://qr.test/1');
});

it('tells a declined payment and pays again', async () => {
  let declined = true;
  const seen = serve({
    'POST /payment/sbp/77/': sbpAnswer,
    'GET /payment/state/77/': () =>
      declined
        ? { error: 0, status: 'declined', message: 'Оплата отклонена в приложении банка' }
        : { error: 0, status: 'paid', redirectUrl: PAID },
  });
  const nav = navigation();
  render(<SbpPayment http={http} navigation={nav} order={{ orderId: '77' }} pollMs={POLL} />);
  expect((await screen.findByRole('alert')).textContent).toBe('Оплата отклонена в приложении банка');
  declined = false;
  fireEvent.click(screen.getByRole('button', { name: 'Оплатить ещё раз' }));
  await waitFor(() => expect(nav.go).toHaveBeenCalled());
  expect(seen.filter((r) => r.path === '/payment/sbp/77/')).toHaveLength(2);
});

it('opens an acquirer’s page that refuses to be framed in the whole window', () => {
  const answer = {
    error: 0,
    provider: 'yookassa',
    url: 'https://yoomoney.test/checkout/payments/v2/contract',
    get: { orderId: 'y-1' },
    target: 'top' as const,
  };
  expect(paymentStartOf(answer)).toEqual({
    kind: 'redirect',
    url: 'https://yoomoney.test/checkout/payments/v2/contract?orderId=y-1',
  });
  expect(paymentStartOf({ ...answer, target: undefined }).kind).toBe('form');
});

it('opens an SBP order’s payment in the bank frame’s place', async () => {
  const start = paymentStartOf({
    error: 0,
    provider: 'sbp',
    url: 'http://localhost:3000/payment/sbp/77/?token=ord-77',
  });
  expect(start).toEqual({ kind: 'sbp', url: 'http://localhost:3000/payment/sbp/77/?token=ord-77' });
  const seen = serve({
    'POST /payment/sbp/77/': () => ({ error: 1, message: 'Заказ отменён. Выберите билеты заново.' }),
  });
  if (start.kind !== 'sbp') throw new Error('not sbp');
  render(
    <PaymentFrame start={start} http={http} navigation={navigation()} fallbackUrls={{ success: PAID, fail: '/' }} />,
  );
  expect((await screen.findByRole('alert')).textContent).toBe('Заказ отменён. Выберите билеты заново.');
  expect(seen[0]!.body.get('token')).toBe('ord-77');
});
