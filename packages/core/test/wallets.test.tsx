/**
 * Device wallets (hall-basket-checkout.md 4.10, 7.6, 8.5, 9) through their controller and the
 * wallet buttons, with the Payment Request API, the phone-maker wallet's session and the Android
 * app's bridge faked at the browser's boundary, and the server at the network's.
 */
import {
  type AndroidBridge,
  type ApplePaySessionClass,
  type ApplePaySessionLike,
  GOOGLE_PAY_METHOD,
  WalletButtons,
  type WalletButtonsProps,
  type WalletConfig,
  type WalletDevice,
} from '@partera/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, type Route, serve } from './support/server.js';

const PAID = '/order/complete/?orderId=77&token=ord-77';
const FALLBACK = { success: PAID, fail: '/shopcart/?payment=failed&orderId=77' };

const config = (over: Partial<WalletConfig> = {}): WalletConfig => ({
  gateway: 'partera-sandbox',
  gatewayMerchantId: 'sandbox-merchant',
  merchantId: 'BCR2DN4T00000000',
  merchantName: 'Partera',
  environment: 'TEST',
  type: 1,
  isAndroidApp: false,
  orderTotal: 3500,
  orderId: '77',
  ...over,
});

const navigation = () => ({ go: vi.fn<(url: string) => void>(), reload: vi.fn<() => void>() });
const order = () => Promise.resolve({ orderId: '77' });

/** A Payment Request API that offers the browser wallet (or not) and answers the sheet with this token. */
function paymentRequest(opts: { canPay: boolean; token?: string; abort?: boolean }) {
  const seen: { methods: PaymentMethodData[]; details: PaymentDetailsInit }[] = [];
  const completed: string[] = [];
  class FakePaymentRequest {
    constructor(methods: PaymentMethodData[], details: PaymentDetailsInit) {
      seen.push({ methods, details });
    }
    async canMakePayment() {
      return opts.canPay;
    }
    async show() {
      if (opts.abort) throw Object.assign(new Error('closed'), { name: 'AbortError' });
      return {
        details: { paymentMethodData: { tokenizationData: { type: 'PAYMENT_GATEWAY', token: opts.token ?? '' } } },
        complete: async (result: string) => {
          completed.push(result);
        },
      };
    }
  }
  return { PaymentRequest: FakePaymentRequest as unknown as typeof PaymentRequest, seen, completed };
}

function device(over: Partial<WalletDevice> = {}): WalletDevice & { waits: number } {
  const d = {
    waits: 0,
    PaymentRequest: undefined,
    ApplePaySession: undefined,
    androidBridge: () => undefined,
    messages: window,
    async wait() {
      d.waits++;
    },
    ...over,
  };
  return d;
}

