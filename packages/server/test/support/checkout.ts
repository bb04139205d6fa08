import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { changeBonus } from '../../src/accounts/bonus.js';
import { accountOfSession } from '../../src/accounts/index.js';
import type { Database } from '../../src/db/index.js';
import { registeredBuyer } from './accounts.js';
import type { Buyer } from './app.js';
import { createHallFixture, type HallFixture } from './fixture.js';

const HOUR = 3_600_000;
let cities = 0;

/** A hall fixture in a city of its own: its courier price (kopecks, null for none) and metro stations. */
export async function checkoutHall(
  db: Database,
  opts: { startsInHours?: number; courierPrice?: number | null; metro?: string[]; now?: Date } = {},
): Promise<HallFixture & { cityId: number; stations: number[]; startsAt: Date }> {
  const startsAt = new Date((opts.now ?? new Date()).getTime() + (opts.startsInHours ?? 30 * 24) * HOUR);
  const f = await createHallFixture(db, { startsAt });
  const city = await db.query<{ id: number }>(
    `INSERT INTO cities (subdomain, name, support_phone, courier_price) VALUES ($1, 'Город', '+7 495 000-00-00', $2)
     RETURNING id`,
    [`checkout-${++cities}-${Math.random().toString(36).slice(2, 8)}`, opts.courierPrice ?? null],
  );
  const cityId = city.rows[0]!.id;
  await db.query('UPDATE buildings SET city_id = $1 WHERE id = (SELECT building_id FROM halls WHERE id = $2)', [
    cityId,
    f.hallId,
  ]);
  const stations: number[] = [];
  for (const name of opts.metro ?? []) {
    const s = await db.query<{ id: number }>(
      'INSERT INTO metro_stations (city_id, name) VALUES ($1, $2) RETURNING id',
      [cityId, name],
    );
    stations.push(s.rows[0]!.id);
  }
  return { ...f, cityId, stations, startsAt };
}

/** A signed-in buyer with these bonus points. */
export async function buyerWithPoints(app: FastifyInstance, db: Database, points: number): Promise<Buyer> {
  const { b } = await registeredBuyer(app, { firstname: 'Анна', surname: 'Каренина' });
  const account = await accountOfSession(db, b.sessionId);
  if (points > 0) await db.transaction((tx) => changeBonus(tx, account!.id, points, 'test', new Date()));
  return b;
}

/** The account's phone confirmed, then the bonus payment's PIN sent and checked (7.7), as the checkout does. */
export async function checkBonusPin(db: Database, b: Buyer): Promise<void> {
  const account = await accountOfSession(db, b.sessionId);
  const number = `79${String(account!.id).padStart(9, '0')}`;
  await db.query('UPDATE users SET phone = $2, phone_confirmed = true WHERE id = $1', [account!.id, number]);
  expect((await b.get('/phone/pinsendbonus/')).json().status).toBe('success');
  const sms = await db.query<{ body_text: string }>(
    `SELECT body_text FROM outbox WHERE channel = 'sms' AND recipient = $1 ORDER BY id DESC LIMIT 1`,
    [`+${number}`],
  );
  const code = /\b\d{4}\b/.exec(sms.rows[0]?.body_text ?? '')?.[0] ?? '';
  expect((await b.post('/phone/pincheckbonus/', { 'form[code]': code })).json().status).toBe('success');
}

/** The order id of an order answer (its url names it, or its order_id parameter). */
export function orderIdOf(answer: { url: string }): number {
  const m = /\/(\d+)\/$|[?&]order(?:_id|Id)=(\d+)/.exec(answer.url);
  return Number(m?.[1] ?? m?.[2]);
}

/** A guest's details for the non-card methods (5.5: patronymic and phone too). */
export const FULL_GUEST = {
  email: 'ivan@example.ru',
  name: 'Иван',
  surname: 'Петров',
  patronymic: 'Сергеевич',
  phone: '+7 (916) 123-45-67',
};
