import { createHash, randomBytes } from 'node:crypto';
import {
  type CashbackAction,
  checkoutDeliveryVariant,
  type DeliveryForm,
  type DeliveryMethod,
  ErrorCode,
  messages,
  normalizePhone,
  type PaymentMethod,
  pushkinCardBirthDate,
  validateDelivery,
} from '@partera/contract';
import { changeBonus } from '../../accounts/bonus.js';
import { DELIVERY_MESSAGES, type OrderDelivery } from '../../accounts/deliveries.js';
import type { Transaction } from '../../db/index.js';
import type { ServerDeps } from '../../deps.js';
import { type BasketContents, loadBasket } from '../basket/contents.js';
import { packageOrderRefusal } from '../basket/packages.js';
import { orderPhoneRefusal } from '../basket/phone-check.js';
import { lockSession } from '../basket/selection.js';
import { codesRefusal, readBasketCodes, recordCodesOnOrder } from '../checkout/codes/index.js';
import { acquirerTakesSbp, basketMetroStation } from '../checkout/facts.js';
import {
  type CheckoutFacts,
  isCourier,
  type OfferedDelivery,
  offeredChoice,
  orderedDelivery,
} from '../checkout/offer.js';
import { checkoutOfBasket } from '../checkout/state.js';
import { findFramedSession } from '../partners/index.js';
import { rotateSession } from '../sessions/index.js';
import { completeOrderPaid } from './complete.js';
import { type GuestDetails, validateGuest } from './guest.js';
import { PAYMENT_IN_PROGRESS_REFUSAL, paymentInProgress } from './in-progress.js';
import { cancelUnpaidOrdersOf, KOPECKS_PER_POINT } from './release.js';

/**
 * What the buyer's next step is: pay through the acquirer (the payment session), nothing to pay
 * now (a box-office booking, or an order the points or codes paid whole: the order-complete
 * page), or the gift card pays it whole (/order/GiftCardFullProceed/).
 */
export type OrderNext = 'pay' | 'complete' | 'giftCard';

export type OrderCreation =
  | { ok: true; orderId: number; accessToken: string; total: number; next: OrderNext }
  | { ok: false; code: number; message: string };

export const orderMessages = {
  emptyBasket: {
    code: ErrorCode.orderReload,
    message: 'Время резерва билетов истекло или корзина пуста. Выберите места заново.',
  },
  /** A method or delivery the checkout does not offer this basket now (a stale page, or a forged request). */
  notOffered: {
    code: ErrorCode.orderReloadAlt,
    message: 'Выбранный способ оплаты или доставки недоступен для этого заказа. Страница будет обновлена.',
  },
  /** The places went to someone else while the order was being completed. */
  placesGone: { code: ErrorCode.orderReload, message: 'Места уже заняты. Выберите места заново.' },
  bonusPin: { code: ErrorCode.orderPhoneRequired, message: 'Подтвердите оплату баллами кодом из SMS' },
  bonusChanged: { code: ErrorCode.orderReloadAlt, message: 'Баланс баллов изменился. Страница будет обновлена.' },
  delivery: { code: 1, message: messages.deliveryError },
  /** Another tab's order of the basket is being paid at the acquirer (decision 0047). */
  paymentInProgress: PAYMENT_IN_PROGRESS_REFUSAL,
};

/** The order request, as any of the four order calls sends it. Money is never taken from it. */
export interface OrderRequest {
  payment: PaymentMethod;
  delivery: DeliveryMethod;
  paymentCard: string | null;
  buyer: GuestDetails;
  /** The buyer's details are the signed-in account's (not a guest's form). */
  account: boolean;
  /** The courier form (the add-delivery call), else null. */
  courier: DeliveryForm | null;
  /** The cashback action sent with the order (3.13), instead of the one kept with the basket. */
  cashback?: CashbackAction | null;
  /** The culture card's buyer data (3.13 pushkinCardInfo), for its age rule. */
  pushkinCardInfo?: Record<string, unknown> | null;
}

export type OrderDeps = Pick<ServerDeps, 'db' | 'clock' | 'config'>;

/** A refusal found inside the transaction: thrown so that nothing of it is kept. */
class Refusal extends Error {
  constructor(readonly answer: { code: number; message: string }) {
    super(answer.message);
  }
}

