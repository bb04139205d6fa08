/** Loads what the checkout's offer depends on (offer.ts), on the pool or inside an order's transaction. */
import type { ServerConfig } from '../../config.js';
import type { Queryable } from '../../db/index.js';
import type { BasketContents } from '../basket/contents.js';
import { PHONE_CHECK_FRESH_MINUTES } from '../basket/rules.js';
import { findFramedSession } from '../partners/index.js';
import type { CheckoutFacts } from './offer.js';

/** The acquirers whose integration takes fast payments (SBP) today: the sandbox bank. */
const SBP_ACQUIRERS: ReadonlySet<string> = new Set(['sandbox']);

/** Whether this deployment's acquirer for new payments takes SBP (the sandbox only while it is on). */
export function acquirerTakesSbp(config: Pick<ServerConfig, 'payments'>): boolean {
  const { provider, sandbox } = config.payments;
  return SBP_ACQUIRERS.has(provider) && (provider !== 'sandbox' || sandbox);
}

interface BuyerRow {
  user_id: number | null;
  user_type: 'regular' | 'direct' | null;
  has_karma_stop: boolean | null;
  phone_confirmed: boolean | null;
  bonus_balance: number | null;
  bonus_pin_at: Date | string | null;
}

/** The session's buyer: guest or signed in, karma stop, bonus points and a fresh bonus PIN. */
async function buyerOf(q: Queryable, sessionId: string, now: Date): Promise<CheckoutFacts['buyer']> {
  const r = await q.query<BuyerRow>(
    `SELECT s.user_id, u.user_type, u.has_karma_stop, u.phone_confirmed, ba.balance AS bonus_balance, s.bonus_pin_at
       FROM sessions s LEFT JOIN users u ON u.id = s.user_id LEFT JOIN bonus_accounts ba ON ba.user_id = s.user_id
      WHERE s.id = $1`,
    [sessionId],
  );
  const row = r.rows[0];
  if (!row?.user_id)
    return { userId: null, userType: null, hasKarmaStop: false, bonusBalance: 0, bonusPinFresh: false };
  const pinAt = row.bonus_pin_at === null ? null : new Date(row.bonus_pin_at).getTime();
  return {
    userId: row.user_id,
    userType: row.user_type,
    hasKarmaStop: row.has_karma_stop === true,
    bonusBalance: row.bonus_balance ?? 0,
    bonusPinFresh:
      row.phone_confirmed === true && pinAt !== null && now.getTime() - pinAt < PHONE_CHECK_FRESH_MINUTES * 60_000,
  };
}

/** The city of the basket's venues, when there is exactly one. */
async function basketCity(q: Queryable, performanceIds: readonly number[]): Promise<number | null> {
  const r = await q.query<{ city_id: number }>(
    `SELECT DISTINCT b.city_id FROM performances pf JOIN halls h ON h.id = pf.hall_id
       JOIN buildings b ON b.id = h.building_id WHERE pf.id = ANY($1::int[])`,
    [[...performanceIds]],
  );
  return r.rows.length === 1 ? r.rows[0]!.city_id : null;
}

/** The courier's price in the basket's city; null without a courier service or metro stations there. */
async function courierPrice(q: Queryable, cityId: number | null): Promise<number | null> {
  if (cityId === null) return null;
  const r = await q.query<{ courier_price: number | null }>(
    `SELECT c.courier_price FROM cities c
      WHERE c.id = $1 AND EXISTS (SELECT 1 FROM metro_stations m WHERE m.city_id = c.id)`,
    [cityId],
  );
  return r.rows[0]?.courier_price ?? null;
}

/** The metro stations of the basket's venue city, by name (the courier form's select, 3.12). */
export async function basketMetroStations(
  q: Queryable,
  basket: Pick<BasketContents, 'lines'>,
): Promise<{ id: number; name: string }[]> {
  const city = await basketCity(
    q,
    basket.lines.map((l) => l.performanceId),
  );
  if (city === null) return [];
  const r = await q.query<{ id: number; name: string }>(
    'SELECT id, name FROM metro_stations WHERE city_id = $1 ORDER BY name, id',
    [city],
  );
  return r.rows;
}

/** The metro station of the basket's venue city with this id, or null. */
export async function basketMetroStation(
  q: Queryable,
  basket: Pick<BasketContents, 'lines'>,
  id: number,
): Promise<{ id: number; name: string } | null> {
  return (await basketMetroStations(q, basket)).find((s) => s.id === id) ?? null;
}

/** Everything but the applied codes, which the caller prices (codes/index.ts). */
export async function checkoutFactsOf(
  q: Queryable,
  input: { sessionId: string; basket: Pick<BasketContents, 'lines'>; now: Date; sbp: boolean },
): Promise<Omit<CheckoutFacts, 'applied'>> {
  const ids = [...new Set(input.basket.lines.map((l) => l.performanceId))];
  const p = await q.query<{ id: number; starts_at: Date | string; allow_pay: boolean; allow_reserve: boolean }>(
    'SELECT id, starts_at, allow_pay, allow_reserve FROM performances WHERE id = ANY($1::int[]) ORDER BY id',
    [ids],
  );
  const framed = await findFramedSession(q, input.sessionId);
  return {
    performances: p.rows.map((r) => ({
      id: r.id,
      startsAt: new Date(r.starts_at),
      allowPay: r.allow_pay,
      allowReserve: r.allow_reserve,
    })),
    buyer: await buyerOf(q, input.sessionId, input.now),
    framed: framed ? { partnerId: framed.partnerId, cashbackPercent: framed.cashbackPercent } : null,
    courierPrice: await courierPrice(q, await basketCity(q, ids)),
    sbp: input.sbp,
    now: input.now,
  };
}
