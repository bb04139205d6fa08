import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';
import { Resvg } from '@resvg/resvg-js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { systemClock } from '../src/clock.js';
import { loadConfig } from '../src/config.js';
import { layoutTitle, renderPosterSvg, titleWidth } from '../src/media/poster.js';
import { renderSeatView, rowBands } from '../src/media/seat-view.js';
import { SHOWS } from '../src/seed/catalogue/shows.js';
import { SECTIONS_ONLY_SHOW } from '../src/seed/extras.js';
import { seedDemo } from '../src/seed/index.js';
import { getHallPage } from '../src/services/catalogue/index.js';
import { describeEachDatabase } from './support/databases.js';

const NOW = new Date('2025-03-10T09:30:00Z');

describe('renderPosterSvg', () => {
  const base = { id: 7, name: 'Вишнёвый сад', ageMark: 12, genreName: 'Драма', genreSlugs: ['drama', 'teatr'] };

  it('draws the same poster for the same show, and another for another show', () => {
    expect(renderPosterSvg(base)).toBe(renderPosterSvg({ ...base }));
    expect(renderPosterSvg({ ...base, id: 8 })).not.toBe(renderPosterSvg(base));
    expect(renderPosterSvg({ ...base, genreSlugs: ['futbol', 'sport'] })).not.toBe(renderPosterSvg(base));
  });

  it('prints the name, the genre and the age mark, and nothing external', () => {
    const svg = renderPosterSvg({ ...base, venueName: 'Театр «Новая сцена»' });
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 600 900"/);
    const title = [...svg.matchAll(/<tspan [^>]*>([^<]*)<\/tspan>/g)].map((m) => m[1]);
    expect(title.join(' ')).toBe('Вишнёвый сад');
    expect(svg).toContain('>12+</text>');
    expect(svg).toContain('ДРАМА');
    expect(svg).toContain('Театр «Новая сцена»');
    expect(svg).not.toMatch(/href=|url\((?!#)|@import|<image|<script/);
    for (const family of svg.matchAll(/font-family="([^"]*)"/g)) expect(['serif', 'sans-serif']).toContain(family[1]);
  });

  it('escapes what it prints', () => {
    const svg = renderPosterSvg({ ...base, name: 'Ромео & <Джульетта> "2"', genreName: '<b>' });
    expect(svg).toContain('Ромео &amp; &lt;Джульетта&gt; &quot;2&quot;');
    expect(svg).not.toContain('<Джульетта>');
    expect(svg).not.toContain('<b>');
  });

  it("keeps every demo show's name inside the poster's 40 px margins with the widest bold faces", () => {
    // A browser draws the poster with its own 'serif' and 'sans-serif': on Linux the full-width
    // DejaVu faces, wider than the link preview's condensed ones. Their real glyphs, laid out by resvg.
    const require = createRequire(import.meta.url);
    const font = {
      fontFiles: ['DejaVuSans-Bold.ttf', 'DejaVuSerif-Bold.ttf'].map((f) =>
        require.resolve(`dejavu-fonts-ttf/ttf/${f}`),
      ),
      loadSystemFonts: false,
    };
    const names = [...new Set([...SHOWS.map((s) => s.name), 'ЩЕЛКУНЧИК И МЫШИНЫЙ КОРОЛЬ'])];
    const overflowing: string[] = [];
    for (const name of names) {
      for (const genreSlugs of [
        ['drama', 'teatr'],
        ['rok', 'kontserty'],
      ]) {
        const poster = renderPosterSvg({ ...base, name, genreSlugs });
        // The title alone (its <text> element), in a frame as wide as the poster.
        const title = poster.match(
          /<text font-family="[^"]*" font-weight="700" font-size="\d+" fill="#fff">[\s\S]*?<\/text>/,
        )?.[0];
        expect(title, name).toBeDefined();
        const faced = title!
          .replace('font-family="serif"', 'font-family="DejaVu Serif"')
          .replace('font-family="sans-serif"', 'font-family="DejaVu Sans"');
        const box = new Resvg(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900">${faced}</svg>`, {
          font,
        }).getBBox();
        expect(box, name).toBeDefined();
        if (box!.x < 40 - 1 || box!.x + box!.width > 600 - 40)
          overflowing.push(`${name}: ${Math.round(box!.x + box!.width)}`);
      }
    }
    expect(overflowing).toEqual([]);
  });

  it('wraps long names over a few lines that fit the poster', () => {
    const long = 'Безумный день, или Женитьба Фигаро: комедия в пяти действиях с прологом и эпилогом';
    const { size, lines } = layoutTitle(long);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.length).toBeLessThanOrEqual(5);
    for (const line of lines) expect(titleWidth(line, size)).toBeLessThanOrEqual(520);
    expect(layoutTitle('Гроза')).toEqual({ size: 72, lines: ['Гроза'] });
    const svg = renderPosterSvg({ ...base, name: long });
    expect(svg.match(/<tspan /g)?.length).toBe(lines.length);
  });
});

