import { createHash, randomUUID } from 'node:crypto';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { z } from 'zod';
import type { Clock } from '../../clock.js';
import {
  type ReceiptSettings,
  type TaxSystem,
  type VatCode,
  YOOKASSA_WIDGET_DEFAULT_URL,
  type YooKassaSettings,
} from '../../config.js';
import type { Queryable } from '../../db/index.js';
import { AcquirerError, callAcquirer, pageUrlOf, redirectTo } from '../acquirers/http.js';
import type {
  CallbackRequest,
  PartRefundAnswer,
  PaymentEvent,
  PaymentOrder,
  PaymentProvider,
  PaymentStart,
  ProviderPaymentStatus,
  Receipt,
  ReturnUrls,
  SbpStart,
} from '../provider.js';
import { refundReceipt } from '../receipt.js';
import { REFUND_MESSAGES } from '../refunds.js';

/**
 * YooKassa, API v3 (https://api.yookassa.ru/v3), from its public documentation:
 *
 * - every request authenticates with HTTP Basic shopId:secretKey; a POST carries an
 *   Idempotence-Key, and the same key answers the same object (YooKassa keeps keys 24 hours), so
 *   a request whose answer was lost is sent again with its key and never pays twice;
 * - POST /payments {amount {value '1234.00', currency RUB}, capture true, confirmation {type
 *   redirect, return_url}, description, metadata, receipt} answers the payment with
 *   confirmation.confirmation_url, the page the buyer pays on;
 * - notifications {type notification, event, object} are not signed: the shop reads the object
 *   back (GET /payments/{id}, GET /refunds/{id}) and trusts only that answer; the source address
 *   may also be checked against YooKassa's published ranges (YOOKASSA_NOTIFY_IPS);
 * - POST /refunds {payment_id, amount, receipt} with its own Idempotence-Key returns money;
 * - SBP: POST /payments with payment_method_data {type sbp} and confirmation {type qr} answers
 *   confirmation.confirmation_data, the QR code's link (decision 0045);
 * - with YOOKASSA_CONFIRMATION=embedded a card payment is confirmed in YooKassa's checkout
 *   widget on the shop's page: confirmation {type embedded} answers confirmation_token, which the
 *   widget's script (YOOKASSA_WIDGET_URL) renders the payment form from (decision 0045).
 */
export const YOOKASSA = 'yookassa';

/** How often a request whose answer was lost is sent again with the same key. */
const ATTEMPTS = 3;

/** VAT codes of a receipt line (vat_code). */
const VAT: Record<VatCode, number> = {
  none: 1,
  vat0: 2,
  vat10: 3,
  vat20: 4,
  vat110: 5,
  vat120: 6,
  vat5: 7,
  vat7: 8,
  vat105: 9,
  vat107: 10,
};

/** tax_system_code. */
const TAX_SYSTEM: Record<TaxSystem, number> = { osn: 1, usn_income: 2, usn_income_outcome: 3, esn: 5, patent: 6 };

/** Why YooKassa cancelled a payment (cancellation_details.reason), for the buyer. */
const CANCEL_REASONS: Record<string, string> = {
  insufficient_funds: 'Недостаточно средств на карте',
  '3d_secure_failed': 'Оплата не подтверждена кодом 3-D Secure',
  card_expired: 'Истёк срок действия карты',
  invalid_card_number: 'Неверный номер карты',
  invalid_csc: 'Неверный код CVC',
  expired_on_confirmation: 'Время на оплату истекло',
  payment_method_limit_exceeded: 'Превышен лимит платежей по карте',
  fraud_suspected: 'Платёж отклонён банком',
  general_decline: 'Платёж отклонён банком',
  call_issuer: 'Платёж отклонён банком, выпустившим карту',
};

/** '1234.00' ↔ 123400 kopecks. */
export function money(kopecks: number): { value: string; currency: 'RUB' } {
  return { value: `${Math.floor(kopecks / 100)}.${String(kopecks % 100).padStart(2, '0')}`, currency: 'RUB' };
}

export function kopecksOf(value: string): number | undefined {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value);
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0')) : undefined;
}