/** The checks of the request alone (the form and the courier's fields), before the transaction. */
function requestRefusal(req: OrderRequest): { code: number; message: string } | null {
  const problem = validateGuest(req.buyer, req.account ? 'card' : req.payment);
  if (problem) return { code: 1, message: problem };
  if (!isCourier(req.delivery)) return null;
  if (!req.courier) return orderMessages.delivery;
  // 5.4, decision 0055: a signed-in buyer's courier form is checked by variant B (first name,
  // surname, patronymic, a phone of 7 digits or more, a metro id of 1 or more, address), a
  // guest's by variant A (surname, first name, patronymic, metro, address, phone non-empty);
  // the first failure wins, with the client's message.
  const failed = validateDelivery(checkoutDeliveryVariant(req.account), req.courier);
  if (failed) return { code: 1, message: failed.message };
  if (!/^\d{10,15}$/.test(normalizePhone(String(req.courier.phone ?? '')))) {
    return { code: 1, message: DELIVERY_MESSAGES.phoneInvalid };
  }
  return null;
}

/**
 * THE order creation of every order call (hall-basket-checkout.md 4.5, 4.7, 4.8, 7.5, 8.3):
 * turns the session's basket into an order for the payment and delivery the buyer chose.
 *
 * Inside one transaction, with the basket locked, everything is checked again: the basket is not
 * empty (620) and no line blocks an order (cannotCreateOrderCause), it is not a booking mixed with
 * tickets to pay (623), the phone rule of the sale (113), a package is whole; the payment and
 * delivery are offered to this buyer and basket now (services/checkout/offer.ts; else 630), the
 * codes applied allow the payment (codesRefusal), a bonus payment's PIN is fresh (113) and the
 * courier's metro is a station of the venue's city. Prices come from the database only.
 *
 * One order per basket (decision 0047): when the basket's unpaid order was placed for this very
 * request (the same lines and prices, payment, delivery, buyer, courier form, codes and partner:
 * requestKey), that order is answered again (a double click, a reload, a second tab), and its
 * payment session answers the payment already in progress. An unpaid order placed for other
 * choices is replaced, unless its payment is in progress at the acquirer and it still stands on
 * the basket's places: then the call is refused (paymentInProgress) and the order stays.
 *
 * Then: earlier unpaid orders of the basket are cancelled (what they took goes back); the order
 * is written with its items, the delivery's price and the codes' share; bonus points pay what they
 * can (whole roubles, up to the total; the rest by card); a booking takes the basket's places for
 * itself until its deadline (the order's own hold owner: a new basket of the buyer is free of
 * them, and they lapse by themselves then); an order with nothing left to pay is completed. The
 * session moves to `rotateTo` (see rotateSession), so a session id that leaked before cannot
 * follow the order. A partner's frame gives the order that partner and its cashback.
 */
export async function createOrder(
  deps: OrderDeps,
  session: { id: string; csrfToken: string },
  req: OrderRequest,
  rotateTo: { id: string; csrfToken: string },
): Promise<OrderCreation> {
  const early = requestRefusal(req);
  if (early) return { ok: false, ...early };
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      await lockSession(tx, session.id);
      const basket = await loadBasket(tx, session.id, now);
      const key = await requestKey(tx, session.id, basket, req);
      const same = await unpaidOrderFor(tx, session.id, basket, key, now);
      if (same) {
        await rotateSession(tx, session.id, rotateTo);
        return { ok: true as const, ...same };
      }
      // Earlier unpaid orders of the basket go first, so what they took (points, a gift card's
      // amount, a promo's use) is back before this one is priced.
      await cancelUnpaidOrdersOf(tx, session.id, now);
      const checked = await checkBasket(deps, tx, session.id, basket, req, now);
      const created = await writeOrder(deps, tx, session.id, basket, req, checked, key, now);
      await rotateSession(tx, session.id, rotateTo);
      return { ok: true as const, ...created };
    });
  } catch (err) {
    if (err instanceof Refusal) return { ok: false, ...err.answer };
    throw err;
  }
}

