import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { Queryable } from '../../db/index.js';
import { formatOrderNumber } from '../../tickets/format.js';
import type { ReturnUrls } from '../provider.js';
import { returnUrlsFor, type SiteAddress } from '../urls.js';
import { type CardField, type CardForm, checkCard, DECLINE_REASON, THREE_DS_CODE, WRONG_CODE_REASON } from './cards.js';
import { SANDBOX, type SandboxCallback, signCallback } from './provider.js';
import { stepToken, stepTokenMatches } from './signature.js';

/** A payment as the bank page shows it. */
export interface BankPayment {
  id: string;
  /** card, a wallet's, or sbp (migration 0022). */
  method: string;
  orderNumber: string;
  /** Kopecks. */
  amount: number;
  status: string;
  returnUrls: ReturnUrls;
}

/** Delivers a notification to the shop; answers the HTTP status the shop replied with. */
export type DeliverCallback = (notification: SandboxCallback) => Promise<number>;

/** What the bank shows next. */
export type BankStep =
  | { step: 'missing' }
  | { step: 'closed'; payment: BankPayment }
  | {
      step: 'form';
      payment: BankPayment;
      values: Partial<CardForm>;
      errors: Partial<Record<CardField | 'form', string>>;
    }
  | { step: '3ds'; payment: BankPayment; last4?: string; token: string; error?: string }
  /** The bank app's screen for an SBP payment: pay or decline. */
  | { step: 'sbp'; payment: BankPayment }
  | {
      step: 'done';
      payment: BankPayment;
      result: 'succeeded' | 'declined';
      reason?: string;
      returnUrl: string;
      /** false when the shop did not acknowledge the notification (the buyer is told to contact support). */
      notified: boolean;
    };

const DELIVERY_ATTEMPTS = 3;

/** Why an SBP payment the buyer declined in the bank app did not go through. */
export const SBP_DECLINED = 'Оплата отклонена в приложении банка';

/**
 * The sandbox bank's behaviour, without HTTP: card form checks, the 3-D Secure step, and the
 * signed server-to-server notification to the shop once a payment has a result.
 */
export class SandboxBank {
  constructor(
    private readonly opts: {
      db: Queryable;
      clock: Clock;
      key: Buffer;
      deliver: DeliverCallback;
    } & SiteAddress,
  ) {}

  async findPayment(paymentId: string): Promise<BankPayment | null> {
    const r = await this.opts.db.query<{
      id: string;
      method: string;
      amount: number;
      status: string;
      order_id: number;
      access_token: string;
    }>(
      `SELECT p.id, p.method, p.amount, p.status, o.id AS order_id, o.access_token
         FROM payments p JOIN orders o ON o.id = p.order_id
        WHERE p.id = $1 AND p.provider = $2`,
      [paymentId, SANDBOX],
    );
    const row = r.rows[0];
    if (!row) return null;
    return {
      id: row.id,
      method: row.method,
      orderNumber: formatOrderNumber(row.order_id),
      amount: row.amount,
      status: row.status,
      returnUrls: returnUrlsFor(this.opts, { id: row.order_id, accessToken: row.access_token }),
    };
  }

  /** The hosted card page for a payment (a card payment: the others have pages of their own). */
  async open(paymentId: string): Promise<BankStep> {
    const payment = await this.findPayment(paymentId);
    if (payment?.method !== 'card') return { step: 'missing' };
    if (payment.status !== 'created') return { step: 'closed', payment };
    return { step: 'form', payment, values: {}, errors: {} };
  }

