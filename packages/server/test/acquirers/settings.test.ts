/**
 * The acquirers' settings (config.ts, decision 0030): the sandbox stays the default, each
 * acquirer is all of its variables or none (a half configuration refuses to start, without
 * repeating a secret), the registry registers every configured acquirer and makes the chosen one
 * the default; and the receipt lines (payments/receipt.ts) add up to the amount to the kopeck.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { ConfigError, loadConfig, type ReceiptSettings } from '../../src/config.js';
import type { Database } from '../../src/db/index.js';
import { fitReceiptItems } from '../../src/payments/receipt.js';
import { createPaymentSetup } from '../../src/payments/registry.js';

const STRONG = `${'x'.repeat(16)}production-secret-0123456789`;
const PROD = { NODE_ENV: 'production', SECRET: STRONG };
const YOOKASSA = { YOOKASSA_SHOP_ID: '506751', YOOKASSA_SECRET_KEY: 'live_SECRET-yookassa-0001' };
const TBANK = { TBANK_TERMINAL_KEY: '1690000000000', TBANK_PASSWORD: 'SECRET-tbank-0002' };
const SBER = {
  SBER_USERNAME: 'shop-api',
  SBER_PASSWORD: 'SECRET-sber-0003',
  SBER_CALLBACK_KEY: 'SECRET-sber-key-0004',
};

/** The ConfigError's message, which must never carry a secret. */
function refusal(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).not.toMatch(/SECRET-|live_/);
    return (err as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('payment settings', () => {
  it('keeps the sandbox the default, with receipts of tickets without VAT', () => {
    expect(loadConfig({}).payments).toEqual({
      provider: 'sandbox',
      sandbox: true,
      yookassa: undefined,
      tbank: undefined,
      sber: undefined,
      receipt: { ticketVat: 'none', giftVat: 'none', taxation: 'osn', method: 'full_prepayment' },
    });
    expect(loadConfig(PROD).payments.sandbox).toBe(false);
    expect(loadConfig({ ...PROD, PAYMENT_SANDBOX: '1' }).payments.sandbox).toBe(true);
    expect(loadConfig({ PAYMENT_RECEIPTS: '0' }).payments.receipt).toBeUndefined();
    expect(
      loadConfig({ RECEIPT_VAT: 'vat20', RECEIPT_TAXATION: 'usn_income', RECEIPT_PAYMENT_METHOD: 'full_payment' })
        .payments.receipt,
    ).toEqual({ ticketVat: 'vat20', giftVat: 'vat20', taxation: 'usn_income', method: 'full_payment' });
  });

  it('reads each acquirer with its default API address', () => {
    const payments = loadConfig({ ...PROD, PAYMENT_PROVIDER: 'tbank', ...YOOKASSA, ...TBANK, ...SBER }).payments;
    expect(payments.provider).toBe('tbank');
    expect(payments.yookassa).toEqual({
      shopId: '506751',
      secretKey: YOOKASSA.YOOKASSA_SECRET_KEY,
      apiUrl: 'https://api.yookassa.ru/v3',
      notifyIps: [],
      confirmation: 'redirect',
      widgetUrl: 'https://yookassa.ru/checkout-widget/v1/checkout-widget.js',
    });
    const embedded = loadConfig({ ...YOOKASSA, YOOKASSA_CONFIRMATION: 'embedded' }).payments.yookassa;
    expect(embedded?.confirmation).toBe('embedded');
    expect(refusal({ ...YOOKASSA, YOOKASSA_CONFIRMATION: 'popup' })).toMatch(/YOOKASSA_CONFIRMATION must be one of/);
    expect(refusal({ ...PROD, ...YOOKASSA, YOOKASSA_WIDGET_URL: 'http://cdn.test/w.js' })).toMatch(
      /YOOKASSA_WIDGET_URL must be an https address/,
    );
    expect(
      loadConfig({ ...SBER, SBER_PAGE_URL: 'https://3dsec.sberbank.ru/payment/merchants/shop/payment_ru.html' })
        .payments.sber,
    ).toMatchObject({
      pageUrl: 'https://3dsec.sberbank.ru/payment/merchants/shop/payment_ru.html',
    });
    expect(payments.tbank?.apiUrl).toBe('https://securepay.tinkoff.ru/v2');
    expect(payments.sber?.apiUrl).toBe('https://securepayments.sberbank.ru/payment/rest');
    expect(
      loadConfig({ ...YOOKASSA, YOOKASSA_NOTIFY_IPS: '185.71.76.0/27, 77.75.156.11' }).payments.yookassa?.notifyIps,
    ).toEqual(['185.71.76.0/27', '77.75.156.11']);
    expect(loadConfig({ ...SBER, SBER_API_URL: 'https://3dsec.sberbank.ru/payment/rest/' }).payments.sber?.apiUrl).toBe(
      'https://3dsec.sberbank.ru/payment/rest',
    );
  });

  it('refuses to start with a half configuration, naming the variables and never their values', () => {
    expect(refusal({ PAYMENT_PROVIDER: 'yookassa' })).toMatch(/YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY/);
    expect(refusal({ YOOKASSA_SECRET_KEY: YOOKASSA.YOOKASSA_SECRET_KEY })).toMatch(/YOOKASSA_SHOP_ID not set/);
    expect(refusal({ TBANK_PASSWORD: TBANK.TBANK_PASSWORD })).toMatch(/TBANK_TERMINAL_KEY/);
    expect(refusal({ ...SBER, SBER_CALLBACK_KEY: '' })).toMatch(/SBER_CALLBACK_KEY not set/);
    expect(refusal({ PAYMENT_PROVIDER: 'paypal' })).toMatch(/PAYMENT_PROVIDER must be one of/);
    expect(refusal({ RECEIPT_VAT: '18' })).toMatch(/RECEIPT_VAT/);
    expect(refusal({ ...PROD, ...TBANK, TBANK_API_URL: 'http://127.0.0.1:9/v2' })).toMatch(/https/);
    // Outside production a local simulator may be plain HTTP.
    expect(loadConfig({ ...TBANK, TBANK_API_URL: 'http://127.0.0.1:9/v2' }).payments.tbank?.apiUrl).toBe(
      'http://127.0.0.1:9/v2',
    );
  });

  it('registers every configured acquirer and makes the chosen one the default', () => {
    const config = loadConfig({ ...PROD, PAYMENT_PROVIDER: 'sber', ...YOOKASSA, ...TBANK, ...SBER });
    const deps = { db: {} as Database, clock: new ManualClock(), config };
    const { providers, sandboxBank } = createPaymentSetup(deps, { deliverSandboxCallback: async () => 200 });
    expect(providers.default?.name).toBe('sber');
    for (const name of ['yookassa', 'tbank', 'sber', 'mts_pay']) expect(providers.get(name)?.name).toBe(name);
    expect(providers.get('sandbox')).toBeUndefined();
    expect(sandboxBank).toBeUndefined();
    const sandboxOnly = createPaymentSetup(
      { ...deps, config: loadConfig({}) },
      { deliverSandboxCallback: async () => 200 },
    );
    expect(sandboxOnly.providers.default?.name).toBe('sandbox');
    expect(sandboxOnly.providers.get('yookassa')).toBeUndefined();
  });
});

describe('receipt lines', () => {
  const settings: ReceiptSettings = { ticketVat: 'none', giftVat: 'vat20', taxation: 'osn', method: 'full_prepayment' };
  const lines = [
    { name: 'Билет «Чайка»', quantity: 3, amount: 300_000, kind: 'ticket' as const },
    { name: 'Подарок к билету «Чайка»', quantity: 2, amount: 50_000, kind: 'gift' as const },
  ];

  it('lists tickets as services and gifts as goods, each at its VAT, when the whole price is paid', () => {
    expect(fitReceiptItems(lines, 350_000, settings)).toEqual([
      {
        name: 'Билет «Чайка»',
        quantity: 3,
        price: 100_000,
        amount: 300_000,
        vat: 'none',
        subject: 'service',
        method: 'full_prepayment',
      },
      {
        name: 'Подарок к билету «Чайка»',
        quantity: 2,
        price: 25_000,
        amount: 50_000,
        vat: 'vat20',
        subject: 'commodity',
        method: 'full_prepayment',
      },
    ]);
  });

  it('scales the lines to a smaller amount to the kopeck, splitting a line that no longer divides', () => {
    for (const amount of [349_999, 123_457, 100, 7]) {
      const items = fitReceiptItems(lines, amount, settings);
      expect(items.reduce((sum, i) => sum + i.amount, 0)).toBe(amount);
      for (const i of items) {
        expect(i.quantity * i.price).toBe(i.amount);
        expect(i.price).toBeGreaterThan(0);
      }
    }
    const tickets = fitReceiptItems(lines, 349_999, settings).filter((i) => i.subject === 'service');
    // 300 000 of 350 000 is 299 999.14 of 349 999, the gifts' 49 999.86 get the kopeck left over.
    expect(tickets.map((i) => [i.quantity, i.price])).toEqual([
      [1, 99_999],
      [2, 100_000],
    ]);
    expect(fitReceiptItems(lines, 0, settings)).toEqual([]);
  });
});
