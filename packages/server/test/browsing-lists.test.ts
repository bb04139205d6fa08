import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../src/clock.js';
import type { Database } from '../src/db/index.js';
import { seedSmallFixture } from '../src/seed/index.js';
import { changeFeedOf } from '../src/services/catalogue/changes.js';
import { showsListDates } from '../src/services/catalogue/lists.js';
import { SCHEDULE_PAGE_SIZE } from '../src/services/catalogue/schedule-address.js';
import { type Buyer, buildTestApp, buyer } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';

/** A Wednesday, 12:00 in Moscow: every date below is relative to it. */
const NOW = new Date('2030-03-13T09:00:00Z');
const TODAY = '2030-03-13';

/** The performance ids of an HTML answer, in order. */
const performanceIds = (body: string) => [...body.matchAll(/data-performance="(\d+)"/g)].map((m) => Number(m[1]));
const rowTimes = (body: string) => [...body.matchAll(/datetime="([^"]+)"/g)].map((m) => m[1] as string);
const rowCount = (body: string) => body.split('data-schedule-row=""').length - 1;
const itemCount = (body: string) => body.split('data-list-item=""').length - 1;

/**
 * The schedule's rows and the list widgets (site-browsing-account.md 2.8, 2.12, 7 Schedule and
 * lists) over the small demo catalogue and a second city, on each database: what each filter
 * keeps, paging without overlap, the cities kept apart, escaping, and what odd requests get.
 */
