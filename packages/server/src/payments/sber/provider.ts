import { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { ReceiptSettings, SberSettings, TaxSystem, VatCode } from '../../config.js';
import type { Queryable } from '../../db/index.js';
import { registerOnce } from '../acquirers/attempts.js';
import { AcquirerError, callAcquirer, pageUrlOf, redirectTo } from '../acquirers/http.js';
import { refundOnce } from '../acquirers/refund-guard.js';
import type {
  CallbackRequest,
  PartRefundAnswer,
  PaymentEvent,
  PaymentOrder,
  PaymentProvider,
  PaymentStart,
  ProviderPaymentStatus,
  Receipt,
  ReceiptItem,
  ReturnUrls,
  SbpStart,
  WalletOutcome,
  WalletToken,
} from '../provider.js';
import { refundReceipt } from '../receipt.js';
import { REFUND_MESSAGES } from '../refunds.js';
import { sberChecksumMatches } from './checksum.js';

/**
 * Sber's internet acquiring, the REST interface under /payment/rest/, from its public
 * documentation. Every call is a form POST with the merchant's API login (userName, password),
 * answered in JSON; an errorCode other than 0 is a refusal with errorMessage.
 *
 * - register.do {orderNumber, amount in kopecks, returnUrl, failUrl, description, email,
 *   orderBundle (the receipt's cartItems), taxSystem} answers orderId (the payment's id here) and
 *   formUrl. orderNumber is unique per registration: each attempt to pay an order has a number of
 *   its own, `{order number}-{n}` (acquirers/attempts.ts). Before registering, the shop asks
 *   getOrderStatusExtended.do {orderNumber} whether an earlier register under that number reached
 *   Sber and lost its answer: such an order, still unpaid, is reused (its page is the merchant's
 *   payment page with mdOrder: `pageUrl`), since Sber would refuse a second register.do with that
 *   orderNumber ('Заказ с таким номером уже обработан').
 * - SBP: register.do, then sbp/c2b/qr/dynamic/get.do {mdOrder} answers payload, the QR code's link.
 * - device wallets: /payment/google/payment.do and /payment/applepay/payment.do (JSON, beside the
 *   REST interface) {merchant, orderNumber, paymentToken: the wallet's token as it came, …}
 *   register and pay an order at once: {success, data {orderId, acsUrl, paReq, termUrl}} (3-D
 *   Secure: the card's bank answers to Sber's termUrl) or {success false, error {code, message}}.
 * - callbacks carry mdOrder, orderNumber, operation (deposited, approved, reversed, refunded,
 *   declinedByTimeout …), status (1 done, 0 failed) and checksum (checksum.ts).
 * - getOrderStatusExtended.do {orderId} tells orderStatus and paymentAmountInfo, for polling.
 * - refund.do {orderId, amount, refundItems} returns money; it takes no idempotency key, so the
 *   shop's own guard (acquirers/refund-guard.ts) makes a return key pay once.
 */
export const SBER = 'sber';

/** tax.taxType of a cart item. */
const TAX_TYPE: Record<VatCode, number> = {
  none: 0,
  vat0: 1,
  vat10: 2,
  vat110: 4,
  vat20: 6,
  vat120: 7,
  vat5: 8,
  vat7: 9,
  vat105: 10,
  vat107: 11,
};

/** taxSystem. */
const TAX_SYSTEM: Record<TaxSystem, number> = { osn: 0, usn_income: 1, usn_income_outcome: 2, esn: 4, patent: 5 };
/** itemAttributes paymentMethod and paymentObject. */
const PAYMENT_METHOD = { full_prepayment: 1, full_payment: 4 } as const;
const PAYMENT_OBJECT = { commodity: 1, service: 4 } as const;

/** The longest cart item name Sber takes. */
const NAME_MAX = 100;

const code = z.union([z.string(), z.number()]).transform(String);

const qrSchema = z.looseObject({ errorCode: code.optional(), payload: z.string().optional() });

const walletSchema = z.looseObject({
  success: z.boolean(),
  data: z
    .looseObject({
      orderId: z.string().min(1).max(100).optional(),
      acsUrl: z.string().optional(),
      paReq: z.string().optional(),
      termUrl: z.string().optional(),
    })
    .optional(),
  error: z.looseObject({ code: code.optional() }).optional(),
});

/** The wallet payment.do of each wallet, beside /payment/rest/. */
const WALLET_PATH = { google_pay: 'google/payment.do', apple_pay: 'applepay/payment.do' } as const;

/** Why a wallet payment was declined, for the buyer (after 'Ошибка оплаты. ', spec 8.5). */
export const SBER_DECLINED = 'Платёж отклонён банком';

const registerSchema = z.looseObject({
  orderId: z.string().min(1).max(100).optional(),
  formUrl: z.string().optional(),
  errorCode: code.optional(),
});

const plainSchema = z.looseObject({ errorCode: code.optional() });

const statusSchema = z.looseObject({
  errorCode: code.optional(),
  orderStatus: z.number().int().optional(),
  orderNumber: z.string().optional(),
  /** Looked up by orderNumber: the order's own id is the attribute mdOrder. */
  attributes: z.array(z.looseObject({ name: z.string(), value: z.string() })).optional(),
  amount: z.number().int().optional(),
  actionCodeDescription: z.string().optional(),
  paymentAmountInfo: z
    .looseObject({ refundedAmount: z.number().int().optional(), depositedAmount: z.number().int().optional() })
    .optional(),
});
type SberStatus = z.infer<typeof statusSchema>;

/** An order getOrderStatusExtended.do found under one of the shop's attempt numbers. */
interface Found {
  paymentId: string;
  status: number | undefined;
  amount: number | undefined;
}

/** The merchant's payment page under the API's host when SBER_PAGE_URL does not name another. */
const DEFAULT_PAGE_PATH = '/payment/merchants/sbersafe_sberid/payment_ru.html';

const callbackSchema = z.object({
  mdOrder: z.string().min(1).max(100),
  orderNumber: z.string().max(100),
  operation: z.string().max(40),
  status: z.enum(['0', '1']),
  amount: z
    .string()
    .regex(/^\d{1,12}$/)
    .optional(),
  checksum: z.string().max(128),
});

function cartItem(item: ReceiptItem, i: number) {
  return {
    positionId: String(i + 1),
    name: item.name.length <= NAME_MAX ? item.name : `${item.name.slice(0, NAME_MAX - 1)}…`,
    quantity: { value: item.quantity, measure: 'шт' },
    itemAmount: item.amount,
    itemPrice: item.price,
    itemCode: String(i + 1),
    tax: { taxType: TAX_TYPE[item.vat] },
    itemAttributes: {
      attributes: [
        { name: 'paymentMethod', value: String(PAYMENT_METHOD[item.method]) },
        { name: 'paymentObject', value: String(PAYMENT_OBJECT[item.subject]) },
      ],
    },
  };
}

function cartItems(items: readonly ReceiptItem[]) {
  return { items: items.map(cartItem) };
}

/** The callback's parameters as sent: a form or JSON body, or the query of a GET-style callback. */
function callbackFields(request: CallbackRequest): Record<string, string> | null {
  for (const source of [request.body, request.query]) {
    if (source && typeof source === 'object' && 'mdOrder' in source) {
      const entries = Object.entries(source as Record<string, unknown>);
      if (!entries.every(([, v]) => typeof v === 'string')) return null;
      return Object.fromEntries(entries) as Record<string, string>;
    }
  }
  return null;
}

export class SberProvider implements PaymentProvider {
  readonly name = SBER;

  constructor(
    private readonly opts: {
      db: Queryable;
      clock: Clock;
      settings: SberSettings;
      receipt: ReceiptSettings | undefined;
    },
  ) {}

  /** One call; an errorCode other than 0 throws AcquirerError 'refused' with it. */
  private async call<T>(method: string, params: Record<string, string>, schema: z.ZodType<T>): Promise<T> {
    const { userName, password, apiUrl } = this.opts.settings;
    const answer = await callAcquirer({
      provider: SBER,
      operation: method,
      url: `${apiUrl}/${method}`,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ userName, password, ...params }).toString(),
    });
    const parsed = schema.safeParse(answer.json);
    if (answer.status !== 200 || !parsed.success)
      throw new AcquirerError(SBER, method, 'refused', String(answer.status));
    const errorCode = (parsed.data as { errorCode?: string }).errorCode;
    if (errorCode !== undefined && errorCode !== '0') throw new AcquirerError(SBER, method, 'refused', errorCode);
    return parsed.data;
  }

  private registerFields(order: PaymentOrder, urls: ReturnUrls, orderNumber: string): Record<string, string> {
    const receipt = this.opts.receipt && order.receipt.items.length > 0 ? this.opts.receipt : undefined;
    return {
      orderNumber,
      amount: String(order.amount),
      currency: '643',
      returnUrl: urls.successUrl,
      failUrl: urls.failUrl,
      description: order.description,
      language: 'ru',
      email: order.email,
      ...(receipt
        ? {
            orderBundle: JSON.stringify({
              customerDetails: { email: order.receipt.email },
              cartItems: cartItems(order.receipt.items),
            }),
            taxSystem: String(TAX_SYSTEM[receipt.taxation]),
          }
        : {}),
    };
  }

  private async registerOrder(order: PaymentOrder, urls: ReturnUrls, orderNumber: string) {
    const answer = await this.call('register.do', this.registerFields(order, urls, orderNumber), registerSchema);
    const page = pageUrlOf(answer.formUrl);
    if (!answer.orderId || !page) throw new AcquirerError(SBER, 'register.do', 'refused', 'no formUrl');
    return { orderId: answer.orderId, page };
  }

  /** The order Sber holds under one of the shop's attempt numbers; undefined: none ('Заказ не найден'). */
  private async find(orderNumber: string): Promise<Found | undefined> {
    let books: SberStatus;
    try {
      books = await this.call('getOrderStatusExtended.do', { orderNumber, language: 'ru' }, statusSchema);
    } catch (err) {
      if (err instanceof AcquirerError && err.kind === 'refused' && err.code === '6') return undefined;
      throw err;
    }
    const id = books.attributes?.find((a) => a.name === 'mdOrder')?.value;
    if (!id) throw new AcquirerError(SBER, 'getOrderStatusExtended.do', 'refused', 'no mdOrder');
    return { paymentId: id, status: books.orderStatus, amount: books.amount };
  }

  /** Each attempt under its own number; an unpaid order of a lost register.do, for this amount, is reused. */
  private register<T>(
    order: PaymentOrder,
    reuse: (found: Found) => Promise<T | undefined>,
    register: (orderNumber: string) => Promise<T>,
  ): Promise<T> {
    return registerOnce(this.opts.db, SBER, order, {
      find: (orderNumber) => this.find(orderNumber),
      reuse: (found) => (found.amount === order.amount ? reuse(found) : Promise.resolve(undefined)),
      register,
    });
  }

  /** The payment page of an order, as register.do's formUrl names it: the merchant's page with mdOrder. */
  private pageOf(orderId: string): string {
    const page = new URL(
      this.opts.settings.pageUrl ?? new URL(DEFAULT_PAGE_PATH, `${this.opts.settings.apiUrl}/`).toString(),
    );
    page.searchParams.set('mdOrder', orderId);
    return page.toString();
  }

  async createSession(order: PaymentOrder, urls: ReturnUrls): Promise<PaymentStart> {
    return this.register(
      order,
      async (found) => (found.status === 0 ? redirectTo(found.paymentId, this.pageOf(found.paymentId)) : undefined),
      async (orderNumber) => {
        const { orderId, page } = await this.registerOrder(order, urls, orderNumber);
        return redirectTo(orderId, page);
      },
    );
  }

  /** SBP: the order's dynamic QR code link, for a new order or one whose register.do answer was lost. */
  async createSbpSession(order: PaymentOrder, urls: ReturnUrls): Promise<SbpStart> {
    const qr = async (mdOrder: string): Promise<SbpStart> => {
      const answer = await this.call(
        'sbp/c2b/qr/dynamic/get.do',
        { mdOrder, qrHeight: '512', qrWidth: '512', qrFormat: 'matrix' },
        qrSchema,
      );
      const payload = pageUrlOf(answer.payload);
      if (!payload) throw new AcquirerError(SBER, 'sbp/c2b/qr/dynamic/get.do', 'refused', 'no payload');
      return { paymentId: mdOrder, payload };
    };
    return this.register(
      order,
      async (found) => (found.status === 0 ? qr(found.paymentId) : undefined),
      async (orderNumber) => qr((await this.registerOrder(order, urls, orderNumber)).orderId),
    );
  }

  /**
   * A device wallet's token: Sber's wallet payment.do registers and pays the order at once. An
   * order of a lost answer that went through is taken as paid; one still unpaid is left (it waits
   * for a 3-D Secure answer nobody will give) and the next number is paid.
   */
  async payWithWallet(order: PaymentOrder, token: WalletToken, urls: ReturnUrls): Promise<WalletOutcome> {
    return this.register(
      order,
      async (found) =>
        found.status === 2 ? { kind: 'succeeded', paymentId: found.paymentId, amount: order.amount } : undefined,
      (orderNumber) => this.walletPayment(order, token, urls, orderNumber),
    );
  }

  private async walletPayment(
    order: PaymentOrder,
    token: WalletToken,
    urls: ReturnUrls,
    orderNumber: string,
  ): Promise<WalletOutcome> {
    const path = WALLET_PATH[token.wallet];
    const answer = await callAcquirer({
      provider: SBER,
      operation: path,
      url: new URL(`../${path}`, `${this.opts.settings.apiUrl}/`).toString(),
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        merchant: this.opts.settings.merchant ?? this.opts.settings.userName.replace(/-api$/, ''),
        orderNumber,
        paymentToken: token.token,
        // The wallet's token names the amount for the phone maker's wallet; the browser wallet's does not.
        ...(token.wallet === 'google_pay' ? { amount: order.amount, currencyCode: '643' } : {}),
        returnUrl: urls.successUrl,
        failUrl: urls.failUrl,
        description: order.description,
        language: 'ru',
        email: order.email,
      }),
    });
    const parsed = walletSchema.safeParse(answer.json);
    if (answer.status !== 200 || !parsed.success) throw new AcquirerError(SBER, path, 'refused', String(answer.status));
    const { success, data } = parsed.data;
    if (!data?.orderId) {
      // No order was made (a token Sber could not read): nothing to record but a refusal.
      throw new AcquirerError(SBER, path, 'refused', parsed.data.error?.code ?? 'no orderId');
    }
    const paymentId = data.orderId;
    if (!success) return { kind: 'declined', paymentId, reason: SBER_DECLINED };
    const acsUrl = pageUrlOf(data.acsUrl);
    if (acsUrl && data.paReq && data.termUrl) {
      return { kind: '3ds', paymentId, acsUrl, md: paymentId, paReq: data.paReq, termUrl: data.termUrl };
    }
    // Paid without 3-D Secure: Sber's books say whether the money was taken, and how much.
    const books = await this.status(paymentId);
    if (books.orderStatus === 2) return { kind: 'succeeded', paymentId, amount: books.amount ?? -1 };
    return { kind: 'declined', paymentId, reason: SBER_DECLINED };
  }

  private status(orderId: string): Promise<SberStatus> {
    return this.call('getOrderStatusExtended.do', { orderId, language: 'ru' }, statusSchema);
  }

  async handleCallback(request: CallbackRequest): Promise<PaymentEvent | null> {
    const fields = callbackFields(request);
    const parsed = fields ? callbackSchema.safeParse(fields) : null;
    if (!fields || !parsed?.success) return null;
    if (!sberChecksumMatches(fields, this.opts.settings.callbackKey, parsed.data.checksum)) return null;
    const { mdOrder, operation, status, amount } = parsed.data;
    const { checksum: _signature, ...payload } = fields;
    const base = { paymentId: mdOrder, payload, eventId: `${operation}:${status}:${amount ?? ''}` };
    const done = status === '1';
    switch (operation) {
      case 'deposited':
        return done
          ? { ...base, kind: 'succeeded', ...(amount === undefined ? {} : { amount: Number(amount) }) }
          : { ...base, kind: 'declined' };
      case 'declinedByTimeout':
        return { ...base, kind: 'declined' };
      case 'reversed':
        return { ...base, kind: done ? 'refunded' : 'noted' };
      case 'refunded': {
        if (!done) return { ...base, kind: 'noted' };
        // A part refund is the shop's own return from the cabinet: only a whole one changes the payment.
        const books = await this.status(mdOrder);
        const refunded = books.paymentAmountInfo?.refundedAmount ?? 0;
        const whole = refunded >= (books.amount ?? Number.POSITIVE_INFINITY);
        return { ...base, eventId: `${operation}:${status}:${refunded}`, kind: whole ? 'refunded' : 'noted' };
      }
      default:
        return { ...base, kind: 'noted' };
    }
  }

  async queryStatus(paymentId: string): Promise<ProviderPaymentStatus> {
    let books: SberStatus;
    try {
      books = await this.status(paymentId);
    } catch (err) {
      if (err instanceof AcquirerError && err.kind === 'refused') return 'unknown';
      throw err;
    }
    switch (books.orderStatus) {
      case 0:
      case 1:
      case 5:
        return 'pending';
      case 2:
        return 'succeeded';
      case 3:
        return 'refunded';
      case 4:
        return (books.paymentAmountInfo?.refundedAmount ?? 0) >= (books.amount ?? 0) ? 'refunded' : 'succeeded';
      case 6:
        return 'declined';
      default:
        return 'unknown';
    }
  }

  private async sendRefund(paymentId: string, amount: number, receipt: Receipt | undefined): Promise<void> {
    const items = this.opts.receipt && receipt ? receipt.items : [];
    await this.call(
      'refund.do',
      {
        orderId: paymentId,
        amount: String(amount),
        ...(items.length > 0 ? { refundItems: JSON.stringify(cartItems(items)) } : {}),
      },
      plainSchema,
    );
  }

  private async refunded(paymentId: string): Promise<number> {
    return (await this.status(paymentId)).paymentAmountInfo?.refundedAmount ?? 0;
  }

  async refund(paymentId: string, amount: number, receipt?: Receipt): Promise<{ refundId: string }> {
    // The whole payment: Sber's own books say whether it already went (settlement asks again
    // only when its transaction rolled back).
    if ((await this.refunded(paymentId)) < amount) await this.sendRefund(paymentId, amount, receipt);
    return { refundId: `${paymentId}:refund` };
  }

  async refundPart(paymentId: string, amount: number, refundKey: string): Promise<PartRefundAnswer> {
    const settings = this.opts.receipt;
    const receipt = settings ? await refundReceipt(this.opts.db, paymentId, amount, refundKey, settings) : undefined;
    try {
      await refundOnce(
        this.opts,
        { provider: SBER, paymentId, amount, key: refundKey },
        { refunded: () => this.refunded(paymentId), send: () => this.sendRefund(paymentId, amount, receipt) },
      );
      return { ok: true, refundId: `${paymentId}:${refundKey}` };
    } catch (err) {
      if (err instanceof AcquirerError && err.kind === 'refused') return { ok: false, message: REFUND_MESSAGES.failed };
      throw err;
    }
  }
}
