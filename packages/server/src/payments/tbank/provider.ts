import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { ReceiptSettings, TBankSettings } from '../../config.js';
import type { Queryable } from '../../db/index.js';
import { registerOnce } from '../acquirers/attempts.js';
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
  SbpStart,
  WalletOutcome,
  WalletToken,
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
 *   the shop's number of this attempt (`{order number}-{n}`, acquirers/attempts.ts): before an
 *   Init, CheckOrder {OrderId} tells whether an earlier Init under it reached T-Bank and lost its
 *   answer. Such a payment is reused where it can be (SBP: GetQr; a wallet: FinishAuthorize); a
 *   card page's address cannot be asked again, so that payment is cancelled (no money moved:
 *   nobody had its page) and the next number is registered;
 * - SBP: Init, then GetQr {PaymentId, DataType PAYLOAD} answers Data, the QR code's link;
 * - device wallets: Init, then FinishAuthorize {PaymentId, Route ACQ, Source GooglePay or
 *   ApplePay, EncryptedPaymentData: the wallet's token as it came} answers CONFIRMED, REJECTED or
 *   3DS_CHECKING with ACSUrl, MD and PaReq; the card's bank answers to TermUrl, T-Bank's own
 *   Submit3DSAuthorization, which completes the payment and notifies the shop;
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
  Message: z.string().optional(),
  PaymentId: z.union([z.string(), z.number()]).optional(),
  PaymentURL: z.string().optional(),
  Status: z.string().optional(),
  Amount: z.number().optional(),
  /** GetQr: the QR code's link. */
  Data: z.string().optional(),
  /** FinishAuthorize with 3-D Secure. */
  ACSUrl: z.string().optional(),
  MD: z.string().optional(),
  PaReq: z.string().optional(),
  /** CheckOrder: the payments made under an OrderId. */
  Payments: z
    .array(
      z.looseObject({
        PaymentId: z.union([z.string(), z.number()]).transform(String),
        Status: z.string(),
        Amount: z.number().optional(),
      }),
    )
    .optional(),
});
type Answer = z.infer<typeof answerSchema>;

/** A payment CheckOrder found under one of the shop's attempt numbers. */
interface Found {
  paymentId: string;
  status: string;
  amount: number | undefined;
}

/** A payment registered and not yet paid: its page was never opened, or nothing was entered on it. */
const UNPAID = new Set(['NEW', 'FORM_SHOWED']);

/** The wallet's name in FinishAuthorize's Source. */
const WALLET_SOURCE = { google_pay: 'GooglePay', apple_pay: 'ApplePay' } as const;

