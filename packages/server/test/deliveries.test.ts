/**
 * The per-order courier delivery (site-browsing-account.md 2.15 Order delivery form, 5 first
 * variant, 7 addDelivery / delDelivery, 8 Per-order delivery): the checks in the spec's order, a
 * metro station of the order's own city, only the buyer's own open order, 'ok' stored on the order
 * and removed again, a guest refused with 401.
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { accountOfSession } from '../src/accounts/index.js';
import type { ManualClock } from '../src/clock.js';
import { registeredBuyer, uniqueEmail } from './support/accounts.js';
import { type Buyer, buildTestApp, buyer } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';
import { createHallFixture, type HallFixture } from './support/fixture.js';

const DAY = 86_400_000;

describeEachDatabase('deliveries: the courier delivery of an order', (get) => {
  let app: FastifyInstance;
  let clock: ManualClock;
  let f: HallFixture;
  let station: number;
  let elsewhere: number;
  let next = 0;

  beforeAll(async () => {
    ({ app, clock } = await buildTestApp(get().db));
    f = await createHallFixture(get().db, { seatCount: 20, startsAt: new Date(clock.now().getTime() + 20 * DAY) });
    const city = await get().db.query<{ city_id: number }>(
      `SELECT b.city_id FROM halls h JOIN buildings b ON b.id = h.building_id WHERE h.id = $1`,
      [f.hallId],
    );
    const cityId = city.rows[0]!.city_id;
    const s = await get().db.query<{ id: number }>(
      `INSERT INTO metro_stations (city_id, name) VALUES ($1, 'Кропоткинская') RETURNING id`,
      [cityId],
    );
    station = s.rows[0]!.id;
    const other = await get().db.query<{ id: number }>(
      `INSERT INTO cities (subdomain, name, support_phone) VALUES ('spb-delivery', 'Санкт-Петербург', '+7 812 000-00-00')
       ON CONFLICT (subdomain) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
    );
    const o = await get().db.query<{ id: number }>(
      `INSERT INTO metro_stations (city_id, name) VALUES ($1, 'Невский проспект') RETURNING id`,
      [other.rows[0]!.id],
    );
    elsewhere = o.rows[0]!.id;
  });

  /** A buyer with an unpaid order of one seat. */
  async function withOrder(): Promise<{ b: Buyer; orderId: number; userId: number }> {
    const { b } = await registeredBuyer(app, { email: uniqueEmail('delivery') });
    expect((await b.post('/hallPlace/select/', { cypher: f.seats[next++]! })).json().result).toBe(1);
    const r = (await b.get('/order/createSessionOrder/?pm=card&dm=eticket&cookies=')).json();
    expect(r.error).toBe(0);
    const account = await accountOfSession(get().db, b.sessionId);
    return { b, orderId: Number(r.url.split('/')[3]), userId: account!.id };
  }

  const full = (orderId: number) => ({
    'delivery[name]': 'Каренина',
    'delivery[firstname]': 'Анна',
    'delivery[patronymic]': 'Аркадьевна',
    'delivery[metro]': String(station),
    'delivery[order]': String(orderId),
    'delivery[address]': 'ул. Остоженка, 5, кв. 12',
    'delivery[phone]': '+7 (916) 123-45-67',
  });

  const add = (b: Buyer, form: Record<string, string>) => b.post('/private/addDelivery', form).then((r) => r.body);
  const stored = async (orderId: number) =>
    (await get().db.query<{ delivery: unknown }>('SELECT delivery FROM orders WHERE id = $1', [orderId])).rows[0]!
      .delivery;

  it('checks the fields in the spec’s order, the first failure winning', async () => {
    const { b, orderId } = await withOrder();
    const form = full(orderId);
    expect(await add(b, { ...form, 'delivery[name]': '', 'delivery[phone]': '' })).toBe('Укажите Фамилию');
    expect(await add(b, { ...form, 'delivery[firstname]': ' ' })).toBe('Укажите Имя');
    expect(await add(b, { ...form, 'delivery[patronymic]': '' })).toBe('Укажите Отчество');
    expect(await add(b, { ...form, 'delivery[metro]': '', 'delivery[address]': '' })).toBe('Укажите станцию метро');
    expect(await add(b, { ...form, 'delivery[address]': '' })).toBe('Укажите адрес');
    expect(await add(b, { ...form, 'delivery[phone]': '' })).toBe('Укажите телефон');
    expect(await add(b, { ...form, 'delivery[phone]': '12-34' })).toBe(
      'Укажите телефон полностью, с кодом города или оператора',
    );
    expect(await add(b, { ...form, 'delivery[metro]': String(elsewhere) })).toBe('Выберите станцию метро из списка');
    expect(await stored(orderId)).toBeNull();
  });

  it('stores a full form on the buyer’s order and removes it again', async () => {
    const { b, orderId } = await withOrder();
    expect(await add(b, full(orderId))).toBe('ok');
    expect(await stored(orderId)).toMatchObject({
      surname: 'Каренина',
      firstname: 'Анна',
      patronymic: 'Аркадьевна',
      metroId: station,
      metroName: 'Кропоткинская',
      phone: '79161234567',
    });
    expect((await b.post('/private/delDelivery', { IdOrder: orderId })).body).toBe('ok');
    expect(await stored(orderId)).toBeNull();
    expect((await b.post('/private/delDelivery', { IdOrder: orderId })).body).toBe(
      'Доставка для этого заказа не оформлена',
    );
  });

  it('refuses another buyer’s order, a performance already started, and a guest', async () => {
    const { orderId } = await withOrder();
    const other = await withOrder();
    expect(await add(other.b, full(orderId))).toBe('Заказ не найден');
    expect((await other.b.post('/private/delDelivery', { IdOrder: orderId })).body).toBe('Заказ не найден');
    expect(await stored(orderId)).toBeNull();

    const guest = buyer(app);
    const r = await guest.post('/private/addDelivery', full(orderId));
    expect(r.status).toBe(401);
    expect(r.body).toBe('Войдите, чтобы продолжить');

    clock.advance(21 * DAY);
    try {
      expect(await add(other.b, full(other.orderId))).toBe('Мероприятие уже началось: доставка невозможна');
    } finally {
      clock.reset();
    }
  });
});
