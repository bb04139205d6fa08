import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { ReceiptSettings, TBankSettings } from '../../config.js';
import type { Queryable } from '../../db/index.js';
import { AcquirerError, callAcquirer, pageUrlOf, redirectTo } from '../acquirers/http.js';
import type {
  CallbackOutcome,
  CallbackReply,
  CallbackRequest,
  PartRefundAnswer,
  PaymentEvent,
  PaymentEventKind,
  PaymentOrder,
  PaymentProvider,
  PaymentStart,
  ProviderPaymentStatus,
  Receipt,
  ReturnUrls,
} from '../provider.js';
import { refundReceipt } from '../receipt.js';
import { REFUND_MESSAGES } from '../refunds.js';
import { tbankToken, tbankTokenMatches } from './token.js';

/**
 * T-Bank (Tinkoff) internet acquiring, API v2 (https://securepay.tinkoff.ru/v2), from its public
 * documentation. Every call is a JSON POST with TerminalKey and a Token (token.ts), answered
 * {Success, ErrorCode, Message, …}:
 *
 * - Init {Amount in kopecks, OrderId, Description, SuccessURL, FailURL, NotificationURL, DATA
 *   {Email}, Receipt} answers PaymentId and PaymentURL, the page the buyer pays on. OrderId is
 *   the shop's key of this attempt (the order number and a random part): each attempt to pay an
 *   order is a payment of its own, and an Init whose answer was lost is not sent again (the
 *   payment it may have made has a page nobody was given, and lapses unpaid);
 * - notifications come as JSON with the same Token rule and are answered with the text OK;
 * - GetState {PaymentId} tells a payment's Status, for polling;
 * - Cancel {PaymentId, Amount, Receipt, ExternalRequestId} returns all or part of a payment; a
 *   Cancel sent again with its ExternalRequestId answers the operation it already made.
 */
export const TBANK = 'tbank';

/** Statuses of a payment and what they mean to the shop. */
const SUCCEEDED = new Set(['CONFIRMED']);
const DECLINED = new Set(['REJECTED', 'AUTH_FAIL', 'DEADLINE_EXPIRED', 'CANCELED']);
const REFUNDED = new Set(['REFUNDED', 'REVERSED']);

function kindOf(status: string): PaymentEventKind {
  if (SUCCEEDED.has(status)) return 'succeeded';
  if (DECLINED.has(status)) return 'declined';
  if (REFUNDED.has(status)) return 'refunded';
  // AUTHORIZED before CONFIRMED, PARTIAL_REFUNDED after the shop's own part refund: nothing to do.
  return 'noted';
}

const answerSchema = z.looseObject({
  Success: z.boolean(),
  ErrorCode: z.string().optional(),
  PaymentId: z.union([z.string(), z.number()]).optional(),
  PaymentURL: z.string().optional(),
  Status: z.string().optional(),
});

const notificationSchema = z.looseObject({
  TerminalKey: z.string().max(100),
  OrderId: z.string().max(100),
  Success: z.boolean(),
  Status: z.string().max(40),
  PaymentId: z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,20}$/)]),
  ErrorCode: z.string().max(20),
  Amount: z.number().int().nonnegative(),
  Token: z.string().max(128),
});

/** The callback answers T-Bank takes as delivered: anything but the text OK is sent again. */
const DELIVERED = new Set<CallbackOutcome>(['paid', 'declined', 'refunded', 'ignored', 'replayed']);

function receiptOf(receipt: Receipt, settings: ReceiptSettings): Record<string, unknown> {
  return {
    Email: receipt.email,
    Taxation: settings.taxation,
    Items: receipt.items.map((item) => ({
      Name: item.name,
      Price: item.price,
      Quantity: item.quantity,
      Amount: item.amount,
      Tax: item.vat,
      PaymentMethod: item.method,
      PaymentObject: item.subject,
    })),
  };
}

export class TBankProvider implements PaymentProvider {
  readonly name = TBANK;

  constructor(
    private readonly opts: {
      db: Queryable;
      settings: TBankSettings;
      receipt: ReceiptSettings | undefined;
      /** Where T-Bank posts its notifications: /payment/callback/tbank/ on the site. */
      notificationUrl: string;
    },
  ) {}

