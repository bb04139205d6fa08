/**
 * A stand-in for YooKassa's API v3 as its public documentation describes it:
 *
 * - HTTP Basic shopId:secretKey on every request, else 401 {type: 'error', code:
 *   'invalid_credentials'};
 * - POST /payments and POST /refunds need an Idempotence-Key: the same key with the same body
 *   answers the object it made the first time, with another body 400 'invalid_request'; without
 *   one 400 'invalid_request'. A payment needs amount {value '1234.00', currency RUB},
 *   confirmation {type redirect, return_url} and, when sent, a receipt whose items add up to it;
 *   it is made 'pending' with confirmation.confirmation_url; with payment_method_data {type sbp}
 *   and confirmation {type qr}, with confirmation.confirmation_data (the SBP link) instead; with
 *   confirmation {type embedded}, with confirmation.confirmation_token for the checkout widget;
 * - GET /payments/{id} and GET /refunds/{id} answer the object or 404 'not_found';
 * - a refund needs a succeeded payment with that much left, else 400 'invalid_request'.
 *
 * The test plays the buyer (`pay`, `cancel`) and YooKassa's notifier (`notification`).
 */
import { randomUUID } from 'node:crypto';
import { receiptAddsUp, type SimAnswer, type SimRequest, type SimServer, startSimServer } from './server.js';

interface Amount {
  value: string;
  currency: string;
}

export interface YooPayment {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  paid: boolean;
  amount: Amount;
  refunded_amount?: Amount;
  description?: string;
  metadata?: Record<string, string>;
  /** redirect: confirmation_url and return_url; qr: confirmation_data; embedded: confirmation_token. */
  confirmation: {
    type: 'redirect' | 'qr' | 'embedded';
    confirmation_url?: string;
    return_url?: string;
    confirmation_data?: string;
    confirmation_token?: string;
  };
  payment_method?: { type: string; id: string; saved: false };
  cancellation_details?: { party: string; reason: string };
  created_at: string;
  test: true;
}

export interface YooRefund {
  id: string;
  payment_id: string;
  status: 'succeeded';
  amount: Amount;
  created_at: string;
}

export interface YooKassaSimulator {
  url: string;
  server: SimServer;
  payments: Map<string, YooPayment>;
  refunds: Map<string, YooRefund>;
  /** The request bodies of POST /payments and POST /refunds with their Idempotence-Key, oldest first. */
  posts(path: '/payments' | '/refunds'): Array<{ key: string | undefined; body: Record<string, any> }>;
  /** The buyer paid on YooKassa's page. */
  pay(id: string): void;
  /** The payment was cancelled (the buyer's bank declined it). */
  cancel(id: string, reason: string): void;
  /** The notification YooKassa posts for an event about an object. */
  notification(event: string, object: YooPayment | YooRefund): Record<string, unknown>;
  close(): Promise<void>;
}

const error = (status: number, code: string, description: string, parameter?: string): SimAnswer => ({
  status,
  json: { type: 'error', id: randomUUID(), code, description, ...(parameter ? { parameter } : {}) },
});

const kopecks = (a: Amount | undefined) =>
  a && /^\d+\.\d{2}$/.test(a.value) ? Math.round(Number(a.value) * 100) : NaN;
const rub = (k: number): Amount => ({ value: (k / 100).toFixed(2), currency: 'RUB' });