/** The wallet buttons for order 77, with the test's config, device and navigation. */
function wallets(props: Partial<WalletButtonsProps> & Pick<WalletButtonsProps, 'config' | 'device'>) {
  return render(
    <WalletButtons http={http} navigation={navigation()} order={order} fallbackUrls={FALLBACK} {...props} />,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('browser wallet (Payment Request API)', () => {
  it('shows its button where the browser offers it and pays the order with the token', async () => {
    const seen = serve({ 'POST /pay/googlepayproceed/': () => ({ error: 0, url: PAID }) });
    const pr = paymentRequest({ canPay: true, token: '{"signature":"s"}' });
    const nav = navigation();
    wallets({
      navigation: nav,
      config: config(),
      wallets: ['google_pay'],
      device: device({ PaymentRequest: pr.PaymentRequest }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Оплатить через Google Pay' }));
    await waitFor(() => expect(nav.go).toHaveBeenCalledWith(`${PAID}&sid=S1`));
    const call = seen.find((r) => r.path === '/pay/googlepayproceed/')!;
    expect(call.body.get('orderId')).toBe('77');
    expect(call.body.get('token')).toBe('{"signature":"s"}');
    expect(pr.completed).toEqual(['success']);
    // Spec 9: the networks, auth methods, FINAL price and the gateway of 3.17.
    const { methods, details } = pr.seen[0]!;
    expect(methods[0]!.supportedMethods).toBe(GOOGLE_PAY_METHOD);
    expect(methods[0]!.data).toMatchObject({
      environment: 'TEST',
      allowedPaymentMethods: [
        {
          parameters: {
            allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
            allowedCardNetworks: ['AMEX', 'DISCOVER', 'JCB', 'MASTERCARD', 'VISA'],
          },
          tokenizationSpecification: {
            parameters: { gateway: 'partera-sandbox', gatewayMerchantId: 'sandbox-merchant' },
          },
        },
      ],
      transactionInfo: { totalPriceStatus: 'FINAL', totalPrice: '3500.00', currencyCode: 'RUB' },
    });
    expect(details.total.amount).toEqual({ currency: 'RUB', value: '3500.00' });
  });

  it.each([
    [0, 'Ваше устройство или браузер не поддерживает оплату через Google Pay.'],
    [
      1,
      'Для совершения оплаты необходимо устройство, поддерживающее Google Pay. Ваше устройство не поддерживает Google Pay.',
    ],
  ] as const)('says the not-supported text of 8.5 for configuration type %i', async (type, text) => {
    const onAvailability = vi.fn();
    wallets({
      config: config({ type }),
      wallets: ['google_pay'],
      device: device({ PaymentRequest: paymentRequest({ canPay: false }).PaymentRequest }),
      onAvailability,
    });
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    await waitFor(() => expect(onAvailability).toHaveBeenCalledWith('google_pay', false));
  });

  it('posts MD, PaReq and TermUrl to the ACS page in the payment frame when the card asks for 3-D Secure', async () => {
    const acs = { acsUrl: 'http://localhost:3000/sandbox-bank/acs/', orderId: 'pay-1', paReq: 'pa-req', termUrl: PAID };
    // The answer may come as a JSON string holding the object (7.6).
    serve({ 'POST /pay/googlepayproceed/': () => Response.json(JSON.stringify({ error: 0, data: { data: acs } })) });
    const submitted = vi.spyOn(HTMLFormElement.prototype, 'requestSubmit').mockImplementation(() => {});
    const { container } = wallets({
      config: config(),
      wallets: ['google_pay'],
      device: device({ PaymentRequest: paymentRequest({ canPay: true, token: 't' }).PaymentRequest }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Оплатить через Google Pay' }));
    await waitFor(() => expect(container.querySelector('form')).not.toBeNull());
    const form = container.querySelector('form')!;
    expect(form.getAttribute('action')).toBe('http://localhost:3000/sandbox-bank/acs/');
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('target')).toBe(container.querySelector('iframe')!.getAttribute('name'));
    const fields = Object.fromEntries(
      [...form.querySelectorAll('input')].map((i) => [i.getAttribute('name'), i.getAttribute('value')]),
    );
    expect(fields).toEqual({ MD: 'pay-1', PaReq: 'pa-req', TermUrl: PAID });
    await waitFor(() => expect(submitted).toHaveBeenCalledTimes(1));
  });

  it.each([
    [
      'the server’s error',
      () => ({ error: 1, message: 'Операция отклонена банком-эмитентом' }),
      'x',
      'Ошибка оплаты. Операция отклонена банком-эмитентом',
    ],
    ['a network failure', () => new Error('offline'), 'x', 'Произошла непредвиденная ошибка в процессе оплаты.'],
    ['an empty token', () => ({ error: 0, url: PAID }), '', 'Произошла ошибка в процессе оплаты.'],
  ] as [string, Route, string, string][])('tells %s in the words of 8.5', async (_what, route, token, message) => {
    const seen = serve({ 'POST /pay/googlepayproceed/': route });
    const pr = paymentRequest({ canPay: true, token });
    wallets({ config: config(), wallets: ['google_pay'], device: device({ PaymentRequest: pr.PaymentRequest }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Оплатить через Google Pay' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(pr.completed).toEqual(['fail']);
    if (token === '') expect(seen).toHaveLength(0);
  });

  it('says nothing when the buyer closes the wallet’s sheet', async () => {
    const seen = serve({});
    wallets({
      config: config(),
      wallets: ['google_pay'],
      device: device({ PaymentRequest: paymentRequest({ canPay: true, abort: true }).PaymentRequest }),
    });
    const button = await screen.findByRole('button', { name: 'Оплатить через Google Pay' });
    fireEvent.click(button);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(seen).toHaveLength(0);
  });
});

describe('Android app bridge', () => {
  /** The app's bridge: answers isReadyToGPay and processGPay with window messages. */
  function bridge(ready: boolean, token: string): AndroidBridge & { events: string[] } {
    const events: string[] = [];
    return {
      events,
      postMessage(message: string) {
        const { event, payload } = JSON.parse(message);
        events.push(event);
        expect(payload).toMatchObject({ price: '3500.00', gateway: 'partera-sandbox', currencyCode: 'RUB' });
        const reply =
          event === 'isReadyToGPay' ? { event: 'isReadyToPay', isReadyToPay: ready } : { event: 'token', token };
        setTimeout(() => window.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(reply) })), 0);
      },
    };
  }

  it('waits for the bridge (retried 100 ms apart), asks isReadyToGPay, and pays with processGPay’s token', async () => {
    const seen = serve({ 'POST /pay/googlepayproceed/': () => ({ error: 0, url: PAID }) });
    const app = bridge(true, '{"android":"token"}');
    const d = device({ androidBridge: () => (d.waits >= 5 ? app : undefined) });
    const nav = navigation();
    wallets({ navigation: nav, config: config({ isAndroidApp: true }), wallets: ['google_pay'], device: d });
    fireEvent.click(await screen.findByRole('button', { name: 'Оплатить через Google Pay' }));
    await waitFor(() => expect(nav.go).toHaveBeenCalled());
    expect(d.waits).toBe(5);
    expect(app.events).toEqual(['isReadyToGPay', 'processGPay']);
    expect(seen[0]!.body.get('token')).toBe('{"android":"token"}');
  });

  it('gives up after 30 tries: the wallet is not supported', async () => {
    const d = device();
    wallets({ config: config({ isAndroidApp: true, type: 0 }), wallets: ['google_pay'], device: d });
    expect(
      await screen.findByText('Ваше устройство или браузер не поддерживает оплату через Google Pay.'),
    ).toBeTruthy();
    expect(d.waits).toBe(30);
  });
});

describe('phone-maker wallet', () => {
  function applePay(canPay: boolean) {
    const sessions: (ApplePaySessionLike & { request: unknown; completed: number[]; merchant: unknown })[] = [];
    class Session {
      static STATUS_SUCCESS = 0;
      static STATUS_FAILURE = 1;
      static canMakePayments = () => canPay;
      onvalidatemerchant: ApplePaySessionLike['onvalidatemerchant'] = null;
      onpaymentauthorized: ApplePaySessionLike['onpaymentauthorized'] = null;
      oncancel: ApplePaySessionLike['oncancel'] = null;
      completed: number[] = [];
      merchant: unknown = null;
      constructor(
        _version: number,
        readonly request: unknown,
      ) {
        sessions.push(this);
      }
      begin() {
        this.onvalidatemerchant?.({
          validationURL: 'https://apple-pay-gateway.apple.com/paymentservices/startSession',
        });
      }
      abort() {}
      completeMerchantValidation(merchant: unknown) {
        this.merchant = merchant;
        this.onpaymentauthorized?.({ payment: { token: { paymentData: { data: 'x' } } } });
      }
      completePayment(status: number) {
        this.completed.push(status);
      }
    }
    return { ApplePaySession: Session as unknown as ApplePaySessionClass, sessions };
  }

  it('validates the merchant through the shop, sends the token and follows the url', async () => {
    const seen = serve({
      'GET /pay/applepaysession/': () => ({ merchantSessionIdentifier: 'm-1' }),
      'POST /pay/applepayproceed/': () => ({ error: 0, url: PAID }),
    });
    const apple = applePay(true);
    const nav = navigation();
    wallets({
      navigation: nav,
      config: config(),
      wallets: ['apple_pay'],
      device: device({ ApplePaySession: apple.ApplePaySession }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Оплатить через Apple Pay' }));
    await waitFor(() => expect(nav.go).toHaveBeenCalledWith(`${PAID}&sid=S1`));
    const session = apple.sessions[0]!;
    expect(session.request).toMatchObject({
      countryCode: 'RU',
      supportedNetworks: ['visa', 'masterCard'],
      merchantCapabilities: ['supports3DS'],
    });
    expect(session.merchant).toEqual({ merchantSessionIdentifier: 'm-1' });
    expect(session.completed).toEqual([0]);
    expect(seen[0]!.query.get('url')).toBe('https://apple-pay-gateway.apple.com/paymentservices/startSession');
    expect(JSON.parse(seen[1]!.body.get('token')!)).toEqual({ paymentData: { data: 'x' } });
  });

  it('says ‘Непредвиденная ошибка оплаты.’ when the payment fails', async () => {
    serve({
      'GET /pay/applepaysession/': () => ({ merchantSessionIdentifier: 'm-1' }),
      'POST /pay/applepayproceed/': () => ({ error: 1, message: 'Заказ не найден' }),
    });
    const apple = applePay(true);
    wallets({ config: config(), wallets: ['apple_pay'], device: device({ ApplePaySession: apple.ApplePaySession }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Оплатить через Apple Pay' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Непредвиденная ошибка оплаты.');
    expect(apple.sessions[0]!.completed).toEqual([1]);
  });

  it('shows the not-supported text where the device has no such wallet', async () => {
    wallets({
      config: config({ type: 2 }),
      wallets: ['apple_pay'],
      device: device({ ApplePaySession: applePay(false).ApplePaySession }),
    });
    expect(
      await screen.findByText(
        'Для совершения оплаты необходимо устройство, поддерживающее Apple Pay. Ваше устройство не поддерживает Apple Pay.',
      ),
    ).toBeTruthy();
  });
});
