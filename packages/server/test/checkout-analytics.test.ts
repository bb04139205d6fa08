/**
 * The basket's tickets for analytics (issue 12; hall-basket-checkout.md 7.4 POST /basket/gettickets,
 * 3.18): data[] has one item per held ticket (the performance's time in unix seconds, the price in
 * roubles, the show the performance belongs to, the show's name and the venue as its brand), and
 * frame says whether the buyer shops in a partner's frame.
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { ManualClock } from '../src/clock.js';
import { NotifySecretKey, registerPartner } from '../src/services/partners/index.js';
import { buildTestApp, buyer } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';
import { createHallFixture } from './support/fixture.js';

const MINUTE = 60_000;

describeEachDatabase('issue 12: the basket’s tickets for analytics', (get) => {
  let app: FastifyInstance;
  let clock: ManualClock;
  let csrfSecret: string;
  beforeAll(async () => {
    let config: { csrfSecret: string };
    ({ app, clock, config } = await buildTestApp(get().db));
    csrfSecret = config.csrfSecret;
  });

  it('lists each held ticket with its performance, price, show and venue; none once the hold lapses', async () => {
    const startsAt = new Date(clock.now().getTime() + 30 * 24 * 60 * MINUTE);
    const f = await createHallFixture(get().db, { startsAt });
    const { rows } = await get().db.query<{ show_id: number }>('SELECT show_id FROM performances WHERE id = $1', [
      f.performanceId,
    ]);
    const showId = rows[0]!.show_id;
    const b = buyer(app);
    expect((await b.post('/basket/gettickets', {})).json()).toEqual({ data: [], frame: false });

    expect((await b.post('/hallPlace/select/', { cypher: f.seats[0]! })).json().result).toBe(1);
    const added = await b.post('/hallPlace/entranceTicketsAdd/', {
      performanceId: f.performanceId,
      sectionId: f.entranceSectionId,
      count: 2,
      taxId: f.tariffId,
      ticketPrice: 2500,
    });
    expect(added.status).toBe(200);

    const answer = await b.post('/basket/gettickets', {});
    expect(answer.status).toBe(200);
    const item = {
      ticket: { performanceTime: Math.floor(startsAt.getTime() / 1000), price: 2500, performanceBasisId: showId },
      name: 'Гамлет',
      brand: 'Театр на Остоженке',
    };
    // The seat and the two standing tickets: three items.
    expect(answer.json()).toEqual({ data: [item, item, item], frame: false });

    // Another buyer's basket is their own.
    expect((await buyer(app).post('/basket/gettickets', {})).json().data).toEqual([]);

    // A lapsed hold is out of the basket, and out of the analytics.
    clock.advance(16 * MINUTE);
    expect((await b.post('/basket/gettickets', {})).json()).toEqual({ data: [], frame: false });
  });

  it('says frame: true for a buyer in a partner’s frame', async () => {
    const registered = await registerPartner(
      get().db,
      { name: `Партнёр ${Date.now()}`, origins: ['https://partner.example'] },
      NotifySecretKey.fromServerSecret(csrfSecret),
    );
    if (!registered.ok) throw new Error(registered.message);
    const b = buyer(app);
    // The loader's handshake records the framed session (as services/partners does).
    await get().db.query(
      `INSERT INTO framed_sessions (session_id, partner_id, cashback_percent, start_url, updated_at)
       VALUES ($1, $2, 0, NULL, $3)`,
      [b.sessionId, registered.partner.id, clock.now()],
    );
    expect((await b.post('/basket/gettickets', {})).json()).toEqual({ data: [], frame: true });
  });
});
