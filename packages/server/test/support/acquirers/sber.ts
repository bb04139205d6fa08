/**
 * A stand-in for Sber's internet acquiring REST interface (/payment/rest/) as its public
 * documentation describes it. Every method is a form POST with userName and password, answered
 * in JSON; errorCode '0' (or none) means done, anything else comes with errorMessage:
 *
 * - a wrong login: errorCode '5', 'Доступ запрещён';
 * - register.do {orderNumber, amount, returnUrl, failUrl, description, email, orderBundle,
 *   taxSystem}: {orderId, formUrl}; an orderNumber registered before: errorCode '1', 'Заказ с
 *   таким номером уже обработан'; cart items that do not add up to amount: errorCode '1' too;
 * - getOrderStatusExtended.do {orderId} or {orderNumber} (orderId first): orderNumber, the
 *   attribute mdOrder, orderStatus (0 registered, 2 deposited, 4 refunded, 6
 *   declined), amount and paymentAmountInfo {paymentState, approvedAmount, depositedAmount,
 *   refundedAmount}; an unknown order: errorCode '6', 'Заказ не найден';
 * - refund.do {orderId, amount, refundItems}: returns amount of a deposited order; more than is
 *   left: errorCode '7'. refund.do has no idempotency key: each call returns money again.
 *
 * - sbp/c2b/qr/dynamic/get.do {mdOrder, qrHeight, qrWidth, qrFormat}: {qrId, payload, qrStatus}
 *   of a registered (unpaid) order; the buyer's bank app pays it (`pay`);
 * - /payment/google/payment.do and /payment/applepay/payment.do (JSON; no API login, the
 *   merchant login names the shop) {merchant, orderNumber, paymentToken, amount (Google Pay)}
 *   register and pay an order: a token 'decline' {success false, data {orderId}, error}, '3ds'
 *   {success true, data {orderId, acsUrl, paReq, termUrl}} (registered, waiting), anything else
 *   deposited; a used orderNumber {success false, error {code 1}}.
 *
 * The test plays the buyer (`pay`, `decline`) and Sber's callback (`callback`, with the
 * checksum the shop's key makes).
 */
import { randomUUID } from 'node:crypto';
import { sberChecksum } from '../../../src/payments/sber/checksum.js';
import { receiptAddsUp, type SimAnswer, type SimRequest, type SimServer, startSimServer } from './server.js';

export interface SberOrder {
  orderId: string;
  orderNumber: string;
  amount: number;
  orderStatus: 0 | 2 | 4 | 6;
  refundedAmount: number;
  register: Record<string, string>;
}

export interface SberSimulator {
  url: string;
  server: SimServer;
  orders: Map<string, SberOrder>;
  calls(
    method: 'register.do' | 'getOrderStatusExtended.do' | 'refund.do' | 'sbp/c2b/qr/dynamic/get.do',
  ): Array<Record<string, string>>;
  /** The JSON bodies of a wallet's payment.do. */
  walletCalls(path: 'google/payment.do' | 'applepay/payment.do'): Array<Record<string, unknown>>;
  pay(orderId: string): void;
  decline(orderId: string): void;
  /** The callback Sber sends about an operation on an order, with its checksum. */
  callback(
    orderId: string,
    operation: string,
    status: '0' | '1',
    extra?: Record<string, string>,
  ): Record<string, string> & { checksum: string };
  close(): Promise<void>;
}

const failed = (code: string, message: string): SimAnswer => ({
  status: 200,
  json: { errorCode: code, errorMessage: message },
});

interface CartItem {
  quantity: { value: number };
  itemPrice: number;
  itemAmount: number;
}

function cartAddsUp(json: string | undefined, amount: number): boolean {
  if (json === undefined) return true;
  try {
    const parsed = JSON.parse(json) as { items?: CartItem[]; cartItems?: { items?: CartItem[] } };
    const items = parsed.cartItems?.items ?? parsed.items ?? [];
    return receiptAddsUp(
      items.map((i) => ({ quantity: i.quantity.value, price: i.itemPrice, amount: i.itemAmount })),
      amount,
    );
  } catch {
    return false;
  }
}