describeEachDatabase('schedule and list widgets', (get) => {
  let app: FastifyInstance;
  let guest: Buyer;
  let db: Database;
  const fx = { spbVenue: 0, spbPerformance: 0, todayPerformance: 0, tomorrowPerformance: 0, wwwVenue: 0 };

  beforeAll(async () => {
    db = get().db;
    ({ app } = await buildTestApp(db, { clock: new ManualClock({ now: () => NOW }) }));
    await seedSmallFixture(db, NOW);
    guest = buyer(app);
    const one = async (sql: string, params: unknown[]) => (await db.query<{ id: number }>(sql, params)).rows[0]!.id;
    const spb = await one(
      `INSERT INTO cities (subdomain, name, support_phone) VALUES ('spb', 'Санкт-Петербург', '+7 812 000-00-00') RETURNING id`,
      [],
    );
    fx.spbVenue = await one(
      `INSERT INTO buildings (city_id, name, slug, address, type) VALUES ($1, 'Театр на Фонтанке', 'fontanka-t3', 'наб. Фонтанки, 114', 'venue') RETURNING id`,
      [spb],
    );
    const hall = await one(
      `INSERT INTO halls (building_id, name, kind) VALUES ($1, 'Большой зал', 'theatre') RETURNING id`,
      [fx.spbVenue],
    );
    const drama = await one(`SELECT id FROM genres WHERE slug = 'drama'`, []);
    const show = await one(
      `INSERT INTO shows (slug, name, genre_id, building_id, age_mark) VALUES ('opasnyi-t3', '<b>Опасный</b> & «Спектакль»', $1, $2, 16) RETURNING id`,
      [drama, fx.spbVenue],
    );
    fx.spbPerformance = await one(
      `INSERT INTO performances (show_id, hall_id, starts_at) VALUES ($1, $2, '2030-03-14T16:00:00Z') RETURNING id`,
      [show, hall],
    );
    // Today 20:00 and tomorrow 19:00 in Moscow, at a venue of the capital.
    const wwwPerformance = await db.query<{ show_id: number; hall_id: number; building_id: number }>(
      `SELECT p.show_id, p.hall_id, h.building_id FROM performances p JOIN halls h ON h.id = p.hall_id ORDER BY p.id LIMIT 1`,
    );
    const w = wwwPerformance.rows[0]!;
    fx.wwwVenue = w.building_id;
    fx.todayPerformance = await one(
      `INSERT INTO performances (show_id, hall_id, starts_at) VALUES ($1, $2, '2030-03-13T17:00:00Z') RETURNING id`,
      [w.show_id, w.hall_id],
    );
    fx.tomorrowPerformance = await one(
      `INSERT INTO performances (show_id, hall_id, starts_at) VALUES ($1, $2, '2030-03-14T16:00:00Z') RETURNING id`,
      [w.show_id, w.hall_id],
    );
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  /** Performances ahead of the capital in these dates, by start: what the schedule must show. */
  const expected = async (from: string, till: string, extra = '', params: unknown[] = []) =>
    (
      await db.query<{ id: number }>(
        `SELECT p.id FROM performances p JOIN halls h ON h.id = p.hall_id JOIN buildings b ON b.id = h.building_id
           JOIN cities c ON c.id = b.city_id JOIN shows s ON s.id = p.show_id JOIN genres g ON g.id = s.genre_id
          WHERE c.subdomain = 'www' AND p.starts_at > $1 AND p.sale_state <> 'closed'
            AND p.starts_at >= ($2::date)::timestamp AT TIME ZONE c.timezone
            AND p.starts_at < ($3::date + 1)::timestamp AT TIME ZONE c.timezone ${extra}
          ORDER BY p.starts_at, p.id`,
        [NOW, from, till, ...params],
      )
    ).rows.map((r) => r.id);

  const rows = async (path: string) => {
    const r = await guest.get(path);
    return { ...r, ids: performanceIds(r.body) };
  };

  it('schedule: every performance of the city in the dates, by start, page by page, then nothing', async () => {
    const want = await expected(TODAY, '2031-03-13');
    expect(want.length).toBeGreaterThan(SCHEDULE_PAGE_SIZE);
    const first = await rows(`/schedule/place-all/${TODAY}/2031-03-13/genre-all/all/page-1/?ajax`);
    expect(first.status).toBe(200);
    expect(first.ids).toEqual(want.slice(0, SCHEDULE_PAGE_SIZE));
    expect(rowCount(first.body)).toBe(SCHEDULE_PAGE_SIZE);
    const times = rowTimes(first.body);
    expect([...times].sort()).toEqual(times);
    const second = await rows(`/schedule/place-all/${TODAY}/2031-03-13/genre-all/all/page-2/?ajax`);
    expect([...first.ids, ...second.ids]).toEqual(want.slice(0, 2 * SCHEDULE_PAGE_SIZE));
    expect([...first.ids, ...second.ids]).not.toContain(fx.spbPerformance);
    const past = await rows(`/schedule/place-all/${TODAY}/2031-03-13/genre-all/all/page-9/?ajax`);
    expect(past.status).toBe(200);
    expect(past.body).toBe('');
  });

  it('schedule: the dates are inclusive, in the venue’s time zone, and read dd.mm.yyyy too', async () => {
    const today = await rows(`/schedule/place-all/${TODAY}/${TODAY}/genre-all/all/page-1/?ajax`);
    expect(today.ids).toEqual([fx.todayPerformance]);
    const tomorrow = await rows('/schedule/place-all/14.03.2030/14.03.2030/genre-all/all/page-1/?ajax');
    expect(tomorrow.ids).toEqual(await expected('2030-03-14', '2030-03-14'));
    expect(tomorrow.ids).toContain(fx.tomorrowPerformance);
    // Backwards is read forwards.
    const swapped = await rows(`/schedule/place-all/2030-03-14/${TODAY}/genre-all/all/page-1/?ajax`);
    expect(swapped.ids).toEqual([fx.todayPerformance, ...tomorrow.ids]);
  });

  it("schedule: 'insale' leaves out what is coming soon; 'all' shows it marked so", async () => {
    const soon = await expected(TODAY, '2031-03-13', `AND p.sale_state = 'soon'`);
    expect(soon.length).toBeGreaterThan(0);
    const path = (sale: string, page: number) =>
      `/schedule/place-all/${TODAY}/2031-03-13/genre-all/${sale}/page-${page}/?ajax`;
    const all: string[] = [];
    const insale: number[] = [];
    for (let page = 1; page <= 4; page++) {
      all.push((await guest.get(path('all', page))).body);
      insale.push(...(await rows(path('insale', page))).ids);
    }
    expect(all.join('')).toContain('Скоро в продаже');
    expect(insale).toEqual(await expected(TODAY, '2031-03-13', `AND p.sale_state = 'on_sale'`));
    for (const id of soon) expect(insale).not.toContain(id);
  });

  it('schedule: one venue, one genre (with its sub-genres); the venue names its own city', async () => {
    const venue = await rows(`/schedule/place-${fx.wwwVenue}/${TODAY}/2031-03-13/genre-all/all/page-1/?ajax`);
    expect(venue.ids).toEqual(
      (await expected(TODAY, '2031-03-13', 'AND b.id = $4', [fx.wwwVenue])).slice(0, SCHEDULE_PAGE_SIZE),
    );
    const spb = await rows(`/schedule/place-${fx.spbVenue}/${TODAY}/2031-03-13/genre-all/all/page-1/?ajax`);
    expect(spb.ids).toEqual([fx.spbPerformance]);
    const teatr = await rows(`/schedule/place-all/${TODAY}/2031-03-13/genre-teatr/all/page-1/?ajax`);
    const wantTeatr = await expected(
      TODAY,
      '2031-03-13',
      `AND (g.slug = 'teatr' OR g.parent_id = (SELECT id FROM genres WHERE slug = 'teatr'))`,
    );
    expect(wantTeatr.length).toBeGreaterThan(0);
    expect(teatr.ids).toEqual(wantTeatr.slice(0, SCHEDULE_PAGE_SIZE));
    const byId = await db.query<{ id: number }>(`SELECT id FROM genres WHERE slug = 'teatr'`);
    expect(
      (await rows(`/schedule/place-all/${TODAY}/2031-03-13/genre-${byId.rows[0]!.id}/all/page-1/?ajax`)).ids,
    ).toEqual(teatr.ids);
  });

  it('schedule: the second city sees its own venues only (city=spb)', async () => {
    const spb = await rows(`/schedule/place-all/${TODAY}/2031-03-13/genre-all/all/page-1/?ajax&city=spb`);
    expect(spb.ids).toEqual([fx.spbPerformance]);
    // Names are escaped: a show's name is text, never markup.
    expect(spb.body).toContain('&#60;b&#62;Опасный&#60;/b&#62; &#38; «Спектакль»');
    expect(spb.body).not.toContain('<b>');
    // An unknown city is the capital.
    const unknown = await rows(`/schedule/place-all/${TODAY}/${TODAY}/genre-all/all/page-1/?ajax&city=nowhere`);
    expect(unknown.ids).toEqual([fx.todayPerformance]);
  });

  it('schedule: a made-up venue or genre is 404, a malformed address 400, never a 500', async () => {
    const base = `/schedule/place-all/${TODAY}/2031-03-13`;
    expect((await guest.get(`/schedule/place-999999/${TODAY}/2031-03-13/genre-all/all/page-1/?ajax`)).status).toBe(404);
    expect((await guest.get(`${base}/genre-nosuch/all/page-1/?ajax`)).status).toBe(404);
    for (const bad of [
      `/schedule/place-x/${TODAY}/2031-03-13/genre-all/all/page-1/?ajax`,
      `/schedule/place-all/2030-02-30/2031-03-13/genre-all/all/page-1/?ajax`,
      `/schedule/place-all/tomorrow/2031-03-13/genre-all/all/page-1/?ajax`,
      `${base}/genre-all/maybe/page-1/?ajax`,
      `${base}/genre-all/all/page-0/?ajax`,
      `${base}/genre-all/all/page-x/?ajax`,
      `/schedule/place-99999999999/${TODAY}/2031-03-13/genre-all/all/page-1/?ajax`,
    ]) {
      expect((await guest.get(bad)).status, bad).toBe(400);
    }
    // A range longer than a year is cut, not refused.
    expect((await guest.get(`/schedule/place-all/${TODAY}/2099-01-01/genre-all/all/page-1/?ajax`)).status).toBe(200);
  });

  it('shows list: limit and offset page without overlap; fewer than the limit at the end', async () => {
    const all = await expected(TODAY, '2031-03-13');
    const seen: number[] = [];
    for (let offset = 0; offset < all.length + 4; offset += 4) {
      const r = await guest.get(`/show/jsGetShows/?offset=${offset}&limit=4&inrow=3`);
      expect(r.status).toBe(200);
      const ids = performanceIds(r.body);
      expect(itemCount(r.body)).toBe(ids.length);
      seen.push(...ids);
      if (ids.length < 4) break;
    }
    expect(seen).toEqual(all);
    const first = await guest.get('/show/jsGetShows/?offset=0&limit=1&inrow=3');
    expect(first.body).toContain('style="--in-row:3"');
    expect(first.body).toMatch(/\d{2}\.\d{2}\.\d{2}, [а-я]{2}, \d{2}:\d{2}/);
  });

  it('shows list: today, tomorrow (both readings), the week to Sunday, the month, a range', async () => {
    const ids = async (q: string) => performanceIds((await guest.get(`/show/jsGetShows/?limit=48&${q}`)).body);
    expect(await ids('ontoday=1')).toEqual([fx.todayPerformance]);
    const tomorrow = await ids('ontomorrow=1');
    expect(tomorrow).toContain(fx.tomorrowPerformance);
    expect(await ids('onyesterday=1')).toEqual(tomorrow);
    const week = await expected(TODAY, '2030-03-17');
    expect(await ids('onweek=1')).toEqual(week);
    expect(showsListDates(TODAY, { onweek: true })).toEqual({ from: TODAY, till: '2030-03-17' });
    expect(showsListDates(TODAY, { onmonth: true })).toEqual({ from: TODAY, till: '2030-03-31' });
    expect(showsListDates('2030-03-17', { onweek: true })).toEqual({ from: '2030-03-17', till: '2030-03-17' });
    expect(await ids('mnd=14.03.30&mxd=14.03.30')).toEqual(tomorrow);
    expect(await ids('mnd=14.03.2030&mxd=14.03.2030&ontoday=1')).toEqual(tomorrow);
  });

  it('shows list: genres, a venue (bid), a hall kind (c), text; the second city', async () => {
    const ids = async (q: string) => performanceIds((await guest.get(`/show/jsGetShows/?limit=48&${q}`)).body);
    const drama = (
      await db.query<{ id: number; parent_id: number }>(`SELECT id, parent_id FROM genres WHERE slug = 'drama'`)
    ).rows[0]!;
    expect(await ids(`sg=${drama.id}&city=spb`)).toEqual([fx.spbPerformance]);
    expect(await ids(`g=${drama.parent_id}&city=spb`)).toEqual([fx.spbPerformance]);
    expect(await ids(`bid=${fx.spbVenue}`)).toEqual([fx.spbPerformance]);
    expect(await ids('c=theatre&city=spb')).toEqual([fx.spbPerformance]);
    expect(await ids('c=stadium&city=spb')).toEqual([]);
    expect(await ids('text=опасный&city=spb')).toEqual([fx.spbPerformance]);
    expect(await ids('text=опасный')).toEqual([]);
    const bad = await guest.get('/show/jsGetShows/?limit=0');
    expect(bad.status).toBe(400);
    expect((await guest.get('/show/jsGetShows/?offset=-1')).status).toBe(400);
    expect((await guest.get('/show/jsGetShows/?bid=abc')).status).toBe(400);
    // A huge limit is cut to the widget's most, odd values of the joined keys are ignored.
    const many = await guest.get('/show/jsGetShows/?limit=100000&g=x:1:&mnd=31.02.30');
    expect(many.status).toBe(200);
    expect(itemCount(many.body)).toBeLessThanOrEqual(48);
  });

  it('venue list: the venues with something ahead, by name, in pages; each city its own', async () => {
    const { rows: want } = await db.query<{ name: string }>(
      `SELECT DISTINCT b.name FROM buildings b JOIN halls h ON h.building_id = b.id JOIN performances p ON p.hall_id = h.id
         JOIN cities c ON c.id = b.city_id
        WHERE c.subdomain = 'www' AND p.starts_at > $1 AND p.sale_state <> 'closed' ORDER BY b.name`,
      [NOW],
    );
    const names: string[] = [];
    for (let offset = 0; offset <= want.length; offset++) {
      const r = await guest.get(`/placetype/jsGetBuildings/?offset=${offset}&limit=1&inRow=2`);
      expect(r.status).toBe(200);
      names.push(...[...r.body.matchAll(/class="list-venue__name" href="[^"]+">([^<]+)</g)].map((m) => m[1] as string));
    }
    expect(names).toEqual(want.map((w) => w.name.replace(/"/g, '&#34;')));
    const spb = await guest.get('/placetype/jsGetBuildings/?city=spb');
    expect(spb.body).toContain('Театр на Фонтанке');
    expect(spb.body).toContain('1 событие');
    expect(spb.body).toContain(`href="/schedule/place-${fx.spbVenue}/${TODAY}/2030-04-12/genre-all/all/"`);
    expect((await guest.get('/placetype/jsGetBuildings/?limit=0')).status).toBe(400);
    expect((await guest.get('/placetype/jsGetBuildings/?offset=x')).status).toBe(400);
  });

  it('a change of a shown performance reaches the next answer (the cache drops it)', async () => {
    const path = `/schedule/place-all/${TODAY}/${TODAY}/genre-all/insale/page-1/?ajax`;
    expect((await rows(path)).ids).toEqual([fx.todayPerformance]);
    await db.query(`UPDATE performances SET sale_state = 'soon' WHERE id = $1`, [fx.todayPerformance]);
    changeFeedOf(db).availabilityChanged([fx.todayPerformance]);
    expect((await rows(path)).ids).toEqual([]);
    await db.query(`UPDATE performances SET sale_state = 'on_sale' WHERE id = $1`, [fx.todayPerformance]);
    changeFeedOf(db).availabilityChanged([fx.todayPerformance]);
  });
});
