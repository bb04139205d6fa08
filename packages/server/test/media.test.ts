import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { systemClock } from '../src/clock.js';
import { loadConfig } from '../src/config.js';
import { layoutTitle, renderPosterSvg } from '../src/media/poster.js';
import { seedDemo } from '../src/seed/index.js';
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
    expect(svg).toContain('>Вишнёвый сад</tspan>');
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

  it('wraps long names over a few lines that fit the poster', () => {
    const long = 'Безумный день, или Женитьба Фигаро: комедия в пяти действиях с прологом и эпилогом';
    const { size, lines } = layoutTitle(long);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.length).toBeLessThanOrEqual(5);
    for (const line of lines) expect(line.length * size * 0.6).toBeLessThanOrEqual(520);
    expect(layoutTitle('Гроза')).toEqual({ size: 72, lines: ['Гроза'] });
    const svg = renderPosterSvg({ ...base, name: long });
    expect(svg.match(/<tspan /g)?.length).toBe(lines.length);
  });
});

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

  it('answers HEAD with the headers only', async () => {
    const res = await app.inject({ method: 'HEAD', url: `/media/hall/${hall.id}.svg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.body).toBe('');
  });

  it('answers 404 for ids that do not exist', async () => {
    for (const url of ['/media/poster/999999.svg', '/media/hall/999999.svg', '/media/hall/2147483647.svg']) {
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
      for (const kind of ['poster', 'hall']) {
        const res = await app.inject({ method: 'GET', url: `/media/${kind}/${file}` });
        expect(res.statusCode, `${kind}/${file}`).toBe(400);
        expect(res.json().error).toBe('bad_request');
      }
    }
  });
});