  /** One API call; an answer with Success false throws AcquirerError 'refused' with T-Bank's ErrorCode. */
  private async call(method: string, params: Record<string, unknown>) {
    const { terminalKey, password, apiUrl } = this.opts.settings;
    const fields = { TerminalKey: terminalKey, ...params };
    const answer = await callAcquirer({
      provider: TBANK,
      operation: method,
      url: `${apiUrl}/${method}`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...fields, Token: tbankToken(fields, password) }),
    });
    const parsed = answerSchema.safeParse(answer.json);
    if (!parsed.success) throw new AcquirerError(TBANK, method, 'refused', String(answer.status));
    if (!parsed.data.Success || (parsed.data.ErrorCode ?? '0') !== '0') {
      throw new AcquirerError(TBANK, method, 'refused', parsed.data.ErrorCode ?? String(answer.status));
    }
    return parsed.data;
  }

  private receiptField(receipt: Receipt): Record<string, unknown> {
    const settings = this.opts.receipt;
    return settings && receipt.items.length > 0 ? { Receipt: receiptOf(receipt, settings) } : {};
  }

  async createSession(order: PaymentOrder, urls: ReturnUrls): Promise<PaymentStart> {
    const answer = await this.call('Init', {
      Amount: order.amount,
      OrderId: `${order.number}-${randomBytes(6).toString('hex')}`,
      Description: order.description.slice(0, 140),
      Language: 'ru',
      PayType: 'O',
      SuccessURL: urls.successUrl,
      FailURL: urls.failUrl,
      NotificationURL: this.opts.notificationUrl,
      DATA: { Email: order.email },
      ...this.receiptField(order.receipt),
    });
    const page = pageUrlOf(answer.PaymentURL);
    if (answer.PaymentId === undefined || !page) throw new AcquirerError(TBANK, 'Init', 'refused', 'no PaymentURL');
    return redirectTo(String(answer.PaymentId), page);
  }

  async handleCallback(request: CallbackRequest): Promise<PaymentEvent | null> {
    const parsed = notificationSchema.safeParse(request.body);
    if (!parsed.success) return null;
    const n = parsed.data;
    const { terminalKey, password } = this.opts.settings;
    if (n.TerminalKey !== terminalKey) return null;
    // Signed are all the notification's plain fields as sent, the ones this shop does not read too.
    if (!tbankTokenMatches(request.body as Record<string, unknown>, password, n.Token)) return null;
    const kind = kindOf(n.Status);
    return {
      // T-Bank repeats a notification until it hears OK: the same status and amount is the same event.
      eventId: `${n.Status}:${n.Amount}`,
      paymentId: String(n.PaymentId),
      kind,
      ...(kind === 'succeeded' ? { amount: n.Amount } : {}),
      payload: { ...n, Token: undefined },
    };
  }

  acknowledge(outcome: CallbackOutcome): CallbackReply | undefined {
    return DELIVERED.has(outcome) ? { status: 200, contentType: 'text/plain; charset=utf-8', body: 'OK' } : undefined;
  }

  async queryStatus(paymentId: string): Promise<ProviderPaymentStatus> {
    let status: string | undefined;
    try {
      status = (await this.call('GetState', { PaymentId: paymentId })).Status;
    } catch (err) {
      if (err instanceof AcquirerError && err.kind === 'refused') return 'unknown';
      throw err;
    }
    if (status === undefined) return 'unknown';
    if (status === 'PARTIAL_REFUNDED') return 'succeeded';
    const kind = kindOf(status);
    return kind === 'noted' ? 'pending' : kind;
  }

  private async cancel(paymentId: string, amount: number, requestId: string, receipt: Receipt | undefined) {
    await this.call('Cancel', {
      PaymentId: paymentId,
      Amount: amount,
      ExternalRequestId: requestId,
      ...(receipt ? this.receiptField(receipt) : {}),
    });
    return requestId;
  }

  /** ExternalRequestId: the same operation gets the same id, so T-Bank answers it once. */
  private requestId(...parts: string[]): string {
    return createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 32);
  }

  async refund(paymentId: string, amount: number, receipt?: Receipt): Promise<{ refundId: string }> {
    return { refundId: await this.cancel(paymentId, amount, this.requestId('refund', paymentId), receipt) };
  }

  async refundPart(paymentId: string, amount: number, refundKey: string): Promise<PartRefundAnswer> {
    const settings = this.opts.receipt;
    const receipt = settings ? await refundReceipt(this.opts.db, paymentId, amount, refundKey, settings) : undefined;
    try {
      return {
        ok: true,
        refundId: await this.cancel(paymentId, amount, this.requestId('part', paymentId, refundKey), receipt),
      };
    } catch (err) {
      if (err instanceof AcquirerError && err.kind === 'refused') return { ok: false, message: REFUND_MESSAGES.failed };
      throw err;
    }
  }
}