describe('views from the seats', () => {
  /** Rows 1–10 of five seats each, 26 units apart, the stage above them. */
  const section = Array.from({ length: 50 }, (_, i) => ({
    id: 100 + i,
    row: String(Math.floor(i / 5) + 1),
    x: 400 + (i % 5) * 22,
    y: 200 + Math.floor(i / 5) * 26,
  }));
  const stage = [300, 30, 600, 80] as const;

  it('bands the rows of a section four by four in natural row order, each named by its lowest place id', () => {
    const bands = rowBands([...section].reverse());
    expect(bands.map((b) => b.rows)).toEqual([
      ['1', '4'],
      ['5', '8'],
      ['9', '10'],
    ]);
    expect(bands.map((b) => b.viewId)).toEqual([100, 120, 140]);
    expect(bands.map((b) => b.places.length)).toEqual([20, 20, 10]);
  });

  it('draws the stage smaller from further back, the same for the same band, and names the band', () => {
    const [near = '', middle = '', far = ''] = rowBands(section).map((band) =>
      renderSeatView({ stage, sectionName: 'Партер', band }),
    );
    expect(renderSeatView({ stage, sectionName: 'Партер', band: rowBands(section)[0]! })).toBe(near);
    expect(new Set([near, middle, far]).size).toBe(3);
    expect(near).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 800 500"/);
    expect(near).toContain('<title>Вид на сцену: Партер, ряды 1–4</title>');
    expect(far).toContain('Партер, ряды 9–10');
    expect(near).not.toMatch(/href=|url\((?!#)|@import|<image|<script/);
    // The back wall of the stage (the scenery) spans fewer pixels from further back.
    const sceneWidth = (svg: string) => {
      const xs = /<polygon points="([^"]*)" fill="url\(#scene\)"/
        .exec(svg)![1]!
        .split(' ')
        .map((pt) => Number(pt.split(',')[0]));
      return Math.max(...xs) - Math.min(...xs);
    };
    expect(sceneWidth(near)).toBeGreaterThan(sceneWidth(middle));
    expect(sceneWidth(middle)).toBeGreaterThan(sceneWidth(far));
    expect(renderSeatView({ stage, sectionName: '<Ложа & "1">', band: rowBands(section)[0]! })).toContain(
      '&lt;Ложа &amp; &quot;1&quot;&gt;',
    );
  });
});

/** A guest's view of a hall page on the site's own origin. */
const viewer = {
  isGuest: true,
  isIframe: false,
  currentPerformanceBasketTicketCount: 0,
  ticketInBasketOfOtherPerformances: 0,
  origin: 'https://www.partera.example',
};

describeEachDatabase('media routes', (get) => {
  let app: FastifyInstance;
  let show: { id: number; name: string; age_mark: number };
  let hall: { id: number; svg: string };

  beforeAll(async () => {
    const { db } = get();
    await seedDemo(db, { now: NOW, scale: 'small' });
    app = await buildApp({ db, clock: systemClock, config: loadConfig({}) });
    show = (await db.query<typeof show>('SELECT id, name, age_mark FROM shows ORDER BY id LIMIT 1')).rows[0]!;
    hall = (await db.query<typeof hall>(`SELECT id, svg FROM halls WHERE kind = 'theatre'`)).rows[0]!;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('serves a show poster as cacheable SVG without a session cookie', async () => {
    const res = await app.inject({ method: 'GET', url: `/media/poster/${show.id}.svg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers.etag).toMatch(/^W\/"p[\w-]+"$/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body).toMatch(/^<svg /);
    expect(res.body).toContain(show.name);
    expect(res.body).toContain(`>${show.age_mark}+</text>`);

    const again = await app.inject({ method: 'GET', url: `/media/poster/${show.id}.svg` });
    expect(again.headers.etag).toBe(res.headers.etag);
    const other = await app.inject({ method: 'GET', url: `/media/poster/${show.id + 1}.svg` });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(res.headers.etag);
  });

  it('answers 304 when the poster has not changed', async () => {
    const first = await app.inject({ method: 'GET', url: `/media/poster/${show.id}.svg` });
    const res = await app.inject({
      method: 'GET',
      url: `/media/poster/${show.id}.svg`,
      headers: { 'if-none-match': `W/"nope", ${first.headers.etag}` },
    });
    expect(res.statusCode).toBe(304);
    expect(res.body).toBe('');
    expect(res.headers.etag).toBe(first.headers.etag);
  });

  it('serves the stored hall plan, revalidates it and compresses it on request', async () => {
    const res = await app.inject({ method: 'GET', url: `/media/hall/${hall.id}.svg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    // Origin too: a registered partner's page reads the plan across origins (routes/widget-host.ts).
    expect(res.headers.vary).toBe('Accept-Encoding, Origin');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body).toBe(hall.svg);
    expect(res.body).toContain(`data-hall-id="${hall.id}"`);
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^W\/"h[0-9a-f]{32}"$/);

    const same = await app.inject({
      method: 'GET',
      url: `/media/hall/${hall.id}.svg`,
      headers: { 'if-none-match': etag },
    });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');

    const stale = await app.inject({
      method: 'GET',
      url: `/media/hall/${hall.id}.svg`,
      headers: { 'if-none-match': 'W/"h00000000000000000000000000000000"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(hall.svg);

    const zipped = await app.inject({
      method: 'GET',
      url: `/media/hall/${hall.id}.svg`,
      headers: { 'accept-encoding': 'br;q=1, gzip;q=0.8' },
    });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(hall.svg.length / 3);
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(hall.svg);
    const refused = await app.inject({
      method: 'GET',
      url: `/media/hall/${hall.id}.svg`,
      headers: { 'accept-encoding': 'gzip;q=0' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(hall.svg);
  });

  it('gives every theatre place the view of its band, served as cacheable SVG, and the hall page lists them', async () => {
    const { db } = get();
    const places = await db.query<{ id: number; section: string; row_label: string; photo_url: string | null }>(
      `SELECT p.id, s.name AS section, p.row_label, p.photo_url FROM places p JOIN sections s ON s.id = p.section_id
        WHERE p.hall_id = $1 ORDER BY p.id`,
      [hall.id],
    );
    expect(places.rows.length).toBeGreaterThan(700);
    for (const p of places.rows) expect(p.photo_url, `place ${p.id}`).toMatch(/^\/media\/seat-view\/\d+\.svg$/);
    const stalls = places.rows.filter((p) => p.section === 'Партер');
    const urlOf = (row: string) => new Set(stalls.filter((p) => p.row_label === row).map((p) => p.photo_url));
    // Rows 1–4 share one view, rows 5–8 another.
    expect(urlOf('1').size).toBe(1);
    expect(urlOf('4')).toEqual(urlOf('1'));
    expect(urlOf('5')).not.toEqual(urlOf('1'));
    expect(urlOf('8')).toEqual(urlOf('5'));
    // No other hall of the small seed has a stage to look at.
    const others = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM places WHERE hall_id <> $1 AND photo_url IS NOT NULL',
      [hall.id],
    );
    expect(others.rows[0]!.n).toBe(0);

    const url = [...urlOf('5')][0]!;
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body).toContain('<title>Вид на сцену: Партер, ряды 5–8</title>');
    const same = await app.inject({ method: 'GET', url, headers: { 'if-none-match': res.headers.etag as string } });
    expect(same.statusCode).toBe(304);
    // Any place of the band answers its band's view.
    const member = stalls.find((p) => p.row_label === '7')!;
    expect((await app.inject({ method: 'GET', url: `/media/seat-view/${member.id}.svg` })).body).toBe(res.body);

    // The hall page turns the photos on: every place with its view, absolute for partner pages.
    const performance = await db.query<{ id: number }>('SELECT id FROM performances WHERE hall_id = $1 LIMIT 1', [
      hall.id,
    ]);
    const page = await getHallPage(db, performance.rows[0]!.id, NOW, viewer);
    const images = page!.config.hallPlaceImages!;
    expect(images).toHaveLength(places.rows.length);
    expect(images).toContainEqual({ place_id: member.id, image: `https://www.partera.example${url}` });
  });

  it('sells the loft without a plan by sections: the list view with its three standing areas', async () => {
    const { db } = get();
    const gig = await db.query<{ id: number; svg: string | null; places: number }>(
      `SELECT pf.id, h.svg, (SELECT count(*)::int FROM places p WHERE p.hall_id = h.id) AS places
         FROM performances pf JOIN shows s ON s.id = pf.show_id JOIN halls h ON h.id = pf.hall_id WHERE s.name = $1`,
      [SECTIONS_ONLY_SHOW],
    );
    expect(gig.rows).toHaveLength(1);
    expect(gig.rows[0]).toMatchObject({ svg: null, places: 0 });
    const page = await getHallPage(db, gig.rows[0]!.id, NOW, viewer);
    expect(page?.config).toMatchObject({ isOnlySections: true, hallPlaceImages: [] });
    const map = await app.inject({ method: 'GET', url: `/hallview/map/${gig.rows[0]!.id}/?json=1` });
    const sections: Array<{ sectionName: string; price: number; seatlessSection: boolean }> = map.json().sections;
    expect(sections.map((x) => x.sectionName)).toEqual(['У сцены', 'Танцпол', 'Антресоль']);
    expect(sections.every((x) => x.seatlessSection)).toBe(true);
    expect(new Set(sections.map((x) => x.price)).size).toBe(3);
    // Every other performance of the small seed has a plan.
    const others = await db.query<{ id: number }>(
      'SELECT pf.id FROM performances pf JOIN shows s ON s.id = pf.show_id WHERE s.name <> $1',
      [SECTIONS_ONLY_SHOW],
    );
    for (const { id } of others.rows)
      expect((await getHallPage(db, id, NOW, viewer))?.config.isOnlySections).toBe(false);
  });

  it('has no view for a place of a hall without a stage', async () => {
    const { db } = get();
    const club = await db.query<{ id: number }>(
      `SELECT p.id FROM places p JOIN halls h ON h.id = p.hall_id WHERE h.kind = 'club' LIMIT 1`,
    );
    const res = await app.inject({ method: 'GET', url: `/media/seat-view/${club.rows[0]!.id}.svg` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'Вид с этого места не найден' });
  });

  it('answers HEAD with the headers only', async () => {
    const res = await app.inject({ method: 'HEAD', url: `/media/hall/${hall.id}.svg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.body).toBe('');
  });

  it('answers 404 for ids that do not exist', async () => {
    for (const url of [
      '/media/poster/999999.svg',
      '/media/hall/999999.svg',
      '/media/hall/2147483647.svg',
      '/media/seat-view/2147483647.svg',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: expect.stringMatching(/не найден/) });
      expect(res.headers['cache-control']).toBeUndefined();
    }
  });

  it('answers 400, never 500, for malformed ids', async () => {
    for (const file of [
      'abc.svg',
      '12.png',
      '12',
      '0.svg',
      '-1.svg',
      '1.5.svg',
      '99999999999.svg',
      '2147483648.svg',
      '%20.svg',
      '12.svg.svg',
    ]) {
      for (const kind of ['poster', 'hall', 'seat-view']) {
        const res = await app.inject({ method: 'GET', url: `/media/${kind}/${file}` });
        expect(res.statusCode, `${kind}/${file}`).toBe(400);
        expect(res.json().error).toBe('bad_request');
      }
    }
  });
});
