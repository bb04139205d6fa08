/**
 * A stand-in for T-Bank's acquiring API v2 as its public documentation describes it. Every
 * method is a JSON POST with TerminalKey and Token (the shop's token.ts rule, checked here with
 * the terminal's password) and answers {Success, ErrorCode, Message, Details, …}:
 *
 * - an unknown terminal or a wrong Token: Success false, ErrorCode '204' (the token);
 * - Init {Amount, OrderId, Description, SuccessURL, FailURL, NotificationURL, DATA, Receipt}: a
 *   payment in status NEW with PaymentId and PaymentURL; a Receipt whose Items do not add up to
 *   Amount (or an item whose Price × Quantity is not its Amount): ErrorCode '308';
 * - GetState {PaymentId}: its Status, Amount, OrderId; an unknown payment: ErrorCode '7';
 * - Cancel {PaymentId, Amount, ExternalRequestId, Receipt}: returns Amount of a CONFIRMED or
 *   PARTIAL_REFUNDED payment (REFUNDED when nothing is left); the same ExternalRequestId again
 *   answers the first operation and returns nothing more; more than is left: ErrorCode '9999'.
 *   A NEW payment is cancelled whole (CANCELED, no money moved);
 * - CheckOrder {OrderId}: the payments made under it (PaymentId, Amount, Status); an OrderId
 *   nobody used: ErrorCode '7';
 * - GetQr {PaymentId, DataType PAYLOAD}: Data, the SBP link of a NEW payment (its status becomes
 *   FORM_SHOWED); the buyer's bank app pays it (`pay`);
 * - FinishAuthorize {PaymentId, Route ACQ, Source GooglePay|ApplePay, EncryptedPaymentData}: the
 *   wallet's token decides, as a test card: 'decline' REJECTED (ErrorCode '1051'), '3ds'
 *   3DS_CHECKING with ACSUrl, MD and PaReq, anything else CONFIRMED.
 *
 * The test plays the buyer (`pay`, `reject`) and T-Bank's notifier (`notification`, signed).
 */
import { tbankToken } from '../../../src/payments/tbank/token.js';
import { receiptAddsUp, type SimAnswer, type SimRequest, type SimServer, startSimServer } from './server.js';

export interface TBankPayment {
  PaymentId: number;
  OrderId: string;
  Amount: number;
  /** What is left after refunds. */
  left: number;
  Status: string;
  init: Record<string, any>;
}

export interface TBankSimulator {
  url: string;
  server: SimServer;
  payments: Map<string, TBankPayment>;
  /** The bodies of calls to a method, oldest first. */
  calls(
    method: 'Init' | 'GetState' | 'Cancel' | 'CheckOrder' | 'GetQr' | 'FinishAuthorize',
  ): Array<Record<string, any>>;
  /** The buyer paid: the payment is CONFIRMED. */
  pay(paymentId: string): void;
  reject(paymentId: string): void;
  /** The signed notification T-Bank posts about a payment's current status. */
  notification(paymentId: string): Record<string, unknown>;
  close(): Promise<void>;
}

const fail = (code: string, message: string, details = ''): SimAnswer => ({
  status: 200,
  json: { Success: false, ErrorCode: code, Message: message, Details: details },
});