/** Why a wallet payment was declined, for the buyer (after 'Ошибка оплаты. ', spec 8.5). */
export const TBANK_DECLINED = 'Платёж отклонён банком';

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
  private async call(method: string, params: Record<string, unknown>): Promise<Answer> {
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

  /** The payments T-Bank made under one of the shop's attempt numbers (none: CheckOrder knows no such OrderId). */
  private async find(orderId: string): Promise<Found | undefined> {
    let answer: Answer;
    try {
      answer = await this.call('CheckOrder', { OrderId: orderId });
    } catch (err) {
      if (err instanceof AcquirerError && err.kind === 'refused' && err.code === '7') return undefined;
      throw err;
    }
    const payment = answer.Payments?.[0];
    return payment && { paymentId: payment.PaymentId, status: payment.Status, amount: payment.Amount };
  }

  private async init(order: PaymentOrder, urls: ReturnUrls, orderId: string): Promise<string> {
    const answer = await this.call('Init', this.initFields(order, urls, orderId));
    if (answer.PaymentId === undefined) throw new AcquirerError(TBANK, 'Init', 'refused', 'no PaymentId');
    return String(answer.PaymentId);
  }

  /**
   * Each attempt under its own number; a lost Init found by CheckOrder is continued by `reuse`,
   * or, when it cannot be (a card page), cancelled before the next number is registered.
   */
  private register<T>(
    order: PaymentOrder,
    reuse: (found: Found) => Promise<T | undefined>,
    register: (orderId: string) => Promise<T>,
  ): Promise<T> {
    return registerOnce(this.opts.db, TBANK, order, {
      find: (orderId) => this.find(orderId),
      reuse: async (found) => {
        const reused = found.amount === order.amount ? await reuse(found) : undefined;
        if (reused === undefined && UNPAID.has(found.status)) await this.call('Cancel', { PaymentId: found.paymentId });
        return reused;
      },
      register,
    });
  }

  async createSession(order: PaymentOrder, urls: ReturnUrls): Promise<PaymentStart> {
    // A card page's address (PaymentURL) is in Init's answer only: a lost one is not reused.
    return this.register(
      order,
      async () => undefined,
      async (orderId) => {
        const answer = await this.call('Init', this.initFields(order, urls, orderId));
        const page = pageUrlOf(answer.PaymentURL);
        if (answer.PaymentId === undefined || !page) throw new AcquirerError(TBANK, 'Init', 'refused', 'no PaymentURL');
        return redirectTo(String(answer.PaymentId), page);
      },
    );
  }

  /** SBP: the payment's QR code link (GetQr), for a new payment or one whose Init answer was lost. */
  async createSbpSession(order: PaymentOrder, urls: ReturnUrls): Promise<SbpStart> {
    const qr = async (paymentId: string): Promise<SbpStart> => {
      const answer = await this.call('GetQr', { PaymentId: paymentId, DataType: 'PAYLOAD' });
      const payload = pageUrlOf(answer.Data);
      if (!payload) throw new AcquirerError(TBANK, 'GetQr', 'refused', 'no Data');
      return { paymentId, payload };
    };
    return this.register(
      order,
      (found) => (UNPAID.has(found.status) ? qr(found.paymentId) : Promise.resolve(undefined)),
      async (orderId) => qr(await this.init(order, urls, orderId)),
    );
  }

  /**
   * A device wallet's token: FinishAuthorize on a new payment, or on one whose Init answer was
   * lost; a payment whose FinishAuthorize answer was lost and that went through is taken as paid.
   */
  async payWithWallet(order: PaymentOrder, token: WalletToken, urls: ReturnUrls): Promise<WalletOutcome> {
    const finish = async (paymentId: string): Promise<WalletOutcome> => {
      const answer = await this.finishAuthorize(paymentId, order, token);
      return this.walletOutcome(paymentId, order, answer);
    };
    return this.register(
      order,
      async (found) => {
        if (UNPAID.has(found.status)) return finish(found.paymentId);
        if (SUCCEEDED.has(found.status)) return { kind: 'succeeded', paymentId: found.paymentId, amount: order.amount };
        return undefined;
      },
      async (orderId) => finish(await this.init(order, urls, orderId)),
    );
  }

  private async finishAuthorize(paymentId: string, order: PaymentOrder, token: WalletToken): Promise<Answer> {
    try {
      return await this.call('FinishAuthorize', {
        PaymentId: paymentId,
        Amount: order.amount,
        Route: 'ACQ',
        Source: WALLET_SOURCE[token.wallet],
        EncryptedPaymentData: token.token,
        SendEmail: true,
        InfoEmail: order.email,
      });
    } catch (err) {
      // A card declined answers Success false with the decline's code: the payment is REJECTED.
      if (err instanceof AcquirerError && err.kind === 'refused') return { Success: false, Status: 'REJECTED' };
      throw err;
    }
  }

  private walletOutcome(paymentId: string, order: PaymentOrder, answer: Answer): WalletOutcome {
    if (answer.Status === '3DS_CHECKING' && answer.ACSUrl && answer.MD && answer.PaReq) {
      const acsUrl = pageUrlOf(answer.ACSUrl);
      if (!acsUrl) throw new AcquirerError(TBANK, 'FinishAuthorize', 'refused', 'ACSUrl');
      // The card's bank posts its answer (MD, PaRes) straight to T-Bank, which completes the payment.
      const termUrl = `${this.opts.settings.apiUrl}/Submit3DSAuthorization`;
      return { kind: '3ds', paymentId, acsUrl, md: answer.MD, paReq: answer.PaReq, termUrl };
    }
    if (answer.Success && answer.Status !== undefined && SUCCEEDED.has(answer.Status)) {
      return { kind: 'succeeded', paymentId, amount: answer.Amount ?? order.amount };
    }
    return { kind: 'declined', paymentId, reason: TBANK_DECLINED };
  }

  private initFields(order: PaymentOrder, urls: ReturnUrls, orderId: string): Record<string, unknown> {
    return {
      Amount: order.amount,
      OrderId: orderId,
      Description: order.description.slice(0, 140),
      Language: 'ru',
      PayType: 'O',
      SuccessURL: urls.successUrl,
      FailURL: urls.failUrl,
      NotificationURL: this.opts.notificationUrl,
      DATA: { Email: order.email },
      ...this.receiptField(order.receipt),
    };
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