  async payWithCard(paymentId: string, form: CardForm): Promise<BankStep> {
    const payment = await this.findPayment(paymentId);
    if (payment?.method !== 'card') return { step: 'missing' };
    if (payment.status !== 'created') return { step: 'closed', payment };
    const check = checkCard(form, this.opts.clock.now());
    if (!check.ok) {
      return {
        step: 'form',
        payment,
        values: { pan: form.pan, expiry: form.expiry, holder: form.holder },
        errors: check.errors,
      };
    }
    switch (check.card.behaviour) {
      case 'success':
        return this.finish(payment, 'succeeded');
      case 'decline':
        return this.finish(payment, 'declined', DECLINE_REASON);
      case '3ds':
        return { step: '3ds', payment, last4: check.last4, token: stepToken(this.opts.key, '3ds', payment.id) };
    }
  }

  async confirm3ds(paymentId: string, input: { token: string; code: string }): Promise<BankStep> {
    const payment = await this.findPayment(paymentId);
    if (!payment) return { step: 'missing' };
    if (payment.status !== 'created') return { step: 'closed', payment };
    if (!stepTokenMatches(this.opts.key, '3ds', payment.id, input.token)) {
      return {
        step: 'form',
        payment,
        values: {},
        errors: { form: 'Сеанс подтверждения устарел, введите данные карты ещё раз' },
      };
    }
    if (input.code.trim() !== THREE_DS_CODE) return this.finish(payment, 'declined', WRONG_CODE_REASON);
    return this.finish(payment, 'succeeded');
  }

  /**
   * The 3-D Secure page of a browser-wallet payment (spec 4.10: the checkout posts MD, PaReq and
   * TermUrl here into its payment frame). PaReq must be the step token the bank gave for this
   * MD; the code is then confirmed as for a card (confirm3ds).
   */
  async acs(paymentId: string, paReq: string): Promise<BankStep> {
    const payment = await this.findPayment(paymentId);
    if (payment?.method !== 'google_pay') return { step: 'missing' };
    if (payment.status !== 'created') return { step: 'closed', payment };
    if (!stepTokenMatches(this.opts.key, '3ds', payment.id, paReq)) return { step: 'missing' };
    return { step: '3ds', payment, token: paReq };
  }

  /** The bank app's screen for an SBP payment (what its QR code opens). */
  async openSbp(paymentId: string): Promise<BankStep> {
    const payment = await this.findPayment(paymentId);
    if (payment?.method !== 'sbp') return { step: 'missing' };
    if (payment.status !== 'created') return { step: 'closed', payment };
    return { step: 'sbp', payment };
  }

  /** The buyer paid or declined the SBP payment in the bank app: the shop is notified. */
  async answerSbp(paymentId: string, action: 'pay' | 'decline'): Promise<BankStep> {
    const payment = await this.findPayment(paymentId);
    if (payment?.method !== 'sbp') return { step: 'missing' };
    if (payment.status !== 'created') return { step: 'closed', payment };
    return action === 'pay' ? this.finish(payment, 'succeeded') : this.finish(payment, 'declined', SBP_DECLINED);
  }

  /** Tells the shop the result (like an acquirer's callback), then sends the buyer back. */
  private async finish(payment: BankPayment, result: 'succeeded' | 'declined', reason?: string): Promise<BankStep> {
    const notification = signCallback(this.opts.key, {
      eventId: randomUUID(),
      mdOrder: payment.id,
      orderNumber: payment.orderNumber,
      operation: result === 'succeeded' ? 'deposited' : 'declined',
      status: result === 'succeeded' ? '1' : '0',
      amount: String(payment.amount),
      ...(reason ? { reason } : {}),
    });
    let notified = false;
    // An acquirer retries a notification the shop did not acknowledge; the shop's handling is
    // idempotent by event id, so a retry after a lost answer changes nothing.
    for (let attempt = 0; attempt < DELIVERY_ATTEMPTS && !notified; attempt++) {
      const status = await this.opts.deliver(notification).catch(() => 0);
      notified = status >= 200 && status < 300;
    }
    const returnUrl = result === 'succeeded' ? payment.returnUrls.successUrl : payment.returnUrls.failUrl;
    return { step: 'done', payment, result, ...(reason ? { reason } : {}), returnUrl, notified };
  }
}
