import path from 'node:path';
import { buildApp, type FastifyInstance, loadConfig } from '@partera/server';
import { seedDemo } from '@partera/server/demo';
import { afterAll, beforeAll, expect, it } from 'vitest';
// The server suite's databases: PGlite, and PostgreSQL when DATABASE_URL is set (where these
// inputs used to fail with the database's own error text).
import { describeEachDatabase } from '../../server/test/support/databases.js';
import { loadAssets } from '../src/server/assets.js';
import { createSitePages } from '../src/server/plugin.js';

const NOW = new Date('2030-03-01T12:00:00Z');

describeEachDatabase('finding 5: server errors on bad input — site pages', (get) => {
  let app: FastifyInstance;
  let showSlug: string;
  let performanceId: number;

  beforeAll(async () => {
    const { db } = get();
    await seedDemo(db, { now: NOW, scale: 'small' });
    const row = await db.query<{ slug: string; id: number }>(
      'SELECT s.slug, p.id FROM performances p JOIN shows s ON s.id = p.show_id ORDER BY p.id LIMIT 1',
    );
    showSlug = row.rows[0]!.slug;
    performanceId = row.rows[0]!.id;
    const config = { ...loadConfig({ NODE_ENV: 'test', SECRET: 'test-secret' }), databaseUrl: undefined };
    const sitePages = createSitePages({
      assets: loadAssets(path.join(import.meta.dirname, 'no-build')),
      partnerScripts: new Map(),
    });
    app = await buildApp({ db, clock: { now: () => NOW }, config }, { plugins: [sitePages] });
  });
  afterAll(async () => {
    await app?.close();
  });

  const page = (url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it('answers the 404 page for a page parameter no page can have, never a 500', async () => {
    expect((await page(`/show/${showSlug}/`)).statusCode).toBe(200);
    expect((await page(`/performance/${performanceId}/`)).statusCode).toBe(200);
    for (const url of [
      '/show/%00/',
      `/show/${'x'.repeat(199)}%01/`,
      '/performance/99999999999/',
      '/performance/2147483648/',
      '/performance/0/',
      '/performance/1e3/',
      '/order/complete/?orderId=1&token=%00',
      '/order/complete/?orderId=99999999999&token=abc',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('Страница не найдена');
      expect(res.body, url).not.toMatch(/out of range|invalid byte sequence|0x00/);
    }
    // An impossible package id in the query is ignored, as an absent one is.
    const packaged = await page(`/performance/${performanceId}/?packageId=99999999999`);
    expect(packaged.statusCode).toBe(200);
  });

  it('a page whose query fails answers the error page, telling nothing of the error', async () => {
    const { db } = get();
    await db.query('ALTER TABLE shows RENAME TO shows_moved_away');
    try {
      // A show page not read yet: one read before would be served from the page cache.
      const res = await page(`/show/${showSlug}-not-read-yet/`);
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).not.toMatch(/shows|relation|does not exist/);
    } finally {
      await db.query('ALTER TABLE shows_moved_away RENAME TO shows');
    }
  });
});
