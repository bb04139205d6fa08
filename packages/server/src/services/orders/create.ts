import { randomBytes } from 'node:crypto';
import type { ServerDeps } from '../../deps.js';
import { loadBasket } from '../basket/contents.js';
import { packageOrderRefusal } from '../basket/packages.js';
import { orderPhoneRefusal } from '../basket/phone-check.js';
import { lockSession } from '../basket/selection.js';
import { findFramedSession } from '../partners/index.js';
import { rotateSession } from '../sessions/index.js';
import { type GuestDetails, validateGuest } from './guest.js';

export type OrderCreation =
  | { ok: true; orderId: number; accessToken: string; total: number }
  | { ok: false; code: number; message: string };

export const orderMessages = {
  emptyBasket: { code: 620, message: 'Время резерва билетов истекло или корзина пуста. Выберите места заново.' },
  unsupportedPayment: { code: 1, message: 'Этот способ оплаты пока недоступен. Выберите оплату картой.' },
};

/**
 * Turns the session's basket into an order awaiting payment ('new'), for a guest buyer paying by
 * card with e-tickets. Earlier unpaid orders of the same basket are cancelled, so only the newest
 * can ever be paid (a late payment of an old one is refunded). A session framed by a partner
 * (framed_sessions) gives the order that partner and its cashback: the partner's own pay flow
 * and cashback follow the order, whatever the buyer's later pages do. The session moves to the
 * new id `rotateTo` with everything in it, so a session id that leaked before (a planted link)
 * cannot be used to follow the order, its payment or its tickets. The order charges each ticket
 * with its gifts (order_items.gifts_count at the performance's gift_price, in the total) and
 * takes a package only whole (packageOrderRefusal, decision 0027).
 */
export async function createGuestOrder(
  deps: Pick<ServerDeps, 'db' | 'clock'>,
  session: { id: string; csrfToken: string },
  guest: GuestDetails & { payment: string; paymentCard?: string | null },
  /** The session's next id: placing an order rotates the session (see rotateSession). */
  rotateTo: { id: string; csrfToken: string },
): Promise<OrderCreation> {
  if (guest.payment !== 'card') return { ok: false, ...orderMessages.unsupportedPayment };
  const problem = validateGuest(guest);
  if (problem) return { ok: false, code: 1, message: problem };
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await lockSession(tx, session.id);
    const basket = await loadBasket(tx, session.id, now);
    if (basket.ticketCount === 0) return { ok: false, ...orderMessages.emptyBasket };
    const blocked = basket.lines.find((l) => l.cannotCreateOrderCause);
    if (blocked?.cannotCreateOrderCause) return { ok: false, code: 1, message: blocked.cannotCreateOrderCause };
    const phone = await orderPhoneRefusal(
      tx,
      session.id,
      basket.lines.map((l) => l.performanceId),
      now,
    );
    if (phone) return { ok: false, ...phone };
    const incomplete = await packageOrderRefusal(tx, session.id, now);
    if (incomplete) return { ok: false, ...incomplete };
    await tx.query(`UPDATE orders SET status = 'cancelled' WHERE session_id = $1 AND status = 'new'`, [session.id]);
    const accessToken = randomBytes(24).toString('base64url');
    const framed = await findFramedSession(tx, session.id);
    const order = await tx.query<{ id: number }>(
      `INSERT INTO orders (session_id, access_token, status, email, first_name, surname, patronymic, phone,
                           payment_method, delivery_method, payment_card, total, created_at,
                           partner_id, cashback_percent, user_id)
       VALUES ($1, $2, 'new', $3, $4, $5, $6, $7, 'card', 'eticket', $8, $9, $10, $11, $12,
               (SELECT user_id FROM sessions WHERE id = $1)) RETURNING id`,
      [
        session.id,
        accessToken,
        guest.email.trim(),
        guest.name.trim(),
        guest.surname.trim(),
        guest.patronymic?.trim() || null,
        guest.phone?.trim() || null,
        guest.paymentCard ?? null,
        basket.total,
        now,
        framed?.partnerId ?? null,
        framed?.cashbackPercent ?? 0,
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
    await rotateSession(tx, session.id, rotateTo);
    return { ok: true, orderId, accessToken, total: basket.total };
  });
}