const amountSchema = z.object({ value: z.string(), currency: z.string() });

const paymentSchema = z.object({
  id: z.string().min(1).max(100),
  status: z.enum(['pending', 'waiting_for_capture', 'succeeded', 'canceled']),
  amount: amountSchema,
  refunded_amount: amountSchema.optional(),
  confirmation: z
    .object({
      type: z.string(),
      confirmation_url: z.string().optional(),
      confirmation_data: z.string().optional(),
      confirmation_token: z.string().optional(),
    })
    .optional(),
  cancellation_details: z.object({ party: z.string().optional(), reason: z.string().optional() }).optional(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});
type YooPayment = z.infer<typeof paymentSchema>;

const refundSchema = z.object({
  id: z.string().min(1).max(100),
  payment_id: z.string().min(1).max(100),
  status: z.enum(['pending', 'succeeded', 'canceled']),
  amount: amountSchema,
});

const errorSchema = z.object({ type: z.literal('error'), code: z.string().optional() });

const notificationSchema = z.object({
  type: z.literal('notification'),
  event: z.string().max(100),
  object: z.looseObject({ id: z.string().min(1).max(100) }),
});

/** The notification's event for each status of a payment read back. */
const PAYMENT_EVENTS: Record<YooPayment['status'], string> = {
  pending: 'payment.pending',
  waiting_for_capture: 'payment.waiting_for_capture',
  succeeded: 'payment.succeeded',
  canceled: 'payment.canceled',
};

/** Idempotence-Key: at most 64 characters; a hash of what names the operation. */
function keyOf(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\n')).digest('hex');
}

function receiptOf(receipt: Receipt, settings: ReceiptSettings): Record<string, unknown> {
  return {
    customer: { email: receipt.email },
    tax_system_code: TAX_SYSTEM[settings.taxation],
    items: receipt.items.map((item) => ({
      description: item.name,
      quantity: item.quantity,
      amount: money(item.price),
      vat_code: VAT[item.vat],
      payment_mode: item.method,
      payment_subject: item.subject,
    })),
  };
}

export class YooKassaProvider implements PaymentProvider {
  readonly name = YOOKASSA;
  /** YooKassa's payment page is opened by redirect, never framed (its pages forbid framing). */
  readonly topWindow = true;
  private readonly allowed: BlockList | undefined;

  constructor(
    private readonly opts: {
      db: Queryable;
      clock: Clock;
      settings: YooKassaSettings;
      receipt: ReceiptSettings | undefined;
    },
  ) {
    if (opts.settings.notifyIps.length > 0) {
      const list = new BlockList();
      for (const entry of opts.settings.notifyIps) {
        const [address = '', bits] = entry.split('/');
        const type = isIPv6(address) ? 'ipv6' : 'ipv4';
        if (bits === undefined) list.addAddress(address, type);
        else list.addSubnet(address, Number(bits), type);
      }
      this.allowed = list;
    }
  }

  private async call(operation: string, method: 'GET' | 'POST', path: string, body?: unknown, key?: string) {
    const { shopId, secretKey, apiUrl } = this.opts.settings;
    const headers: Record<string, string> = {
      authorization: `Basic ${Buffer.from(`${shopId}:${secretKey}`).toString('base64')}`,
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (key !== undefined) headers['idempotence-key'] = key;
    const send = () =>
      callAcquirer({
        provider: YOOKASSA,
        operation,
        url: `${apiUrl}${path}`,
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    // A POST whose answer was lost (or that YooKassa is still processing, 202) goes again with
    // its key: YooKassa answers the object the first one made. A GET changes nothing.
    for (let attempt = 1; ; attempt++) {
      try {
        const answer = await send();
        if (answer.status !== 202 || attempt >= ATTEMPTS) return answer;
      } catch (err) {
        if (!(err instanceof AcquirerError) || method === 'GET' || attempt >= ATTEMPTS) throw err;
      }
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }

  /** The object of a 200 answer, or AcquirerError 'refused' with YooKassa's error code. */
  private parsed<T>(operation: string, answer: { status: number; json: unknown }, schema: z.ZodType<T>): T {
    const ok = answer.status === 200 ? schema.safeParse(answer.json) : undefined;
    if (ok?.success) return ok.data;
    const error = errorSchema.safeParse(answer.json);
    throw new AcquirerError(YOOKASSA, operation, 'refused', error.success ? error.data.code : String(answer.status));
  }

  /** Creates a payment of the order with this confirmation (and payment method, when the shop chose it). */
  private async createPayment(order: PaymentOrder, extra: Record<string, unknown>): Promise<YooPayment> {
    const receipt = this.opts.receipt && order.receipt.items.length > 0 ? this.opts.receipt : undefined;
    const body = {
      amount: money(order.amount),
      capture: true,
      description: order.description.slice(0, 128),
      metadata: { orderId: String(order.id), orderNumber: order.number },
      ...(receipt ? { receipt: receiptOf(order.receipt, receipt) } : {}),
      ...extra,
    };
    // One attempt of paying this order: its key, sent again only if the answer is lost.
    const key = keyOf('payment', String(order.id), randomUUID());
    const payment = this.parsed('create', await this.call('create', 'POST', '/payments', body, key), paymentSchema);
    if (payment.status === 'canceled') throw new AcquirerError(YOOKASSA, 'create', 'refused', payment.status);
    return payment;
  }

  /** SBP: the payment's QR code link (confirmation type qr). */
  async createSbpSession(order: PaymentOrder): Promise<SbpStart> {
    const payment = await this.createPayment(order, {
      payment_method_data: { type: 'sbp' },
      confirmation: { type: 'qr' },
    });
    const payload = pageUrlOf(payment.confirmation?.confirmation_data);
    if (!payload) throw new AcquirerError(YOOKASSA, 'create', 'refused', 'no confirmation_data');
    return { paymentId: payment.id, payload };
  }

  async createSession(order: PaymentOrder, urls: ReturnUrls): Promise<PaymentStart> {
    if (this.opts.settings.confirmation === 'embedded') return this.createWidgetSession(order, urls);
    const payment = await this.createPayment(order, {
      // YooKassa sends the buyer back to one address whatever happened: the order's page tells.
      confirmation: { type: 'redirect', return_url: urls.successUrl, locale: 'ru_RU' },
    });
    const page = pageUrlOf(payment.confirmation?.confirmation_url);
    if (!page || payment.status === 'canceled') throw new AcquirerError(YOOKASSA, 'create', 'refused', payment.status);
    return redirectTo(payment.id, page);
  }

  /** The checkout widget's session: its confirmation_token, rendered on the shop's own payment page. */
  private async createWidgetSession(order: PaymentOrder, urls: ReturnUrls): Promise<PaymentStart> {
    const payment = await this.createPayment(order, { confirmation: { type: 'embedded', locale: 'ru_RU' } });
    const token = payment.confirmation?.confirmation_token;
    if (!token) throw new AcquirerError(YOOKASSA, 'create', 'refused', 'no confirmation_token');
    return {
      kind: 'widget',
      paymentId: payment.id,
      widget: {
        provider: YOOKASSA,
        script: this.opts.settings.widgetUrl ?? YOOKASSA_WIDGET_DEFAULT_URL,
        confirmationToken: token,
        successUrl: urls.successUrl,
        failUrl: urls.failUrl,
      },
    };
  }

  private async readPayment(id: string): Promise<YooPayment | null> {
    const answer = await this.call('read', 'GET', `/payments/${encodeURIComponent(id)}`);
    if (answer.status === 404) return null;
    return this.parsed('read', answer, paymentSchema);
  }

  private fromAllowedAddress(ip: string | undefined): boolean {
    if (!this.allowed) return true;
    const bare = (ip ?? '').replace(/%.*$/, '');
    if (isIPv4(bare)) return this.allowed.check(bare, 'ipv4');
    return isIPv6(bare) && this.allowed.check(bare, 'ipv6');
  }

  async handleCallback(request: CallbackRequest): Promise<PaymentEvent | null> {
    if (!this.fromAllowedAddress(request.ip)) return null;
    const parsed = notificationSchema.safeParse(request.body);
    if (!parsed.success) return null;
    const { event, object } = parsed.data;
    const notification = { event, object: { id: object.id, status: object.status } };

    if (event === 'refund.succeeded') {
      const answer = await this.call('read-refund', 'GET', `/refunds/${encodeURIComponent(object.id)}`);
      if (answer.status === 404) return null;
      const refund = this.parsed('read-refund', answer, refundSchema);
      if (refund.status !== 'succeeded') return null;
      const payment = await this.readPayment(refund.payment_id);
      if (!payment) return null;
      const whole = kopecksOf(payment.refunded_amount?.value ?? '0')! >= kopecksOf(payment.amount.value)!;
      return {
        eventId: `${event}:${refund.id}`,
        paymentId: payment.id,
        // A part refund is the shop's own (a return from the cabinet, already in its books).
        kind: whole ? 'refunded' : 'noted',
        payload: { notification, confirmed: { refund: refund.id, amount: refund.amount.value } },
      };
    }

    if (!event.startsWith('payment.')) return null;
    // Only YooKassa's own answer counts: the notification merely says which payment to read.
    const payment = await this.readPayment(object.id);
    if (!payment || PAYMENT_EVENTS[payment.status] !== event) return null;
    const confirmed = { status: payment.status, amount: payment.amount.value, currency: payment.amount.currency };
    const base = { eventId: `${event}:${payment.id}`, paymentId: payment.id, payload: { notification, confirmed } };
    switch (payment.status) {
      case 'succeeded': {
        const amount = payment.amount.currency === 'RUB' ? kopecksOf(payment.amount.value) : undefined;
        // A payment in another currency or an unreadable amount is never "the order's amount".
        return { ...base, kind: 'succeeded', amount: amount ?? -1 };
      }
      case 'canceled': {
        const reason = CANCEL_REASONS[payment.cancellation_details?.reason ?? ''];
        return { ...base, kind: 'declined', ...(reason ? { reason } : {}) };
      }
      default:
        return { ...base, kind: 'noted' };
    }
  }

  async queryStatus(paymentId: string): Promise<ProviderPaymentStatus> {
    const payment = await this.readPayment(paymentId);
    if (!payment) return 'unknown';
    switch (payment.status) {
      case 'pending':
      case 'waiting_for_capture':
        return 'pending';
      case 'canceled':
        return 'declined';
      case 'succeeded': {
        const refunded = kopecksOf(payment.refunded_amount?.value ?? '0') ?? 0;
        return refunded >= (kopecksOf(payment.amount.value) ?? 0) ? 'refunded' : 'succeeded';
      }
    }
  }

  private async sendRefund(paymentId: string, amount: number, key: string, receipt: Receipt | undefined) {
    const settings = this.opts.receipt;
    const body = {
      payment_id: paymentId,
      amount: money(amount),
      ...(settings && receipt && receipt.items.length > 0 ? { receipt: receiptOf(receipt, settings) } : {}),
    };
    const refund = this.parsed('refund', await this.call('refund', 'POST', '/refunds', body, key), refundSchema);
    if (refund.status === 'canceled') throw new AcquirerError(YOOKASSA, 'refund', 'refused', 'canceled');
    return refund.id;
  }

  async refund(paymentId: string, amount: number, receipt?: Receipt): Promise<{ refundId: string }> {
    // The whole payment, once: settlement asks again only when its transaction rolled back.
    return { refundId: await this.sendRefund(paymentId, amount, keyOf('refund', paymentId), receipt) };
  }

  async refundPart(paymentId: string, amount: number, refundKey: string): Promise<PartRefundAnswer> {
    const settings = this.opts.receipt;
    const receipt = settings ? await refundReceipt(this.opts.db, paymentId, amount, refundKey, settings) : undefined;
    try {
      const refundId = await this.sendRefund(paymentId, amount, keyOf('part', paymentId, refundKey), receipt);
      return { ok: true, refundId };
    } catch (err) {
      if (err instanceof AcquirerError && err.kind === 'refused') return { ok: false, message: REFUND_MESSAGES.failed };
      throw err;
    }
  }
}