export async function startYooKassaSimulator(opts: { shopId: string; secretKey: string }): Promise<YooKassaSimulator> {
  const payments = new Map<string, YooPayment>();
  const refunds = new Map<string, YooRefund>();
  const keys = new Map<string, { raw: string; answer: SimAnswer }>();
  const auth = `Basic ${Buffer.from(`${opts.shopId}:${opts.secretKey}`).toString('base64')}`;
  let url = '';

  function createPayment(body: Record<string, any>): SimAnswer {
    const total = kopecks(body.amount);
    if (!(total > 0) || body.amount.currency !== 'RUB')
      return error(400, 'invalid_request', 'Invalid amount', 'amount');
    const qr = body.confirmation?.type === 'qr';
    const embedded = body.confirmation?.type === 'embedded';
    if (qr && body.payment_method_data?.type !== 'sbp') {
      return error(400, 'invalid_request', 'Confirmation type qr needs payment_method_data sbp', 'confirmation');
    }
    if (
      !qr &&
      !embedded &&
      (body.confirmation?.type !== 'redirect' || typeof body.confirmation.return_url !== 'string')
    ) {
      return error(400, 'invalid_request', 'Confirmation is required', 'confirmation');
    }
    if (body.receipt) {
      const items = (body.receipt.items ?? []) as Array<{ quantity: number; amount: Amount }>;
      const lines = items.map((i) => ({
        quantity: i.quantity,
        price: kopecks(i.amount),
        amount: i.quantity * kopecks(i.amount),
      }));
      if (!body.receipt.customer?.email || !receiptAddsUp(lines, total)) {
        return error(400, 'invalid_request', 'Receipt items do not add up to the amount', 'receipt');
      }
    }
    const id = randomUUID();
    const payment: YooPayment = {
      id,
      status: 'pending',
      paid: false,
      amount: body.amount,
      description: body.description,
      metadata: body.metadata,
      confirmation: embedded
        ? { type: 'embedded', confirmation_token: `ct-${id}` }
        : qr
          ? { type: 'qr', confirmation_data: `https://qr.nspk.ru/BD10004${id.slice(0, 8)}?type=02&bank=100000000022` }
          : {
              type: 'redirect',
              return_url: body.confirmation.return_url,
              confirmation_url: `${url}/checkout/payments/v2/contract?orderId=${id}`,
            },
      ...(body.payment_method_data
        ? { payment_method: { type: body.payment_method_data.type, id, saved: false } }
        : {}),
      created_at: new Date().toISOString(),
      test: true,
    };
    payments.set(id, payment);
    return { status: 200, json: payment };
  }

  function createRefund(body: Record<string, any>): SimAnswer {
    const payment = payments.get(String(body.payment_id));
    if (!payment) return error(400, 'invalid_request', 'Payment not found', 'payment_id');
    const amount = kopecks(body.amount);
    const left = kopecks(payment.amount) - kopecks(payment.refunded_amount ?? rub(0));
    if (payment.status !== 'succeeded') return error(400, 'invalid_request', 'Payment is not succeeded', 'payment_id');
    if (!(amount > 0) || amount > left) return error(400, 'invalid_request', 'Refund amount exceeds payment', 'amount');
    const refund: YooRefund = {
      id: randomUUID(),
      payment_id: payment.id,
      status: 'succeeded',
      amount: body.amount,
      created_at: new Date().toISOString(),
    };
    refunds.set(refund.id, refund);
    payment.refunded_amount = rub(kopecks(payment.refunded_amount ?? rub(0)) + amount);
    return { status: 200, json: refund };
  }

  function handle(req: SimRequest): SimAnswer {
    if (req.headers.authorization !== auth) {
      return error(401, 'invalid_credentials', 'Authentication by given credentials failed');
    }
    const m = /^\/(payments|refunds)(?:\/([^/]+))?$/.exec(req.path);
    if (!m) return error(404, 'not_found', 'Not found');
    const [, kind, id] = m;
    if (req.method === 'GET' && id) {
      const found = kind === 'payments' ? payments.get(id) : refunds.get(id);
      return found ? { status: 200, json: found } : error(404, 'not_found', 'Object not found');
    }
    if (req.method !== 'POST' || id) return error(405, 'invalid_request', 'Method not allowed');
    const key = req.headers['idempotence-key'];
    if (typeof key !== 'string' || key.length === 0 || key.length > 64) {
      return error(400, 'invalid_request', 'Idempotence key is missing or too long', 'Idempotence-Key');
    }
    const seen = keys.get(`${kind}:${key}`);
    if (seen) {
      return seen.raw === req.raw
        ? seen.answer
        : error(400, 'invalid_request', 'Idempotence key duplicated with another request', 'Idempotence-Key');
    }
    const answer = kind === 'payments' ? createPayment(req.fields) : createRefund(req.fields);
    keys.set(`${kind}:${key}`, { raw: req.raw, answer });
    return answer;
  }

  const server = await startSimServer(handle);
  url = server.url;
  const must = (id: string) => {
    const p = payments.get(id);
    if (!p) throw new Error(`no YooKassa payment ${id}`);
    return p;
  };
  return {
    url,
    server,
    payments,
    refunds,
    posts: (path) =>
      server.requests
        .filter((r) => r.method === 'POST' && r.path === path)
        .map((r) => ({
          key: r.headers['idempotence-key'] as string | undefined,
          body: r.fields as Record<string, any>,
        })),
    pay(id) {
      Object.assign(must(id), { status: 'succeeded', paid: true });
    },
    cancel(id, reason) {
      Object.assign(must(id), { status: 'canceled', cancellation_details: { party: 'payment_network', reason } });
    },
    notification: (event, object) => ({ type: 'notification', event, object: structuredClone(object) }),
    close: () => server.close(),
  };
}