/**
 * What an order call asks for, as one key: the basket's lines with their prices, the payment and
 * the delivery it makes, the card type, the buyer, the courier's form, the codes kept with the
 * basket (the cashback action the call sent instead, when it sent one) and the partner's frame.
 * Two calls with the same key would place the same order.
 */
async function requestKey(tx: Transaction, sessionId: string, basket: BasketContents, req: OrderRequest) {
  const text = (v: unknown) => String(v ?? '').trim();
  const codes = await readBasketCodes(tx, sessionId);
  const framed = await findFramedSession(tx, sessionId);
  const lines = basket.lines
    .map((l) =>
      JSON.stringify([
        l.performanceId,
        l.performancePlaceId,
        l.performanceSectionId,
        l.tariffId,
        l.count,
        l.price,
        l.giftsCount,
        l.giftPrice,
      ]),
    )
    .sort();
  const c = req.courier;
  const key = {
    lines,
    payment: req.payment,
    delivery: orderedDelivery(req.delivery, req.payment),
    card: req.paymentCard ?? null,
    account: req.account,
    buyer: [req.buyer.email, req.buyer.name, req.buyer.surname, req.buyer.patronymic, req.buyer.phone].map(text),
    courier: c
      ? [c.surname, c.firstname, c.patronymic, normalizePhone(text(c.phone)), c.address, c.metro].map(text)
      : null,
    codes: [codes.promoCodeId, codes.giftCardId, req.cashback ?? codes.cashbackAction],
    partner: framed?.partnerId ?? null,
    pushkinCard: req.pushkinCardInfo ?? null,
  };
  return createHash('sha256').update(JSON.stringify(key)).digest('base64url');
}

/**
 * The basket's unpaid order when it was placed for this request (the same key) and still holds
 * the basket's places: answered again. Otherwise null, after refusing when an unpaid order of the
 * basket has a payment in progress (it may not be replaced).
 */
async function unpaidOrderFor(
  tx: Transaction,
  sessionId: string,
  basket: BasketContents,
  key: string,
  now: Date,
): Promise<Omit<Extract<OrderCreation, { ok: true }>, 'ok'> | null> {
  if (basket.ticketCount === 0) return null;
  const r = await tx.query<{
    id: number;
    access_token: string;
    total: number;
    payment_method: string;
    request_key: string | null;
    pay_by: Date | null;
  }>(
    `SELECT id, access_token, total, payment_method, request_key, pay_by FROM orders
      WHERE session_id = $1 AND status = 'new' ORDER BY id DESC`,
    [sessionId],
  );
  const [newest] = r.rows;
  const live = (o: { pay_by: Date | null }) => o.pay_by === null || new Date(o.pay_by).getTime() > now.getTime();
  if (newest && newest.request_key === key && live(newest)) {
    const next: OrderNext = newest.payment_method === 'gift_card' ? 'giftCard' : 'pay';
    return { orderId: newest.id, accessToken: newest.access_token, total: newest.total, next };
  }
  for (const order of r.rows) {
    if (!(await paymentInProgress(tx, order.id, now))) continue;
    if (await sharesPlaces(tx, order.id, basket)) throw new Refusal(orderMessages.paymentInProgress);
  }
  return null;
}

/**
 * The order still stands on the basket's places: one of its places (or entrance tickets of one
 * of its sections) is held by the basket now. An order whose holds lapsed while its payment form
 * stayed open does not keep the buyer from a new basket of other places.
 */
async function sharesPlaces(tx: Transaction, orderId: number, basket: BasketContents): Promise<boolean> {
  const items = await tx.query<{ performance_place_id: number | null; performance_section_id: number | null }>(
    'SELECT performance_place_id, performance_section_id FROM order_items WHERE order_id = $1',
    [orderId],
  );
  return items.rows.some((item) =>
    basket.lines.some((line) =>
      item.performance_place_id !== null
        ? line.performancePlaceId === item.performance_place_id
        : line.performancePlaceId === null && line.performanceSectionId === item.performance_section_id,
    ),
  );
}

interface Checked {
  facts: CheckoutFacts;
  delivery: OfferedDelivery;
  courier: OrderDelivery | null;
}

