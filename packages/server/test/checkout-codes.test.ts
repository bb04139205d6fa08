import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { ManualClock } from '../src/clock.js';
import { CODES_TOO_MANY } from '../src/routes/codes.js';
import { PROMO_MESSAGES } from '../src/services/checkout/codes/index.js';
import { buildTestApp, buyer, nextClientAddress } from './support/app.js';
import { checkoutHall, orderIdOf } from './support/checkout.js';
import { GUEST, promoCode, showOf } from './support/codes.js';
import { describeEachDatabase } from './support/databases.js';

const DAY = 86_400_000;

describeEachDatabase('issue 12: promo codes at the checkout', (get) => {
  let app: FastifyInstance;
  let clock: ManualClock;
  beforeAll(async () => {
    ({ app, clock } = await buildTestApp(get().db));
  });

  const state = async (b: ReturnType<typeof buyer>) => (await b.get('/shopcart/state/')).json();
  const apply = async (b: ReturnType<typeof buyer>, code: string) =>
    (await b.get(`/shopcart/applypromo/?promocode=${encodeURIComponent(code)}`)).json();

  it('applies a percent code to the basket, shows it in the state, and an empty code removes it', async () => {
    const f = await checkoutHall(get().db, { now: clock.now() });
    const { code } = await promoCode(get().db, { kind: 'percent', value: 10 });
    const b = buyer(app);
    await b.post('/hallPlace/select/', { cypher: f.seats[0]! });
    await b.post('/hallPlace/select/', { cypher: f.seats[1]! });
    expect(await apply(b, `  ${code.toLowerCase()} `)).toEqual({ error: 0 });
    const c = (await state(b)).checkout;
    expect(c.promo).toEqual({ code, discount: 500 });
    expect(c.totals).toMatchObject({ tickets: 5000, discount: 500, toPay: 4500 });
    expect(await apply(b, '')).toEqual({ error: 0 });
    expect((await state(b)).checkout.promo).toBeNull();
  });

  it('answers the spec’s default for an unknown code and our reasons for the others', async () => {
    const f = await checkoutHall(get().db, { now: clock.now() });
    const now = clock.now().getTime();
    const b = buyer(app);
    await b.post('/hallPlace/select/', { cypher: f.seats[2]! });
    expect(await apply(b, 'NO-SUCH-CODE')).toEqual({ error: 1, message: 'Промокод не найден' });
    const cases: Array<[Parameters<typeof promoCode>[1], string]> = [
      [{ kind: 'bonus', value: 300 }, PROMO_MESSAGES.bonus],
      [{ validUntil: new Date(now - DAY) }, PROMO_MESSAGES.expired],
      [{ validFrom: new Date(now + DAY) }, PROMO_MESSAGES.notYet],
      [{ usesLeft: 0 }, PROMO_MESSAGES.usedUp],
      [{ minTotal: 500_000 }, PROMO_MESSAGES.minTotal(500_000)],
      [{ showIds: [-1] }, PROMO_MESSAGES.otherShows],
    ];
    for (const [opts, message] of cases) {
      const { code } = await promoCode(get().db, opts);
      expect(await apply(b, code)).toEqual({ error: 1, message });
    }
    expect((await state(b)).checkout.promo).toBeNull();
  });

  it('discounts only the shows a code names, and a fixed code never above their price', async () => {
    const f = await checkoutHall(get().db, { now: clock.now() });
    const show = await showOf(get().db, f.performanceId);
    const { code } = await promoCode(get().db, { kind: 'fixed', value: 1_000_000, showIds: [show] });
    const b = buyer(app);
    await b.post('/hallPlace/select/', { cypher: f.seats[3]! });
    expect(await apply(b, code)).toEqual({ error: 0 });
    expect((await state(b)).checkout.totals).toMatchObject({ tickets: 2500, discount: 2500, toPay: 0 });
  });

  it('uses the server’s figures only: a discount sent by the page changes nothing', async () => {
    const f = await checkoutHall(get().db, { now: clock.now() });
    const { code, id } = await promoCode(get().db, { kind: 'fixed', value: 50_000, usesLeft: 5 });
    const b = buyer(app);
    await b.post('/hallPlace/select/', { cypher: f.seats[4]! });
    expect(await apply(b, code)).toEqual({ error: 0 });
    const placed = (
      await b.post('/order/createAnonymousOrder/', {
        ...GUEST,
        payment: 'card',
        discount: 250_000,
        promocode: 'OTHER',
        total: 1,
      })
    ).json();
    expect(placed.error).toBe(0);
    const order = await get().db.query<{ total: number; discount: number; promo_code_id: number }>(
      'SELECT total, discount, promo_code_id FROM orders WHERE id = $1',
      [orderIdOf(placed)],
    );
    expect(order.rows[0]).toEqual({ total: 200_000, discount: 50_000, promo_code_id: id });
    const uses = await get().db.query<{ uses_left: number }>('SELECT uses_left FROM promo_codes WHERE id = $1', [id]);
    expect(uses.rows[0]!.uses_left).toBe(4);
  });

  it('gives the last use of a code to one of two orders placed at once; the other is refused', async () => {
    const f = await checkoutHall(get().db, { now: clock.now() });
    const { code, id } = await promoCode(get().db, { kind: 'percent', value: 20, usesLeft: 1 });
    const [a, b] = [buyer(app), buyer(app)];
    await a.post('/hallPlace/select/', { cypher: f.seats[5]! });
    await b.post('/hallPlace/select/', { cypher: f.seats[6]! });
    expect(await apply(a, code)).toEqual({ error: 0 });
    expect(await apply(b, code)).toEqual({ error: 0 });
    const answers = await Promise.all(
      [a, b].map((x) => x.post('/order/createAnonymousOrder/', { ...GUEST, payment: 'card' }).then((r) => r.json())),
    );
    const placed = answers.filter((r) => r.error === 0);
    expect(placed).toHaveLength(1);
    expect(answers.find((r) => r.error !== 0)).toMatchObject({ message: PROMO_MESSAGES.usedUp });
    const withPromo = await get().db.query('SELECT 1 FROM orders WHERE promo_code_id = $1', [id]);
    expect(withPromo.rowCount).toBe(1);
    const uses = await get().db.query<{ uses_left: number }>('SELECT uses_left FROM promo_codes WHERE id = $1', [id]);
    expect(uses.rows[0]!.uses_left).toBe(0);
  });

  it('gives the use back when the unpaid order is cancelled, once', async () => {
    const f = await checkoutHall(get().db, { now: clock.now() });
    const { code, id } = await promoCode(get().db, { usesLeft: 1 });
    const b = buyer(app);
    await b.post('/hallPlace/select/', { cypher: f.seats[7]! });
    await apply(b, code);
    const placed = (await b.post('/order/createAnonymousOrder/', { ...GUEST, payment: 'card' })).json();
    expect(placed.error).toBe(0);
    const uses = () =>
      get()
        .db.query<{ uses_left: number }>('SELECT uses_left FROM promo_codes WHERE id = $1', [id])
        .then((r) => r.rows[0]!.uses_left);
    expect(await uses()).toBe(0);
    // A second order of the same basket cancels the first (its use comes back) and takes the use again.
    const again = (await b.post('/order/createAnonymousOrder/', { ...GUEST, payment: 'card' })).json();
    expect(again.error).toBe(0);
    expect(await uses()).toBe(0);
    await get().db.query(`UPDATE orders SET status = 'cancelled' WHERE id = $1`, [orderIdOf(again)]);
    await get().db.query(`UPDATE orders SET status = 'cancelled' WHERE id = $1`, [orderIdOf(again)]);
    expect(await uses()).toBe(1);
  });

  it('counts wrong codes per client address and refuses every code past the budget, right ones too', async () => {
    const f = await checkoutHall(get().db, { now: clock.now() });
    const { code } = await promoCode(get().db);
    const address = nextClientAddress();
    // One session may ask 10 times in 10 minutes (the calls' request budget), so 3 sessions of
    // one address guess 30 times: the address's budget of wrong codes.
    for (let s = 0; s < 3; s++) {
      const guesser = buyer(app, 'test-secret', address);
      await guesser.post('/hallPlace/select/', { cypher: f.seats[9 + s]! });
      for (let i = 0; i < 10; i++) expect((await apply(guesser, `GUESS${s}-${i}`)).message).toBe('Промокод не найден');
      expect((await guesser.get(`/shopcart/applypromo/?promocode=${code}`)).status).toBe(429);
    }
    const next = buyer(app, 'test-secret', address);
    await next.post('/hallPlace/select/', { cypher: f.seats[12]! });
    expect(await apply(next, code)).toEqual({ error: 1, message: CODES_TOO_MANY });
    // Another address is not concerned.
    const elsewhere = buyer(app);
    await elsewhere.post('/hallPlace/select/', { cypher: f.seats[13]! });
    expect(await apply(elsewhere, code)).toEqual({ error: 0 });
  });
});