export async function startTBankSimulator(opts: { terminalKey: string; password: string }): Promise<TBankSimulator> {
  const payments = new Map<string, TBankPayment>();
  const cancels = new Map<string, SimAnswer>();
  let next = 4_000_000_001;
  let url = '';

  function receiptFits(receipt: any, amount: number): boolean {
    if (receipt === undefined) return true;
    const items = (receipt.Items ?? []) as Array<{ Quantity: number; Price: number; Amount: number }>;
    const lines = items.map((i) => ({ quantity: i.Quantity, price: i.Price, amount: i.Amount }));
    return typeof receipt.Email === 'string' && typeof receipt.Taxation === 'string' && receiptAddsUp(lines, amount);
  }

  function init(body: Record<string, any>): SimAnswer {
    if (!Number.isInteger(body.Amount) || body.Amount <= 0) return fail('9999', 'Неверные параметры', 'Amount');
    if (typeof body.OrderId !== 'string' || body.OrderId.length > 36)
      return fail('9999', 'Неверные параметры', 'OrderId');
    if (!receiptFits(body.Receipt, body.Amount)) {
      return fail('308', 'Сумма позиций чека не совпадает с суммой платежа');
    }
    const id = next++;
    const payment = {
      PaymentId: id,
      OrderId: body.OrderId,
      Amount: body.Amount,
      left: body.Amount,
      Status: 'NEW',
      init: body,
    };
    payments.set(String(id), payment);
    return {
      status: 200,
      json: {
        Success: true,
        ErrorCode: '0',
        TerminalKey: opts.terminalKey,
        Status: 'NEW',
        PaymentId: String(id),
        OrderId: body.OrderId,
        Amount: body.Amount,
        PaymentURL: `${url}/new/pay${id}`,
      },
    };
  }

  /** A method's answer about a payment. */
  function done(payment: TBankPayment, fields: Record<string, unknown>): SimAnswer {
    return {
      status: 200,
      json: {
        Success: true,
        ErrorCode: '0',
        TerminalKey: opts.terminalKey,
        Status: payment.Status,
        PaymentId: String(payment.PaymentId),
        OrderId: payment.OrderId,
        ...fields,
      },
    };
  }

  function cancel(body: Record<string, any>, payment: TBankPayment): SimAnswer {
    const key = typeof body.ExternalRequestId === 'string' ? body.ExternalRequestId : undefined;
    const seen = key === undefined ? undefined : cancels.get(key);
    if (seen) return seen;
    const amount = body.Amount ?? payment.left;
    if (payment.Status === 'NEW' || payment.Status === 'FORM_SHOWED') {
      payment.Status = 'CANCELED';
      return done(payment, { OriginalAmount: payment.Amount, NewAmount: 0 });
    }
    if (payment.Status !== 'CONFIRMED' && payment.Status !== 'PARTIAL_REFUNDED') {
      return fail('9999', 'Неверный статус платежа');
    }
    if (!Number.isInteger(amount) || amount <= 0 || amount > payment.left) {
      return fail('9999', 'Сумма отмены больше суммы платежа');
    }
    if (!receiptFits(body.Receipt, amount)) return fail('308', 'Сумма позиций чека не совпадает с суммой возврата');
    const original = payment.left;
    payment.left -= amount;
    payment.Status = payment.left === 0 ? 'REFUNDED' : 'PARTIAL_REFUNDED';
    const answer = done(payment, {
      OriginalAmount: original,
      NewAmount: payment.left,
      ...(key ? { ExternalRequestId: key } : {}),
    });
    if (key) cancels.set(key, answer);
    return answer;
  }

  function checkOrder(body: Record<string, any>): SimAnswer {
    const found = [...payments.values()].filter((p) => p.OrderId === body.OrderId);
    if (found.length === 0) return fail('7', 'Заказ не найден');
    return {
      status: 200,
      json: {
        Success: true,
        ErrorCode: '0',
        TerminalKey: opts.terminalKey,
        OrderId: body.OrderId,
        Payments: found.map((p) => ({
          PaymentId: String(p.PaymentId),
          Amount: p.Amount,
          Status: p.Status,
          Success: 'true',
          ErrorCode: 0,
        })),
      },
    };
  }

  function getQr(payment: TBankPayment): SimAnswer {
    if (payment.Status !== 'NEW' && payment.Status !== 'FORM_SHOWED') return fail('9999', 'Неверный статус платежа');
    payment.Status = 'FORM_SHOWED';
    const sum = `sum=${payment.Amount}&cur=RUB&crc=AB12`;
    return done(payment, { Data: `https://qr.nspk.ru/AD10006M${payment.PaymentId}?type=02&bank=100000000004&${sum}` });
  }

  function finishAuthorize(body: Record<string, any>, payment: TBankPayment): SimAnswer {
    if (payment.Status !== 'NEW' && payment.Status !== 'FORM_SHOWED') return fail('9999', 'Неверный статус платежа');
    if (body.Route !== 'ACQ' || !['GooglePay', 'ApplePay'].includes(body.Source) || !body.EncryptedPaymentData) {
      return fail('9999', 'Неверные параметры', 'EncryptedPaymentData');
    }
    if (body.EncryptedPaymentData === 'decline') {
      payment.Status = 'REJECTED';
      return fail('1051', 'Недостаточно средств на карте');
    }
    if (body.EncryptedPaymentData === '3ds') {
      payment.Status = '3DS_CHECKING';
      return done(payment, {
        Amount: payment.Amount,
        ACSUrl: `${url}/acs/auth/start.do`,
        MD: `ACQT-${payment.PaymentId}`,
        PaReq: Buffer.from(`pareq-${payment.PaymentId}`).toString('base64'),
      });
    }
    payment.Status = 'CONFIRMED';
    return done(payment, { Amount: payment.Amount });
  }

  function handle(req: SimRequest): SimAnswer {
    const body = req.fields as Record<string, any>;
    if (req.method !== 'POST') return { status: 405, json: {} };
    if (body.TerminalKey !== opts.terminalKey || body.Token !== tbankToken(body, opts.password)) {
      return fail('204', 'Неверный токен. Проверьте пару TerminalKey/SecretKey.');
    }
    const method = req.path.replace(/^\//, '');
    if (method === 'Init') return init(body);
    if (method === 'CheckOrder') return checkOrder(body);
    const payment = payments.get(String(body.PaymentId));
    if (!payment) return fail('7', 'Платёж не найден');
    if (method === 'GetState') return done(payment, { Amount: payment.Amount });
    if (method === 'Cancel') return cancel(body, payment);
    if (method === 'GetQr') return getQr(payment);
    if (method === 'FinishAuthorize') return finishAuthorize(body, payment);
    return fail('9999', 'Метод не поддерживается');
  }

  const server = await startSimServer(handle);
  url = server.url;
  const must = (id: string) => {
    const p = payments.get(id);
    if (!p) throw new Error(`no T-Bank payment ${id}`);
    return p;
  };
  return {
    url,
    server,
    payments,
    calls: (method) =>
      server.requests.filter((r) => r.path === `/${method}`).map((r) => r.fields as Record<string, any>),
    pay(id) {
      must(id).Status = 'CONFIRMED';
    },
    reject(id) {
      must(id).Status = 'REJECTED';
    },
    notification(id) {
      const p = must(id);
      const fields = {
        TerminalKey: opts.terminalKey,
        OrderId: p.OrderId,
        Success: p.Status !== 'REJECTED',
        Status: p.Status,
        PaymentId: p.PaymentId,
        ErrorCode: p.Status === 'REJECTED' ? '1051' : '0',
        Amount: p.Status === 'PARTIAL_REFUNDED' ? p.left : p.Amount,
        CardId: 322264,
        Pan: '430000******0777',
        ExpDate: '1230',
      };
      return { ...fields, Token: tbankToken(fields, opts.password) };
    },
    close: () => server.close(),
  };
}
