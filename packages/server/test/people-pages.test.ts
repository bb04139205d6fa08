/**
 * The person and organizer pages' data, the link-preview picture and the reviews tab's social
 * proof (issue 13, decision 0048), on PGlite and PostgreSQL:
 * - a person's page lists their shows ahead once each, nearest first, with what they do there;
 *   an organizer's its shows ahead and their venues; an unknown slug is null (the page's 404);
 * - the show page's cast links each person's page and its organizer links the organizer's;
 * - GET /media/og/{showId}.png?v= answers a 1200×630 PNG drawn from the poster, cached for good
 *   under its version, sent on from an old version, without a session cookie;
 * - {show}/reviews/showInfo/ ({currentPath} of the reviews tab) answers the page's own numbers.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../src/clock.js';
import { OgImageCache, ogImagePath, ogImageSvg } from '../src/media/og-image.js';
import { seedDemo } from '../src/seed/index.js';
import { getOrganizerPage } from '../src/services/catalogue/organizer.js';
import { getPersonPage } from '../src/services/catalogue/person.js';
import { getShowPage } from '../src/services/catalogue/show.js';
import { showTabHtml } from '../src/services/catalogue/show-tabs.js';
import { buildTestApp, buyer } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';

/** The PNG's width and height from its IHDR chunk. */
function pngSize(body: Buffer): { width: number; height: number } {
  expect(body.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

describe('the link-preview picture', () => {
  const show = {
    id: 7,
    name: 'Вишнёвый сад',
    ageMark: 12,
    genreName: 'Драма',
    genreSlugs: ['drama', 'teatr'],
    venueName: 'Театр «Новая сцена»',
  };
  const fields = { ...show, genreSlug: 'drama' };

  it('changes its address whenever anything the poster prints changes', () => {
    const path = ogImagePath(fields);
    expect(path).toMatch(/^\/media\/og\/7\.png\?v=[\w-]{12}$/);
    expect(ogImagePath({ ...fields })).toBe(path);
    for (const change of [{ name: 'Чайка' }, { ageMark: 16 }, { venueName: 'МХТ' }, { genreName: 'Комедия' }]) {
      expect(ogImagePath({ ...fields, ...change })).not.toBe(path);
    }
  });

  it('draws the whole poster in the middle of a 1200×630 frame', () => {
    const svg = ogImageSvg(show);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="1200" height="630"/);
    // The poster twice: stretched behind, and whole (its 2:3 frame 388×582) in the middle.
    // The poster's title, in two lines (poster.ts: 'Вишнёвый сад' is wider than the poster at 72 px).
    expect(svg.match(/>Вишнёвый<\/tspan>/g)?.length).toBe(2);
    expect(svg.match(/>сад<\/tspan>/g)?.length).toBe(2);
    expect(svg).toContain('<svg x="406" y="24" width="388" height="582" viewBox="0 0 600 900"');
  });

  it('renders a picture once, keeps it within its bound and drops the oldest', async () => {
    let renders = 0;
    const cache = new OgImageCache(250, async () => {
      renders++;
      return Buffer.alloc(100, renders);
    });
    const [a, b] = await Promise.all([cache.get(show), cache.get(show)]);
    expect(renders).toBe(1);
    expect(a).toBe(b);
    await cache.get({ ...show, id: 8 });
    await cache.get({ ...show, id: 9 });
    expect(cache.size).toBe(2);
    await cache.get(show);
    expect(renders).toBe(4);
  });
});

describeEachDatabase('person and organizer pages', (get) => {
  let app: FastifyInstance;
  let clock: ManualClock;
  const now = () => clock.now();

  beforeAll(async () => {
    ({ app, clock } = await buildTestApp(get().db));
    await seedDemo(get().db, { now: clock.now(), scale: 'small' });
  });
  afterAll(async () => {
    await app.close();
  });

  /** The person with the most shows ahead, and those shows. */
  async function busiestPerson(): Promise<{ slug: string; shows: number[] }> {
    const { rows } = await get().db.query<{ slug: string; shows: number[] }>(
      `SELECT pe.slug, array_agg(DISTINCT sp.show_id) AS shows
         FROM persons pe
         JOIN show_persons sp ON sp.person_id = pe.id
        WHERE EXISTS (SELECT 1 FROM performances p WHERE p.show_id = sp.show_id AND p.starts_at > $1 AND p.sale_state <> 'closed')
        GROUP BY pe.id, pe.slug
        ORDER BY count(DISTINCT sp.show_id) DESC, pe.slug
        LIMIT 1`,
      [now()],
    );
    return { slug: rows[0]!.slug, shows: rows[0]!.shows.map(Number) };
  }

  it("lists a person's shows ahead once each, nearest first, with their roles and a preview picture", async () => {
    const { slug, shows } = await busiestPerson();
    // The demo has persons in several shows (a troupe's actors).
    expect(shows.length).toBeGreaterThanOrEqual(3);
    const page = (await getPersonPage(get().db, slug, now()))!;
    expect(page.person.url).toBe(`/person/${slug}/`);
    expect(page.person.name).toMatch(/\S+ \S+/);
    expect(page.person.bio).toContain(page.person.name);
    expect(page.person.roles.length).toBeGreaterThan(0);
    expect(page.cards.map((c) => c.showId).sort((a, b) => a - b)).toEqual([...shows].sort((a, b) => a - b));
    const times = page.cards.map((c) => Date.parse(c.startsAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    for (const card of page.cards) {
      expect(Date.parse(card.startsAt)).toBeGreaterThan(now().getTime());
      // The card is the show's nearest date: none of its other dates comes earlier.
      const earlier = await get().db.query(
        `SELECT 1 FROM performances WHERE show_id = $1 AND starts_at > $2 AND starts_at < $3 AND sale_state <> 'closed'`,
        [card.showId, now(), new Date(card.startsAt)],
      );
      expect(earlier.rows).toHaveLength(0);
    }
    expect(page.previewImage).toMatch(new RegExp(`^/media/og/${page.cards[0]!.showId}\\.png\\?v=[\\w-]{12}$`));
    expect(await getPersonPage(get().db, 'no-such-person', now())).toBeNull();
  });

  it("lists an organizer's shows ahead and the venues they play in", async () => {
    const { rows } = await get().db.query<{ slug: string; id: number }>(
      `SELECT o.slug, o.id FROM organizers o JOIN shows s ON s.organizer_id = o.id
        GROUP BY o.id ORDER BY count(*) DESC, o.id LIMIT 1`,
    );
    const page = (await getOrganizerPage(get().db, rows[0]!.slug, now()))!;
    expect(page.organizer.url).toBe(`/organizer/${rows[0]!.slug}/`);
    expect(page.cards.length).toBeGreaterThan(0);
    const own = await get().db.query<{ id: number }>('SELECT id FROM shows WHERE organizer_id = $1', [rows[0]!.id]);
    for (const card of page.cards) expect(own.rows.map((s) => s.id)).toContain(card.showId);
    expect(page.venues.length).toBeGreaterThan(0);
    expect(page.venues.reduce((n, v) => n + v.showCount, 0)).toBeGreaterThanOrEqual(page.cards.length);
    for (const venue of page.venues) expect(venue.address).not.toBe('');
    expect(await getOrganizerPage(get().db, 'no-such-organizer', now())).toBeNull();
  });

  it("links the show page's cast to their pages and its organizer to its page", async () => {
    const { rows } = await get().db.query<{ slug: string }>(
      `SELECT s.slug FROM shows s WHERE s.organizer_id IS NOT NULL
          AND EXISTS (SELECT 1 FROM show_persons sp WHERE sp.show_id = s.id) ORDER BY s.id LIMIT 1`,
    );
    const page = (await getShowPage(get().db, rows[0]!.slug, now()))!;
    const markup = showTabHtml('desc', page, { mobile: false }).toString();
    for (const person of page.persons) expect(markup).toContain(`href="/person/${person.slug}/"`);
    expect(markup).toContain(`href="/organizer/${page.organizerSlug}/"`);
  });

  it('serves the preview picture as a 1200×630 PNG, immutable under its version', async () => {
    const { db } = get();
    const { slug, shows } = await busiestPerson();
    const path = (await getPersonPage(db, slug, now()))!.previewImage!;
    const first = await app.inject({ method: 'GET', url: path });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(first.headers['set-cookie']).toBeUndefined();
    expect(pngSize(first.rawPayload)).toEqual({ width: 1200, height: 630 });
    const again = await app.inject({ method: 'GET', url: path });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);

    // An old version is sent on to the current address; no version: the current picture, revalidated.
    const showId = Number(/\/(\d+)\.png/.exec(path)![1]);
    const old = await app.inject({ method: 'GET', url: `/media/og/${showId}.png?v=old` });
    expect(old.statusCode).toBe(302);
    expect(old.headers.location).toBe(path);
    const bare = await app.inject({ method: 'GET', url: `/media/og/${showId}.png` });
    expect(bare.statusCode).toBe(200);
    expect(bare.headers['cache-control']).toBe('public, max-age=3600');

    // A renamed show gets another address.
    await db.query(`UPDATE shows SET name = name || ' (новая редакция)' WHERE id = $1`, [showId]);
    try {
      const moved = await app.inject({ method: 'GET', url: path });
      expect(moved.statusCode).toBe(302);
      expect(moved.headers.location).not.toBe(path);
    } finally {
      await db.query(`UPDATE shows SET name = replace(name, ' (новая редакция)', '') WHERE id = $1`, [showId]);
    }

    expect((await app.inject({ method: 'GET', url: '/media/og/999999.png' })).statusCode).toBe(404);
    for (const bad of ['/media/og/abc.png', `/media/og/${shows[0]}.svg`, '/media/og/-1.png']) {
      const res = await app.inject({ method: 'GET', url: bad });
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it('answers the social proof at the reviews tab’s own address, {show}/reviews/showInfo/', async () => {
    const { rows } = await get().db.query<{ slug: string }>('SELECT slug FROM shows ORDER BY id DESC LIMIT 1');
    const slug = rows[0]!.slug;
    const anna = buyer(app);
    const boris = buyer(app);
    const a = await anna.get(`/show/${slug}/showInfo/`);
    expect(a.status).toBe(200);
    expect(a.json()).toEqual({ soldTickets: 0, visitors: 1 });
    // Boris opened the reviews tab: the same show, the same counter.
    const b = await boris.get(`/show/${slug}/reviews/showInfo/`);
    expect(b.status).toBe(200);
    expect(b.json()).toEqual({ soldTickets: 0, visitors: 2 });
    expect((await anna.get(`/show/${slug}/reviews/showInfo/`)).json().visitors).toBe(2);
    expect((await anna.get('/show/no-such-show/reviews/showInfo/')).status).toBe(404);
  });
});
