import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../src/clock.js';
import type { Database } from '../src/db/index.js';
import { seedSmallFixture } from '../src/seed/index.js';
import { SHARES_PER_CLIENT_PER_DAY } from '../src/services/service/share.js';
import { type Buyer, buildTestApp, buyer } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';

/** A Wednesday, 12:00 in Moscow. */
const NOW = new Date('2030-03-13T09:00:00Z');
const DAY_MS = 24 * 60 * 60 * 1000;

const showIdsOf = (body: string) => [...body.matchAll(/data-show-id="(\d+)"/g)].map((m) => Number(m[1]));

/**
 * The main page's calls and the promo banners (site-browsing-account.md 2.4, 2.5, 7 Promo
 * banners and 'Popular shows, reviews and sharing'; decision 0038) over the small demo catalogue
 * and a second city, on each database: the popular order from real sales, paging to the empty
 * answer, escaping, the review previews, share counting that a script cannot inflate, and the
 * banners by placement, slot and city.
 */
describeEachDatabase('main page and promo banners', (get) => {
  let app: FastifyInstance;
  let clock: ManualClock;
  let db: Database;
  let guest: Buyer;
  let origin: string;
  const fx = { topShow: 0, topSlug: '', spbShow: 0, spbCity: 0, pastShow: 0 };
  const one = async (sql: string, params: unknown[] = []) => (await db.query<{ id: number }>(sql, params)).rows[0]!.id;

  beforeAll(async () => {
    db = get().db;
    clock = new ManualClock({ now: () => NOW });
    let config: { publicUrl: string };
    ({ app, config } = await buildTestApp(db, { clock }));
    origin = new URL(config.publicUrl).origin;
    await seedSmallFixture(db, NOW);
    guest = buyer(app);

    // The show with the most places ahead sells them all: it comes first, whatever sold before.
    const most = await db.query<{ show_id: number }>(
      `SELECT p.show_id FROM performances p JOIN performance_places pp ON pp.performance_id = p.id
        WHERE p.starts_at > $1 AND p.sale_state <> 'closed'
        GROUP BY p.show_id ORDER BY count(*) DESC, p.show_id LIMIT 1`,
      [NOW],
    );
    fx.topShow = most.rows[0]!.show_id;
    await db.query(
      `UPDATE performance_places SET state = 2
        WHERE state = 0 AND performance_id IN (SELECT id FROM performances WHERE show_id = $1 AND starts_at > $2)`,
      [fx.topShow, NOW],
    );
    fx.topSlug = (await db.query<{ slug: string }>('SELECT slug FROM shows WHERE id = $1', [fx.topShow])).rows[0]!.slug;
    await db.query(`UPDATE shows SET name = '<script>alert(1)</script> & «Гамлет»' WHERE id = $1`, [fx.topShow]);

    // A second city with one show of its own and its banners.
    fx.spbCity = await one(
      `INSERT INTO cities (subdomain, name, support_phone) VALUES ('spb', 'Санкт-Петербург', '+7 812 000-00-00') RETURNING id`,
    );
    const venue = await one(
      `INSERT INTO buildings (city_id, name, slug, address, type) VALUES ($1, 'Театр на Фонтанке', 'fontanka-t1', 'наб. Фонтанки, 114', 'venue') RETURNING id`,
      [fx.spbCity],
    );
    const hall = await one(
      `INSERT INTO halls (building_id, name, kind) VALUES ($1, 'Большой зал', 'theatre') RETURNING id`,
      [venue],
    );
    const genre = await one(`SELECT id FROM genres ORDER BY id LIMIT 1`);
    fx.spbShow = await one(
      `INSERT INTO shows (slug, name, genre_id, building_id, age_mark) VALUES ('fontanka-show-t1', 'Питерский вечер', $1, $2, 12) RETURNING id`,
      [genre, venue],
    );
    await db.query(`INSERT INTO performances (show_id, hall_id, starts_at) VALUES ($1, $2, $3)`, [
      fx.spbShow,
      hall,
      new Date(NOW.getTime() + 3 * DAY_MS),
    ]);
    fx.pastShow = await one(
      `INSERT INTO shows (slug, name, genre_id, building_id, age_mark) VALUES ('past-show-t1', 'Прошедший', $1, $2, 0) RETURNING id`,
      [genre, venue],
    );
    await db.query(`INSERT INTO performances (show_id, hall_id, starts_at) VALUES ($1, $2, $3)`, [
      fx.pastShow,
      hall,
      new Date(NOW.getTime() - 3 * DAY_MS),
    ]);
    await db.query(
      `INSERT INTO promo_banners (city_id, placement_id, slot, show_id, image, sort) VALUES
         ($1, 6813, 1, $2, '/media/poster/spb.svg', 1),
         ($1, 6813, 1, $3, '/media/poster/past.svg', 2),
         ($1, 6813, 3, $2, '/media/poster/spb-off.svg', 1)`,
      [fx.spbCity, fx.spbShow, fx.pastShow],
    );
    await db.query(`UPDATE promo_banners SET active = false WHERE image = '/media/poster/spb-off.svg'`);
  });

  it('answers the popular shows 24 at a time, the most sold first, and an empty answer after the last', async () => {
    const first = await guest.get('/show/jsGetPopular/?offset=0');
    expect(first.status).toBe(200);
    const ids = showIdsOf(first.body);
    const upcoming = await db.query<{ n: number }>(
      `SELECT count(DISTINCT p.show_id)::int AS n FROM performances p JOIN halls h ON h.id = p.hall_id
         JOIN buildings b ON b.id = h.building_id JOIN cities c ON c.id = b.city_id
        WHERE c.subdomain = 'www' AND p.starts_at > $1 AND p.sale_state <> 'closed'`,
      [NOW],
    );
    expect(ids.length).toBe(Math.min(24, upcoming.rows[0]!.n));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]).toBe(fx.topShow);
    // The most wanted first: the places taken (sold or held) and the entrance tickets gone of
    // each show's performances ahead, counted here from the places themselves.
    const taken = await db.query<{ show_id: number; n: number }>(
      `SELECT p.show_id,
              ((SELECT count(*) FROM performance_places pp
                 WHERE pp.performance_id = ANY(array_agg(p.id)) AND pp.state IN (1, 2))
               + (SELECT coalesce(sum(ps.capacity - ps.free_count), 0) FROM performance_sections ps
                   WHERE ps.performance_id = ANY(array_agg(p.id))))::int AS n
         FROM performances p
        WHERE p.starts_at > $1 AND p.sale_state <> 'closed' GROUP BY 1`,
      [NOW],
    );
    const takenOf = new Map(taken.rows.map((r) => [r.show_id, r.n]));
    const demand = ids.map((id) => takenOf.get(id) ?? 0);
    expect(demand).toEqual([...demand].sort((a, b) => b - a));
    expect(ids).not.toContain(fx.spbShow);
    // The card: the show's page, its nearest performance, and the name escaped.
    expect(first.body).toContain(`data-show-url="/show/${fx.topSlug}/"`);
    expect(first.body).toContain('&#60;script&#62;alert(1)&#60;/script&#62; &#38; «Гамлет»');
    expect(first.body).not.toContain('<script>');
    expect(first.body).toMatch(
      /<time class="poster-card__date" datetime="[^"]+">\d{1,2} [а-я]+, [а-я]{2}, \d\d:\d\d<\/time>/,
    );

    const second = await guest.get(`/show/jsGetPopular/?offset=${ids.length}`);
    expect(second.status).toBe(200);
    expect(second.body).toBe('');
    expect((await guest.get('/show/jsGetPopular/?offset=1')).body).toContain(`data-show-id="${ids[1]}"`);
    expect(showIdsOf((await guest.get('/show/jsGetPopular/?offset=1')).body)).toEqual(ids.slice(1));

    // The other city's list is its own.
    expect(showIdsOf((await guest.get('/show/jsGetPopular/?offset=0&city=spb')).body)).toEqual([fx.spbShow]);
    // An unknown city is the capital's list.
    expect(showIdsOf((await guest.get('/show/jsGetPopular/?offset=0&city=nowhere')).body)).toEqual(ids);
  });

  it('refuses a malformed offset with 400, never 500', async () => {
    for (const bad of ['-1', 'abc', '1e99', '99999999999']) {
      const r = await guest.get(`/show/jsGetPopular/?offset=${bad}`);
      expect(r.status).toBe(400);
      expect(r.body).toBe('');
    }
    expect((await guest.get('/show/jsGetPopular/?offset=2000000')).body).toBe('');
  });

  it("answers a show's reviews newest first as {name, date, review}", async () => {
    const show = fx.spbShow;
    await db.query(
      `INSERT INTO reviews (show_id, author_name, text, rating, created_at) VALUES
         ($1, 'Анна К.', 'Прекрасный вечер', 5, '2030-03-01T10:00:00Z'),
         ($1, 'Иван П.', '<b>Лучше всех</b>', 4, '2030-03-05T10:00:00Z'),
         ($1, 'Пустой', '   ', 3, '2030-03-06T10:00:00Z')`,
      [show],
    );
    const r = await guest.get(`/show/JsGetReviews/?showId=${show}`);
    expect(r.status).toBe(200);
    expect(r.json()).toEqual([
      { name: 'Иван П.', date: '05.03.2030', review: '<b>Лучше всех</b>' },
      { name: 'Анна К.', date: '01.03.2030', review: 'Прекрасный вечер' },
    ]);
    expect((await guest.get('/show/JsGetReviews/?showId=2000000000')).json()).toEqual([]);
    for (const bad of ['0', 'abc', '']) {
      const bad400 = await guest.get(`/show/JsGetReviews/?showId=${bad}`);
      expect(bad400.status).toBe(400);
      expect(bad400.json()).toEqual([]);
    }
  });

  it('counts one share per visitor and network, a few per address a day, only from its own pages', async () => {
    const url = `/show/${fx.topSlug}/`;
    const counters = async (u = url) =>
      (await guest.get(`/show/JsGetSocialCounters/?url=${encodeURIComponent(u)}`)).json();
    expect(await counters()).toEqual({ fb: 0, vk: 0, ok: 0 });
    const address = '203.0.113.77';
    const share = (b: Buyer, code = 'vkshare', headers: Record<string, string> = { referer: `${origin}${url}` }) =>
      b.get(`/site/event/?code=${code}&webObjId=${fx.topShow}`, headers);

    const first = buyer(app, 'test-secret', address);
    expect((await share(first)).json()).toEqual({ ok: true });
    expect(await counters()).toEqual({ fb: 0, vk: 1, ok: 0 });
    // The same visitor again: nothing more.
    await share(first);
    await share(first);
    expect(await counters()).toEqual({ fb: 0, vk: 1, ok: 0 });
    // Another network counts apart.
    await share(first, 'fbshare');
    await share(first, 'okshare');
    expect(await counters()).toEqual({ fb: 1, vk: 1, ok: 1 });
    // New sessions from the same address: up to the cap, then nothing.
    for (let i = 0; i < SHARES_PER_CLIENT_PER_DAY + 3; i++) await share(buyer(app, 'test-secret', address));
    expect((await counters()).vk).toBe(SHARES_PER_CLIENT_PER_DAY);
    // Another address counts; the capped one again after a day.
    await share(buyer(app));
    expect((await counters()).vk).toBe(SHARES_PER_CLIENT_PER_DAY + 1);
    clock.advance(DAY_MS + 1000);
    await share(buyer(app, 'test-secret', address));
    expect((await counters()).vk).toBe(SHARES_PER_CLIENT_PER_DAY + 2);

    // A report another site makes the browser send counts nothing.
    const forged = await share(buyer(app), 'vkshare', { referer: 'https://evil.example/page' });
    expect(forged.status).toBe(403);
    expect(forged.json()).toMatchObject({ ok: false });
    const crossOrigin = await share(buyer(app), 'vkshare', { origin: 'https://evil.example' });
    expect(crossOrigin.status).toBe(403);
    expect((await counters()).vk).toBe(SHARES_PER_CLIENT_PER_DAY + 2);

    // Unknown codes and missing or bad ids: 400, nothing counted.
    for (const bad of [
      '/site/event/?code=likeshare&webObjId=1',
      '/site/event/?code=vkshare',
      '/site/event/?code=vkshare&webObjId=abc',
      '/site/event/?code=&webObjId=1',
      '/site/event/?code=constructor&webObjId=1',
    ]) {
      const r = await guest.get(bad, { referer: `${origin}/` });
      expect(r.status).toBe(400);
      expect(r.json()).toMatchObject({ ok: false });
    }
    // A share of a show that does not exist is answered like any other and stored nowhere.
    expect(
      (await guest.get('/site/event/?code=vkshare&webObjId=2000000000', { referer: `${origin}/` })).json(),
    ).toEqual({
      ok: true,
    });
    const stored = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM show_shares WHERE show_id <> $1', [
      fx.topShow,
    ]);
    expect(stored.rows[0]!.n).toBe(0);

    // The counters read the show from its address on any host, with or without the slash.
    expect((await counters(`https://spb.partera.example/show/${fx.topSlug}/`)).vk).toBe(SHARES_PER_CLIENT_PER_DAY + 2);
    expect((await counters(`/show/${fx.topSlug}`)).fb).toBe(1);
    for (const other of ['/show/no-such-show/', '/performance/1/', 'javascript:alert(1)', '%%%', `/show/%E0%A4%A/`]) {
      expect(await counters(other)).toEqual({ fb: 0, vk: 0, ok: 0 });
    }
    expect((await guest.get('/show/JsGetSocialCounters/?url=')).status).toBe(400);
  });

  it("answers the banners of a placement by slot for the buyer's city, only active ones of shows ahead", async () => {
    const main = (await guest.get('/FlackTwister/6813/')).json();
    expect(Object.keys(main).sort()).toEqual(['1', '2', '3', '4', '5']);
    for (const [slot, entry] of Object.entries(main) as [string, [string, unknown[]]][]) {
      expect(typeof entry[0]).toBe('string');
      expect(entry[1].length).toBeGreaterThan(0);
      for (const item of entry[1]) {
        expect(item).toEqual({
          show_url: expect.stringMatching(/^\/show\/[^/]+\/$/),
          show_name: expect.any(String),
          img_url: expect.stringMatching(/^\/media\//),
          stage_url: expect.stringMatching(/^\/search\/performance\/\?bid=\d+$/),
          stage_name: expect.any(String),
        });
      }
      expect(slot).toMatch(/^[1-5]$/);
    }
    const elsewhere = (await guest.get('/FlackTwister/9815/')).json();
    expect(Object.keys(elsewhere).sort()).toEqual(['1', '2', '3', '4', '5']);
    expect(elsewhere).not.toEqual(main);

    // The other city: its own banners only; the inactive one and the past show's are left out.
    const spb = (await guest.get('/FlackTwister/6813/?city=spb')).json();
    expect(spb).toEqual({
      '1': [
        'top-left',
        [
          {
            show_url: '/show/fontanka-show-t1/',
            show_name: 'Питерский вечер',
            img_url: '/media/poster/spb.svg',
            stage_url: expect.stringMatching(/^\/search\/performance\/\?bid=\d+$/),
            stage_name: 'Театр на Фонтанке',
          },
        ],
      ],
    });
    expect((await guest.get('/FlackTwister/9815/?city=spb')).json()).toEqual({});

    // Any other placement has none; a malformed one is refused with the empty answer.
    expect((await guest.get('/FlackTwister/1234/')).json()).toEqual({});
    for (const bad of ['abc', '0', '-5', '99999999999']) {
      const r = await guest.get(`/FlackTwister/${bad}/`);
      expect(r.status).toBe(400);
      expect(r.json()).toEqual({});
    }
  });

  it('seeds banners in every slot of both placements for each city with shows', async () => {
    const r = await db.query<{ city: string; placement_id: number; slots: number[] }>(
      `SELECT c.subdomain AS city, pb.placement_id, array_agg(DISTINCT pb.slot ORDER BY pb.slot) AS slots
         FROM promo_banners pb JOIN cities c ON c.id = pb.city_id
        WHERE c.subdomain = 'www'
        GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    expect(r.rows).toEqual([
      { city: 'www', placement_id: 6813, slots: [1, 2, 3, 4, 5] },
      { city: 'www', placement_id: 9815, slots: [1, 2, 3, 4, 5] },
    ]);
  });
});
