/**
 * Package mode (hall-basket-checkout.md 2.2, 4.3, 7.2 select with packageId, 7.4
 * /packages/deselect/; decision 0027): the hall page's package config with its neighbours' URLs,
 * N tickets at most per performance of the package, a performance outside the package refused,
 * the package's deselect, and an order only for a whole package.
 */
import { expect, it } from 'vitest';
import { getHallPage } from '../src/services/catalogue/index.js';
import { type Buyer, buyer } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';
import { createHallFixture, type HallFixture } from './support/fixture.js';
import { suiteApp } from './support/suite-app.js';

const guest = { email: 'olga@example.ru', name: 'Ольга', surname: 'Ларина', payment: 'card', pc: 'bankovskaya_karta' };

describeEachDatabase('package mode', (get) => {
  const s = suiteApp(get);
  const db = () => get().db;

  /** A package of two performances (positions 10 and 20), N = 2, and a performance outside it. */
  async function season(): Promise<{ id: number; first: HallFixture; second: HallFixture; outside: HallFixture }> {
    const [first, second, outside] = [
      await createHallFixture(db()),
      await createHallFixture(db()),
      await createHallFixture(db()),
    ];
    const k = await db().query<{ id: number }>(
      `INSERT INTO packages (name, tickets_in_performance_count) VALUES ('Абонемент «Два вечера»', 2) RETURNING id`,
    );
    const id = k.rows[0]!.id;
    await db().query(
      'INSERT INTO package_performances (package_id, performance_id, position) VALUES ($1, $2, 10), ($1, $3, 20)',
      [id, first.performanceId, second.performanceId],
    );
    return { id, first, second, outside };
  }

  const select = (b: Buyer, cypher: number, packageId?: number) =>
    b.post('/hallPlace/select/', packageId === undefined ? { cypher } : { cypher, packageId }).then((r) => r.json());
  const order = (b: Buyer) => b.post('/order/createAnonymousOrder/', guest).then((r) => r.json());
  const heldBy = async (b: Buyer) =>
    (
      await db().query<{ id: number; package_id: number | null }>(
        'SELECT id, package_id FROM performance_places WHERE hold_session_id = $1 AND state = 1 ORDER BY id',
        [b.sessionId],
      )
    ).rows;

  it('builds the hall page’s package config with the previous and next performances’ pages', async () => {
    const { id, first, second, outside } = await season();
    const viewer = {
      isGuest: true,
      isIframe: false,
      currentPerformanceBasketTicketCount: 0,
      ticketInBasketOfOtherPerformances: 0,
      origin: 'https://www.partera.example',
      packageId: id,
    };
    const one = await getHallPage(db(), first.performanceId, s.clock.now(), viewer);
    expect(one?.config).toMatchObject({
      package: { isPackage: true, currentPerformanceNumber: 1, totalPerformances: 2, ticketsInPerformanceCount: 2 },
      packageId: id,
      packageNextUrl: `https://www.partera.example/performance/${second.performanceId}/?packageId=${id}`,
    });
    expect(one?.config.packagePreviousUrl).toBeUndefined();
    const two = await getHallPage(db(), second.performanceId, s.clock.now(), viewer);
    expect(two?.config).toMatchObject({
      package: { isPackage: true, currentPerformanceNumber: 2, totalPerformances: 2 },
      packagePreviousUrl: `https://www.partera.example/performance/${first.performanceId}/?packageId=${id}`,
    });
    expect(two?.config.packageNextUrl).toBeUndefined();
    const elsewhere = await getHallPage(db(), outside.performanceId, s.clock.now(), viewer);
    expect(elsewhere?.config.package?.isPackage).toBe(false);
    expect(elsewhere?.config).not.toHaveProperty('packageNextUrl');
    expect(elsewhere?.config).not.toHaveProperty('packageId');
  });

  it('opens package mode on the widgets’ hall config with ?packageId=, as on the hall page', async () => {
    const { id, first, second, outside } = await season();
    const a = buyer(s.app);
    const config = async (performanceId: number, query = '') => {
      const r = await a.get(`/spa-api/app/widget-hall/${performanceId}/${query}`);
      expect(r.status).toBe(200);
      return r.json().config;
    };
    const origin = new URL(s.app.deps.config.publicUrl).origin;
    expect(await config(first.performanceId, `?packageId=${id}`)).toMatchObject({
      package: { isPackage: true, currentPerformanceNumber: 1, totalPerformances: 2, ticketsInPerformanceCount: 2 },
      packageId: id,
      packageNextUrl: `${origin}/performance/${second.performanceId}/?packageId=${id}`,
    });
    expect(await config(second.performanceId, `?packageId=${id}`)).toMatchObject({
      package: { isPackage: true, currentPerformanceNumber: 2 },
      packagePreviousUrl: `${origin}/performance/${first.performanceId}/?packageId=${id}`,
    });
    // Without it, or for a performance outside the package, the hall sells as usual.
    for (const plain of [await config(first.performanceId), await config(outside.performanceId, `?packageId=${id}`)]) {
      expect(plain.package.isPackage).toBe(false);
      expect(plain).not.toHaveProperty('packageId');
    }
    expect((await a.get(`/spa-api/app/widget-hall/${first.performanceId}/?packageId=x`)).status).toBe(400);
  });

  it('takes at most N tickets of each performance for the package, and only in its performances', async () => {
    const { id, first, outside } = await season();
    const a = buyer(s.app);
    expect((await select(a, first.seats[0]!, id)).result).toBe(1);
    expect((await select(a, first.seats[1]!, id)).result).toBe(1);
    expect(await select(a, first.seats[2]!, id)).toMatchObject({
      result: 0,
      message: 'В абонементе на каждое мероприятие можно выбрать не более 2 билетов',
      ticketCount: 2,
    });
    // Selecting a held place again changes nothing and is no refusal.
    expect((await select(a, first.seats[1]!, id)).result).toBe(1);
    expect((await heldBy(a)).map((r) => r.package_id)).toEqual([id, id]);
    expect(await select(a, outside.seats[0]!, id)).toMatchObject({
      result: 0,
      message: 'Это мероприятие не входит в абонемент',
    });
    expect((await select(a, outside.seats[0]!, 999_999)).message).toBe('Это мероприятие не входит в абонемент');
    // A sofa (two places) with one ticket held already would make three.
    const b = buyer(s.app);
    expect((await select(b, first.seats[5]!, id)).result).toBe(1);
    expect((await select(b, first.sofa[0], id)).message).toBe(
      'В абонементе на каждое мероприятие можно выбрать не более 2 билетов',
    );
    expect((await heldBy(b)).map((r) => r.id)).toEqual([first.seats[5]]);
    // Without packageId the performance sells as usual.
    expect((await select(b, outside.seats[1]!)).result).toBe(1);
  });

  it('places an order only for a whole package, and lists the package on the basket’s lines', async () => {
    const { id, first, second } = await season();
    const a = buyer(s.app);
    await select(a, first.seats[0]!, id);
    await select(a, first.seats[1]!, id);
    await select(a, second.seats[0]!, id);
    expect(await order(a)).toEqual({
      error: 1,
      message: 'Абонемент «Два вечера» оформляется целиком: выберите по 2 билета на каждое из 2 мероприятий абонемента',
    });
    const state = (await a.get('/shopcart/state/')).json();
    expect(state.tickets.map((t: { packageId?: number }) => t.packageId)).toEqual([id, id, id]);
    expect((await select(a, second.seats[1]!, id)).result).toBe(1);
    const placed = await order(a);
    expect(placed.error).toBe(0);
    const items = await db().query('SELECT 1 FROM order_items WHERE order_id = $1', [Number(placed.url.split('/')[3])]);
    expect(items.rows).toHaveLength(4);
  });

  it('a lapsed package hold claimed again without the package is an ordinary ticket', async () => {
    const { id, first } = await season();
    const a = buyer(s.app);
    await select(a, first.seats[3]!, id);
    s.clock.advance(16 * 60_000);
    const b = buyer(s.app);
    expect((await select(b, first.seats[3]!)).result).toBe(1);
    expect(await heldBy(b)).toEqual([{ id: first.seats[3], package_id: null }]);
    expect((await order(b)).error).toBe(0);
  });

  it('/packages/deselect/ takes the ticket out with its package’s tickets in the listed performances', async () => {
    const { id, first, second, outside } = await season();
    const a = buyer(s.app);
    for (const seat of [first.seats[0]!, first.seats[1]!]) await select(a, seat, id);
    for (const seat of [second.seats[0]!, second.seats[1]!]) await select(a, seat, id);
    await select(a, outside.seats[0]!);
    const deselect = (cypher: number, performances: number[]) =>
      a
        .post('/packages/deselect/', { cypher, packagePerformances: JSON.stringify(performances) })
        .then((r) => r.json());
    // Only the listed performances: the ticket itself and the package's tickets of the second one.
    expect(await deselect(first.seats[0]!, [second.performanceId, outside.performanceId])).toMatchObject({
      result: 1,
      ticketCount: 2,
      areInBasketMoreTicketsLeft: true,
      performanceFullUrl: `/performance/${first.performanceId}/`,
    });
    expect((await heldBy(a)).map((r) => r.id)).toEqual([first.seats[1], outside.seats[0]]);
    // With no list, the ticket alone; a ticket of no package, like a deselect.
    expect((await deselect(first.seats[1]!, [])).ticketCount).toBe(1);
    expect(await deselect(outside.seats[0]!, [outside.performanceId])).toMatchObject({
      result: 1,
      ticketCount: 0,
      areInBasketMoreTicketsLeft: false,
    });
    // A ticket the buyer does not hold.
    expect(await deselect(outside.seats[0]!, [])).toMatchObject({
      result: 0,
      message: 'Не удалось удалить билет из корзины',
    });
  });
});