/** Every rule of the basket and the choice, inside the transaction; throws the first refusal. */
async function checkBasket(
  deps: OrderDeps,
  tx: Transaction,
  sessionId: string,
  basket: BasketContents,
  req: OrderRequest,
  now: Date,
): Promise<Checked> {
  if (basket.ticketCount === 0) throw new Refusal(orderMessages.emptyBasket);
  const blocked = basket.lines.find((l) => l.cannotCreateOrderCause)?.cannotCreateOrderCause;
  if (blocked) throw new Refusal({ code: 1, message: blocked });
  const performanceIds = basket.lines.map((l) => l.performanceId);
  const phone = await orderPhoneRefusal(tx, sessionId, performanceIds, now);
  if (phone) throw new Refusal(phone);
  const incomplete = await packageOrderRefusal(tx, sessionId, now);
  if (incomplete) throw new Refusal(incomplete);
  const { facts, offer } = await checkoutOfBasket(tx, {
    sessionId,
    basket,
    now,
    sbp: acquirerTakesSbp(deps.config),
    cashbackAction: req.cashback ?? null,
  });
  // The booking rule (services/basket/booking.ts): one order is a reservation or a purchase.
  const booking = (p: CheckoutFacts['performances'][number]) => p.allowReserve && !p.allowPay;
  if (facts.performances.some(booking) && !facts.performances.every(booking)) {
    throw new Refusal({ code: ErrorCode.basketConflictResetBooking, message: messages.bookingAmongPurchases });
  }
  const choice = offeredChoice(offer, req.payment, req.delivery);
  if (!choice) throw new Refusal(orderMessages.notOffered);
  const codes = codesRefusal(facts.applied, req.payment, { birthDate: await birthDateOf(tx, req, facts), now });
  if (codes) throw new Refusal(codes);
  if (req.payment === 'bonus' && !facts.buyer.bonusPinFresh) throw new Refusal(orderMessages.bonusPin);
  let courier: OrderDelivery | null = null;
  if (choice.delivery.id === 'courier' && req.courier) {
    const metro = await basketMetroStation(tx, basket, Number(req.courier.metro));
    if (!metro) throw new Refusal({ code: 1, message: DELIVERY_MESSAGES.metroUnknown });
    courier = courierDelivery(req.courier, metro, now);
  }
  return { facts, delivery: choice.delivery, courier };
}

/** The courier's delivery as the order keeps it (the cabinet's shape, accounts/deliveries.ts). */
function courierDelivery(form: DeliveryForm, metro: { id: number; name: string }, now: Date): OrderDelivery {
  const field = (v: unknown) => String(v ?? '').trim();
  return {
    addedAt: now.toISOString(),
    metroId: metro.id,
    metroName: metro.name,
    phone: normalizePhone(field(form.phone)),
    surname: field(form.surname),
    firstname: field(form.firstname),
    patronymic: field(form.patronymic),
    address: field(form.address),
  };
}

/** The culture card's buyer's birth date: from the card's data, else the signed-in account's. */
async function birthDateOf(tx: Transaction, req: OrderRequest, facts: CheckoutFacts): Promise<Date | null> {
  const fromCard = pushkinCardBirthDate(req.pushkinCardInfo ?? null);
  if (fromCard || facts.buyer.userId === null) return fromCard;
  const r = await tx.query<{ birth_date: Date | string | null }>('SELECT birth_date FROM users WHERE id = $1', [
    facts.buyer.userId,
  ]);
  const birth = r.rows[0]?.birth_date;
  return birth ? new Date(birth) : null;
}

/** How long an order that took points or codes waits for its payment after its basket's hold. */
const UNPAID_ORDER_GRACE_MS = 60 * 60_000;