export async function startSberSimulator(opts: {
  userName: string;
  password: string;
  callbackKey: string;
  /** The merchant login the wallet calls name; the API login without '-api' unless given. */
  merchant?: string;
}): Promise<SberSimulator> {
  const merchant = opts.merchant ?? opts.userName.replace(/-api$/, '');
  const orders = new Map<string, SberOrder>();
  const numbers = new Set<string>();
  let url = '';

  function register(f: Record<string, string>): SimAnswer {
    const amount = Number(f.amount);
    if (!f.orderNumber || f.orderNumber.length > 32 || !/^\d{1,12}$/.test(f.amount ?? '') || amount <= 0) {
      return failed('4', 'Неверные параметры заказа');
    }
    if (!f.returnUrl) return failed('4', 'URL возврата не может быть пуст');
    if (numbers.has(f.orderNumber)) return failed('1', 'Заказ с таким номером уже обработан');
    if (!cartAddsUp(f.orderBundle, amount)) return failed('1', 'Сумма корзины не совпадает с суммой заказа');
    const orderId = create(f.orderNumber, amount, f).orderId;
    return {
      status: 200,
      json: { orderId, formUrl: `${url}/payment/merchants/sbersafe_sberid/payment_ru.html?mdOrder=${orderId}` },
    };
  }

  function create(orderNumber: string, amount: number, f: Record<string, string>): SberOrder {
    numbers.add(orderNumber);
    const orderId = randomUUID();
    const order: SberOrder = { orderId, orderNumber, amount, orderStatus: 0, refundedAmount: 0, register: f };
    orders.set(orderId, order);
    return order;
  }

  function qr(order: SberOrder): SimAnswer {
    if (order.orderStatus !== 0) return failed('7', 'Неверный статус заказа');
    return {
      status: 200,
      json: {
        errorCode: '0',
        qrId: `AD1000${order.orderId.slice(0, 8)}`,
        payload: `https://qr.nspk.ru/AD1000${order.orderId.slice(0, 8)}?type=02&bank=100000000111&sum=${order.amount}&cur=RUB&crc=C0DE`,
        qrStatus: 'STARTED',
      },
    };
  }

  function wallet(body: Record<string, any>): SimAnswer {
    const refused = (code: string, message: string): SimAnswer => ({
      status: 200,
      json: { success: false, error: { code, description: message, message } },
    });
    if (body.merchant !== merchant || typeof body.paymentToken !== 'string' || !body.orderNumber) {
      return refused('5', 'Доступ запрещён');
    }
    if (numbers.has(body.orderNumber)) return refused('1', 'Заказ с таким номером уже обработан');
    const amount = Number(body.amount ?? 100_000);
    const order = create(body.orderNumber, amount, body);
    if (body.paymentToken === 'decline') {
      order.orderStatus = 6;
      return {
        status: 200,
        json: { success: false, data: { orderId: order.orderId }, error: { code: '-2007', message: 'Отказ банка' } },
      };
    }
    if (body.paymentToken === '3ds') {
      return {
        status: 200,
        json: {
          success: true,
          data: {
            orderId: order.orderId,
            acsUrl: `${url}/acs/auth/start.do`,
            paReq: Buffer.from(`pareq-${order.orderId}`).toString('base64'),
            termUrl: `${url}/payment/rest/finish3ds.do`,
          },
        },
      };
    }
    order.orderStatus = 2;
    return { status: 200, json: { success: true, data: { orderId: order.orderId } } };
  }

  function status(order: SberOrder): SimAnswer {
    const deposited = order.orderStatus === 2 || order.orderStatus === 4 ? order.amount : 0;
    return {
      status: 200,
      json: {
        errorCode: '0',
        errorMessage: 'Успешно',
        orderNumber: order.orderNumber,
        attributes: [{ name: 'mdOrder', value: order.orderId }],
        orderStatus: order.orderStatus,
        actionCode: order.orderStatus === 6 ? -2007 : 0,
        actionCodeDescription: order.orderStatus === 6 ? 'Истёк срок ожидания ввода данных' : '',
        amount: order.amount,
        currency: '643',
        paymentAmountInfo: {
          paymentState: ['CREATED', '', 'DEPOSITED', '', 'REFUNDED', '', 'DECLINED'][order.orderStatus],
          approvedAmount: deposited,
          depositedAmount: deposited,
          refundedAmount: order.refundedAmount,
        },
      },
    };
  }

  function refund(order: SberOrder, f: Record<string, string>): SimAnswer {
    const amount = Number(f.amount);
    if (order.orderStatus !== 2 && order.orderStatus !== 4) return failed('7', 'Неверный статус заказа');
    if (!(amount > 0) || amount > order.amount - order.refundedAmount) {
      return failed('7', 'Сумма возврата превышает сумму списания');
    }
    if (!cartAddsUp(f.refundItems, amount)) return failed('7', 'Сумма позиций возврата не совпадает с суммой');
    order.refundedAmount += amount;
    order.orderStatus = 4;
    return { status: 200, json: { errorCode: '0', errorMessage: 'Успешно' } };
  }

  function handle(req: SimRequest): SimAnswer {
    const f = req.fields as Record<string, string>;
    if (req.method !== 'POST') return { status: 405, json: {} };
    if (req.path === '/payment/google/payment.do' || req.path === '/payment/applepay/payment.do') {
      return wallet(req.fields);
    }
    if (f.userName !== opts.userName || f.password !== opts.password) return failed('5', 'Доступ запрещён');
    const method = req.path.replace(/^\/payment\/rest\//, '');
    if (method === 'register.do') return register(f);
    const id = f.orderId ?? f.mdOrder;
    const order = id
      ? orders.get(id)
      : [...orders.values()].find((o) => f.orderNumber !== undefined && o.orderNumber === f.orderNumber);
    if (!order) return failed('6', 'Заказ не найден');
    if (method === 'getOrderStatusExtended.do') return status(order);
    if (method === 'refund.do') return refund(order, f);
    if (method === 'sbp/c2b/qr/dynamic/get.do') return qr(order);
    return { status: 404, json: {} };
  }

  const server = await startSimServer(handle);
  url = server.url;
  const must = (id: string) => {
    const o = orders.get(id);
    if (!o) throw new Error(`no Sber order ${id}`);
    return o;
  };
  return {
    url: `${url}/payment/rest`,
    server,
    orders,
    calls: (method) =>
      server.requests
        .filter((r) => r.path === `/payment/rest/${method}`)
        .map((r) => r.fields as Record<string, string>),
    walletCalls: (path) => server.requests.filter((r) => r.path === `/payment/${path}`).map((r) => r.fields),
    pay(id) {
      must(id).orderStatus = 2;
    },
    decline(id) {
      must(id).orderStatus = 6;
    },
    callback(id, operation, status, extra = {}) {
      const o = must(id);
      const fields = { mdOrder: o.orderId, orderNumber: o.orderNumber, operation, status, ...extra };
      return { ...fields, checksum: sberChecksum(fields, opts.callbackKey) };
    },
    close: () => server.close(),
  };
}
