import {
  anonymousSessionPay,
  basketGetTickets,
  type CallRequest,
  createAnonymousOrder,
  createSessionOrder,
  deliveryFormFromFields,
  ErrorCode,
  giftCardFullProceed,
  messages,
  orderAddDelivery,
  orderCreate,
} from '@partera/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { type Account, accountOfSession } from '../accounts/index.js';
import { SESSION_PARAM } from '../http/names.js';
import { route } from '../http/route.js';
import { issueSession, switchSession } from '../http/session.js';
import { orderCompletePath, paymentSessionPath } from '../payments/urls.js';
import { basketAnalyticsTickets } from '../services/checkout/analytics.js';
import { createOrder, type GuestDetails, type OrderCreation, type OrderRequest } from '../services/orders/index.js';
import { signedInAccount } from './signed-in.js';

/** The signed-in account's details on an order. */
function accountBuyer(account: Account): GuestDetails {
  return {
    email: account.email ?? '',
    name: account.firstName,
    surname: account.surname,
    patronymic: account.patronymic || null,
    phone: account.phone ? `+${account.phone}` : null,
  };
}

/** A guest's details as the anonymous order and the courier order send them (3.13: surname or family). */
function guestBuyer(input: {
  email?: string | undefined;
  name?: string | undefined;
  surname?: string | undefined;
  family?: string | undefined;
  patronymic?: string | undefined;
  phone?: string | undefined;
}): GuestDetails {
  return {
    email: input.email ?? '',
    name: input.name ?? '',
    surname: input.surname ?? input.family ?? '',
    patronymic: input.patronymic ?? null,
    phone: input.phone ?? null,
  };
}

/** The guest's order of the anonymous calls (3.13: pc or payment_card; payment, pm or method). */
function anonymousOrder(input: CallRequest<typeof createAnonymousOrder>): OrderRequest {
  return {
    payment: input.payment ?? input.pm ?? input.method ?? 'card',
    delivery: input.delivery ?? 'eticket',
    paymentCard: input.pc ?? input.payment_card ?? null,
    buyer: guestBuyer(input),
    account: false,
    courier: null,
    cashback: input.cashback ?? null,
    pushkinCardInfo: input.pushkinCardInfo ?? null,
  };
}

const loginFirst = { error: ErrorCode.loginRequired, message: messages.loginRequired };

/**
 * Order calls (hall-basket-checkout.md 7.5): all four place the session's basket through one
 * service (services/orders/create.ts) and answer alike: the payment session to post the params
 * to, or, when nothing is paid through the bank now (a box-office booking, an order paid whole by
 * points, the full gift-card payment), isFullGiftCardPayment with the url to follow; and the
 * session's new id.
 */
export const orderRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  // The basket's tickets for the checkout's analytics (7.4, 3.18): one item per held ticket.
  route(app, basketGetTickets, async (_input, req, reply) => {
    reply.header('cache-control', 'no-store');
    return basketAnalyticsTickets(deps, req.session.id);
  });

  /** Places the order and answers it (see rotateSession: the session moves to a new id). */
  async function place(req: FastifyRequest, reply: FastifyReply, order: OrderRequest) {
    const next = issueSession(deps.config.csrfSecret);
    const created = await createOrder(deps, req.session, order, next);
    return answerOf(created, next, req, reply);
  }

  route(app, createAnonymousOrder, async (input, req, reply) => place(req, reply, anonymousOrder(input)));
  // The anonymous session pay (wallets and the mobile flow) places the order as the anonymous order does.
  route(app, anonymousSessionPay, async (input, req, reply) => place(req, reply, anonymousOrder(input)));

  /** A signed-in buyer's order: the account's name and e-mail, the basket of the session. */
  async function accountOrder(
    req: FastifyRequest,
    reply: FastifyReply,
    choice: Pick<OrderRequest, 'payment' | 'delivery' | 'paymentCard'>,
  ) {
    const account = await signedInAccount(deps.db, req, reply);
    if (!account) return loginFirst;
    return place(req, reply, { ...choice, buyer: accountBuyer(account), account: true, courier: null });
  }

  route(app, createSessionOrder, async (input, req, reply) =>
    accountOrder(req, reply, { payment: input.pm, delivery: input.dm, paymentCard: input.pc ?? null }),
  );
  route(app, orderCreate, async (input, req, reply) =>
    accountOrder(req, reply, {
      payment: input.payment,
      delivery: input.delivery,
      paymentCard: input.payment_card ?? null,
    }),
  );

  // Courier delivery (4.7): a signed-in buyer's order, or a guest's with the guest's details.
  route(app, orderAddDelivery, async (input, req, reply) => {
    const account = req.session.isNew ? null : await accountOfSession(deps.db, req.session.id);
    return place(req, reply, {
      payment: input.payment,
      delivery: input.delivery,
      paymentCard: input.payment_card ?? null,
      buyer: account ? accountBuyer(account) : guestBuyer(input),
      account: account !== null,
      courier: deliveryFormFromFields(input),
    });
  });

  /** The order's answer: where to go next, and the session's new id (see rotateSession). */
  function answerOf(
    created: OrderCreation,
    next: { id: string; csrfToken: string },
    req: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (!created.ok) return { error: created.code, message: created.message };
    switchSession(req, reply, next.id, deps.config.csrfSecret);
    const session = { name: SESSION_PARAM, id: next.id, csrfToken: next.csrfToken };
    const params = { token: created.accessToken };
    if (created.next === 'pay') {
      return { error: 0, url: paymentSessionPath(created.orderId), params, isFullGiftCardPayment: false, session };
    }
    const url =
      created.next === 'giftCard'
        ? `${giftCardFullProceed.path}?order_id=${created.orderId}`
        : orderCompletePath(created.orderId, created.accessToken);
    return { error: 0, url, params, isFullGiftCardPayment: true, session };
  }
};
