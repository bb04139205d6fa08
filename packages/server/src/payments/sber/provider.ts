import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { ReceiptSettings, SberSettings, TaxSystem, VatCode } from '../../config.js';
import type { Queryable } from '../../db/index.js';
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
 *   formUrl. orderNumber is unique per registration, so each attempt to pay an order is a number
 *   of its own (the order number and a random part): a second attempt never meets "order already
 *   processed". A register whose answer was lost is not sent again: the order it may have made has
 *   a page nobody was given, and lapses unpaid.
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

const registerSchema = z.looseObject({
  orderId: z.string().min(1).max(100).optional(),
  formUrl: z.string().optional(),
  errorCode: code.optional(),
});

const plainSchema = z.looseObject({ errorCode: code.optional() });

const statusSchema = z.looseObject({
  errorCode: code.optional(),
  orderStatus: z.number().int().optional(),
  amount: z.number().int().optional(),
  actionCodeDescription: z.string().optional(),
  paymentAmountInfo: z
    .looseObject({ refundedAmount: z.number().int().optional(), depositedAmount: z.number().int().optional() })
    .optional(),
});
type SberStatus = z.infer<typeof statusSchema>;

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

  async createSession(order: PaymentOrder, urls: ReturnUrls): Promise<PaymentStart> {
    const receipt = this.opts.receipt && order.receipt.items.length > 0 ? this.opts.receipt : undefined;
    const answer = await this.call(
      'register.do',
      {
        orderNumber: `${order.number}-${randomBytes(6).toString('hex')}`,
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
      },
      registerSchema,
    );
    const page = pageUrlOf(answer.formUrl);
    if (!answer.orderId || !page) throw new AcquirerError(SBER, 'register.do', 'refused', 'no formUrl');
    return redirectTo(answer.orderId, page);
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
