/**
 * The show page's own calls (site-browsing-account.md 2.9, 7 Show page; decision 0039):
 * `{currentPath}/showInfo/` answers real numbers (tickets issued for the show in the last 24 hours,
 * distinct sessions that opened the page in the last 5 minutes; in Redis when REDIS_URL is set,
 * shared by every process) and `{show}/showAjax/?ajax={reviews|desc}` the tab's HTML, with the
 * review cut of 215 → 185 characters and every value escaped. Bad input is a 4xx, never a 5xx.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ManualClock } from '../src/clock.js';
import { SOLD_TICKETS_CACHE_MS, VISITORS_WINDOW_MS } from '../src/services/catalogue/show-info.js';
import { registeredBuyer } from './support/accounts.js';
import { buildTestApp, buyer } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';
import { createHallFixture, type HallFixture } from './support/fixture.js';
import { paidSessionOrder } from './support/orders.js';

const HOUR = 3_600_000;

describeEachDatabase('the show page calls', (get) => {
  let app: FastifyInstance;
  let clock: ManualClock;
  beforeAll(async () => {
    ({ app, clock } = await buildTestApp(get().db));
  });
  afterAll(async () => {
    await app.close();
  });
  beforeEach(() => clock.reset());

  async function newShow(): Promise<{ slug: string; showId: number; hall: HallFixture }> {
    const hall = await createHallFixture(get().db);
    const r = await get().db.query<{ id: number; slug: string }>(
      'SELECT s.id, s.slug FROM shows s JOIN performances p ON p.show_id = s.id WHERE p.id = $1',
      [hall.performanceId],
    );
    return { slug: r.rows[0]!.slug, showId: r.rows[0]!.id, hall };
  }

  const info = async (b: ReturnType<typeof buyer>, slug: string) => {
    const r = await b.get(`/show/${slug}/showInfo/`);
    expect(r.status).toBe(200);
    return r.json() as { soldTickets: number; visitors: number };
  };

  it('counts distinct sessions that opened the page in the last 5 minutes, not requests without a session', async () => {
    const { slug } = await newShow();
    const anna = buyer(app);
    const boris = buyer(app);
    expect(await info(anna, slug)).toEqual({ soldTickets: 0, visitors: 1 });
    expect((await info(anna, slug)).visitors).toBe(1);
    expect((await info(boris, slug)).visitors).toBe(2);

    // A script calling the URL without the site's cookie: a new session each time, never counted.
    for (let i = 0; i < 3; i++) {
      const r = await app.inject({ method: 'GET', url: `/show/${slug}/showInfo/` });
      expect(r.statusCode).toBe(200);
      expect(r.json().visitors).toBe(2);
    }

    // Anna looks again 3 minutes later; past Boris's 5 minutes only she is still browsing.
    clock.advance(3 * 60_000);
    await info(anna, slug);
    clock.advance(VISITORS_WINDOW_MS - 2 * 60_000);
    expect((await info(anna, slug)).visitors).toBe(1);
    clock.advance(VISITORS_WINDOW_MS + 1);
    expect((await app.inject({ method: 'GET', url: `/show/${slug}/showInfo/` })).json().visitors).toBe(0);
  });

  it('counts the tickets issued for the show in the last 24 hours', async () => {
    const { slug, hall } = await newShow();
    const b = buyer(app);
    expect((await info(b, slug)).soldTickets).toBe(0);
    await paidSessionOrder(app, (await registeredBuyer(app)).b, hall.seats.slice(0, 3));
    // The count is kept a minute per process.
    clock.advance(SOLD_TICKETS_CACHE_MS + 1);
    expect((await info(b, slug)).soldTickets).toBe(3);

    // A returned ticket and a ticket of two days ago are not counted; another show's neither.
    await get().db.query(
      `UPDATE tickets SET status = 'returned' WHERE id = (SELECT min(id) FROM tickets WHERE performance_id = $1)`,
      [hall.performanceId],
    );
    await get().db.query(
      `UPDATE tickets SET issued_at = issued_at - interval '48 hours'
        WHERE id = (SELECT max(id) FROM tickets WHERE performance_id = $1)`,
      [hall.performanceId],
    );
    const other = await newShow();
    await paidSessionOrder(app, (await registeredBuyer(app)).b, other.hall.seats.slice(0, 2));
    clock.advance(SOLD_TICKETS_CACHE_MS + 1);
    expect((await info(b, slug)).soldTickets).toBe(1);
    expect((await info(b, other.slug)).soldTickets).toBe(2);

    // A day later the window has passed.
    clock.advance(25 * HOUR);
    expect((await info(b, slug)).soldTickets).toBe(0);
  });

  it('answers an unknown show with 404 and zeros, and a malformed slug with a 4xx', async () => {
    const b = buyer(app);
    const r = await b.get('/show/no-such-show/showInfo/');
    expect(r.status).toBe(404);
    expect(r.json()).toEqual({ soldTickets: 0, visitors: 0 });
    const long = await b.get(`/show/${'x'.repeat(5000)}/showInfo/`);
    expect(long.status).toBeGreaterThanOrEqual(400);
    expect(long.status).toBeLessThan(500);
  });

  it('serves the description tab: the text escaped, the cast slider, the expandable additional content', async () => {
    const { slug, showId } = await newShow();
    await get().db.query(`UPDATE shows SET description = $2, tags = '{классика,премьера}' WHERE id = $1`, [
      showId,
      'Первый абзац <script>alert(1)</script>\n\nВторой абзац',
    ]);
    const person = await get().db.query<{ id: number }>(
      `INSERT INTO persons (name, slug) VALUES ('Иннокентий Смоктуновский', $1) RETURNING id`,
      [`smoktunovsky-${showId}`],
    );
    await get().db.query(`INSERT INTO show_persons (show_id, person_id, role) VALUES ($1, $2, 'Гамлет')`, [
      showId,
      person.rows[0]!.id,
    ]);
    const r = await app.inject({ method: 'GET', url: `/show/${slug}/showAjax/?ajax=desc&isMobile=1` });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.body).toContain('<p>Первый абзац &#60;script&#62;alert(1)&#60;/script&#62;</p>');
    expect(r.body).toContain('<p>Второй абзац</p>');
    expect(r.body).not.toContain('<script>');
    expect(r.body).toContain('data-show-more="mobile"');
    expect(r.body).toContain('data-cast-slider');
    expect(r.body).toContain('Иннокентий Смоктуновский');
    expect(r.body).toMatch(/<summary[^>]*>Дополнительная информация<\/summary>/);
    expect(r.body).toContain('классика, премьера');
    const desktop = await app.inject({ method: 'GET', url: `/show/${slug}/showAjax/?ajax=desc&isMobile=0` });
    expect(desktop.body).toContain('data-show-more=""');
  });

  it('serves the reviews tab: newest first, long reviews cut at 185 characters with «Читать полностью»', async () => {
    const { slug, showId } = await newShow();
    const empty = await app.inject({ method: 'GET', url: `/show/${slug}/showAjax/?ajax=reviews` });
    expect(empty.body).toContain('Отзывов пока нет.');

    const long = `${'а'.repeat(200)}Б${'в'.repeat(99)}`; // 300 characters
    const exact = 'г'.repeat(215); // not over 215: shown whole
    await get().db.query(
      `INSERT INTO reviews (show_id, author_name, text, rating, created_at) VALUES
         ($1, 'Анна К.', $2, 5, now() - interval '2 days'),
         ($1, 'Борис <b>М.</b>', $3, 3, now() - interval '1 day')`,
      [showId, long, exact],
    );
    const r = await app.inject({ method: 'GET', url: `/show/${slug}/showAjax/?ajax=reviews&isMobile=0` });
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('2 отзыва');
    expect(r.body).toContain('Борис &#60;b&#62;М.&#60;/b&#62;');
    expect(r.body.indexOf('Борис')).toBeLessThan(r.body.indexOf('Анна К.'));
    expect(r.body).toContain(`<span data-review-short="">${'а'.repeat(185)}...</span>`);
    expect(r.body).toContain(`<span data-review-full="" hidden>${long}</span>`);
    expect(r.body.match(/Читать полностью/g)).toHaveLength(1);
    expect(r.body).toContain(`<p class="show-review__text">${exact}</p>`);
  });

  it('refuses a tab it does not know with 400 and an unknown show with 404', async () => {
    const { slug } = await newShow();
    const bad = await app.inject({ method: 'GET', url: `/show/${slug}/showAjax/?ajax=perfs` });
    expect(bad.statusCode).toBe(400);
    const none = await app.inject({ method: 'GET', url: '/show/nothing-here/showAjax/?ajax=desc' });
    expect(none.statusCode).toBe(404);
    expect(none.headers['content-type']).toMatch(/^text\/html/);
  });
});

describe.skipIf(!process.env.REDIS_URL)('the show page visitors in Redis', () => {
  it('two server processes sharing Redis count the same visitors', async () => {
    const { openTestPglite } = await import('./support/databases.js');
    const database = await openTestPglite();
    // A namespace of its own (the Redis keys' prefix comes from the data directory).
    const config = { redisUrl: process.env.REDIS_URL, dataDir: `/tmp/show-visitors-${Date.now()}-${Math.random()}` };
    const one = await buildTestApp(database.db, { config });
    const two = await buildTestApp(database.db, { config, clock: one.clock });
    try {
      const hall = await createHallFixture(database.db);
      const slug = (
        await database.db.query<{ slug: string }>(
          'SELECT s.slug FROM shows s JOIN performances p ON p.show_id = s.id WHERE p.id = $1',
          [hall.performanceId],
        )
      ).rows[0]!.slug;
      expect((await buyer(one.app).get(`/show/${slug}/showInfo/`)).json().visitors).toBe(1);
      expect((await buyer(two.app).get(`/show/${slug}/showInfo/`)).json().visitors).toBe(2);
      one.clock.advance(VISITORS_WINDOW_MS + 1);
      expect((await one.app.inject({ method: 'GET', url: `/show/${slug}/showInfo/` })).json().visitors).toBe(0);
    } finally {
      await one.app.close();
      await two.app.close();
      await database.close();
    }
  });
});