async function writeOrder(
  deps: OrderDeps,
  tx: Transaction,
  sessionId: string,
  basket: BasketContents,
  req: OrderRequest,
  { facts, delivery, courier }: Checked,
  requestKey: string,
  now: Date,
): Promise<{ orderId: number; accessToken: string; total: number; next: OrderNext }> {
  const { applied } = facts;
  const due = Math.max(
    0,
    basket.total + delivery.price - applied.discount - applied.giftCardPaid - applied.cashbackPaid,
  );
  const points = req.payment === 'bonus' ? Math.min(facts.buyer.bonusBalance, Math.floor(due / KOPECKS_PER_POINT)) : 0;
  const total = due - points * KOPECKS_PER_POINT;
  const isBooking = delivery.id === 'booking_cash' || delivery.id === 'booking_card';
  const tookSomething = points > 0 || applied.discount > 0 || applied.giftCardPaid > 0 || applied.cashbackPaid > 0;
  const payBy = isBooking
    ? (delivery.payBy ?? null)
    : tookSomething
      ? new Date(Math.max(now.getTime(), basket.heldUntil?.getTime() ?? 0) + UNPAID_ORDER_GRACE_MS)
      : null;
  // A booking's places are held for the order itself: its own hold owner, not the buyer's session.
  const holder = isBooking ? `booking.${randomBytes(18).toString('base64url')}` : sessionId;
  const accessToken = randomBytes(24).toString('base64url');
  const framed = await findFramedSession(tx, sessionId);
  const b = req.buyer;
  const order = await tx.query<{ id: number }>(
    `INSERT INTO orders (session_id, access_token, status, email, first_name, surname, patronymic, phone,
                         payment_method, delivery_method, payment_card, total, created_at,
                         partner_id, cashback_percent, user_id, delivery, delivery_price, pay_by,
                         discount, gift_card_amount, bonus_amount, request_key)
     VALUES ($1, $2, 'new', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14,
             (SELECT user_id FROM sessions WHERE id = $15), $16::jsonb, $17, $18, $19, $20, $21, $22) RETURNING id`,
    [
      holder,
      accessToken,
      b.email.trim(),
      b.name.trim(),
      b.surname.trim(),
      b.patronymic?.trim() || null,
      b.phone?.trim() || null,
      req.payment,
      delivery.id,
      req.paymentCard ?? null,
      total,
      now,
      framed?.partnerId ?? null,
      framed?.cashbackPercent ?? 0,
      sessionId,
      courier ? JSON.stringify(courier) : null,
      delivery.price,
      payBy,
      applied.discount,
      applied.giftCardPaid,
      points * KOPECKS_PER_POINT,
      // A booking's order is the booking's own (its holder), never the basket's to answer again.
      isBooking ? null : requestKey,
    ],
  );
  const orderId = order.rows[0]!.id;
  for (const line of basket.lines) {
    await tx.query(
      `INSERT INTO order_items (order_id, performance_id, performance_place_id, performance_section_id, tariff_id,
                                ticket_count, price, gifts_count, gift_price)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        orderId,
        line.performanceId,
        line.performancePlaceId,
        line.performanceSectionId,
        line.tariffId,
        line.count,
        line.price,
        line.giftsCount,
        line.giftPrice,
      ],
    );
  }
  const codesGone = await recordCodesOnOrder(tx, orderId, applied, now);
  if (codesGone) throw new Refusal(codesGone);
  if (points > 0) {
    const spent = await changeBonus(tx, facts.buyer.userId!, -points, `order:${orderId}`, now);
    if (!spent.ok) throw new Refusal(orderMessages.bonusChanged);
  }
  if (isBooking) await holdForOrder(tx, sessionId, holder, orderId, payBy!, now);
  if (req.payment === 'gift_card') return { orderId, accessToken, total, next: 'giftCard' };
  if (total === 0 && delivery.id !== 'booking_cash') {
    if (!(await completeOrderPaid(tx, deps.config, orderId, now))) throw new Refusal(orderMessages.placesGone);
    return { orderId, accessToken, total, next: 'complete' };
  }
  return { orderId, accessToken, total, next: delivery.id === 'booking_cash' ? 'complete' : 'pay' };
}

/** Moves the basket's live holds to the booking's own owner, held until its deadline. */
async function holdForOrder(
  tx: Transaction,
  sessionId: string,
  holder: string,
  orderId: number,
  until: Date,
  now: Date,
): Promise<void> {
  await tx.query(
    `UPDATE performance_places SET hold_session_id = $2, held_until = $3, order_id = $4
      WHERE hold_session_id = $1 AND state = 1 AND held_until > $5`,
    [sessionId, holder, until, orderId, now],
  );
  await tx.query(
    `UPDATE entrance_holds SET session_id = $2, held_until = $3, order_id = $4
      WHERE session_id = $1 AND held_until > $5`,
    [sessionId, holder, until, orderId, now],
  );
}
