// @vitest-environment happy-dom
/**
 * 'Показать ещё' on the main page (site-browsing-account.md 2.4: the popular grid shows 24 shows
 * and the button appends the next 24 from GET /show/jsGetPopular/?offset=n until there are no
 * more): the page's own script (src/client/home/more.ts) on the page the server renders, its calls
 * answered by the same server (fetch goes to app.inject), over 30 shows. The browser tests'
 * catalogue has fewer than 24 shows, so the button never shows there.
 */
import path from 'node:path';
import { POPULAR_PAGE_SIZE } from '@partera/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadMore } from '../src/client/home/more.js';
import { loadAssets } from '../src/server/assets.js';
import { createSitePages } from '../src/server/plugin.js';
import { openSiteApp, type SiteApp } from './site-app.js';

const NOW = new Date('2030-03-01T12:00:00Z');
const SHOWS = 30;

/** 30 shows in Moscow, each with one performance, rated so that the popular order is by id. */
const FIXTURE = `
INSERT INTO cities (id, subdomain, name, support_phone) VALUES (1, 'www', 'Москва', '+7 495 111-11-11');
INSERT INTO genres (id, name, slug) VALUES (1, 'Театр', 'teatr');
INSERT INTO buildings (id, city_id, name, slug, address) VALUES (1, 1, 'Малый театр', 'maly', 'Театральная пл., 1');
INSERT INTO halls (id, building_id, name, kind) VALUES (1, 1, 'Основная сцена', 'theatre');
INSERT INTO shows (id, slug, name, genre_id, building_id, age_mark, description, rating, votes)
  SELECT n, 'show-' || n, 'Спектакль ' || n, 1, 1, 12, '', 5 - n * 0.1, 10 FROM generate_series(1, ${SHOWS}) AS n;
INSERT INTO performances (id, show_id, hall_id, starts_at)
  SELECT n, n, 1, timestamptz '2030-03-10T16:00:00Z' + n * interval '1 hour' FROM generate_series(1, ${SHOWS}) AS n
`;

const cardIds = () =>
  [...document.querySelectorAll<HTMLElement>('[data-poster-grid] [data-show-id]')].map((c) => Number(c.dataset.showId));

describe("the main page's 'Показать ещё'", () => {
  let site: SiteApp;
  const asked: string[] = [];

  beforeAll(async () => {
    site = await openSiteApp({
      sitePages: createSitePages({ assets: loadAssets(path.join(import.meta.dirname, 'no-build')) }),
      sql: FIXTURE,
      now: NOW,
    });
    // The page's calls reach the server as the browser would send them.
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      asked.push(url);
      const res = await site.app.inject({
        method: 'GET',
        url,
        headers: { host: 'localhost', ...(init?.headers as Record<string, string>) },
      });
      return new Response(res.body, {
        status: res.statusCode,
        headers: { 'content-type': res.headers['content-type'] as string },
      });
    });
  }, 120_000);
  afterAll(async () => {
    vi.unstubAllGlobals();
    await site?.close();
  });

  it('appends the next shows from the server to the grid, then goes when there are no more', async () => {
    const page = await site.get('/', { host: 'localhost' });
    expect(page.statusCode).toBe(200);
    document.body.innerHTML = /<body[^>]*>([\s\S]*)<\/body>/.exec(page.body)?.[1] ?? '';
    const grid = document.querySelector<HTMLElement>('[data-poster-grid]');
    const button = document.querySelector<HTMLAnchorElement>('[data-more]');
    expect(grid, 'the grid').not.toBeNull();
    expect(button?.textContent).toContain('Показать ещё');
    // Without scripts the button is a link to the next page of the grid.
    expect(button?.getAttribute('href')).toBe('/?page=2');
    const first = cardIds();
    expect(first).toHaveLength(POPULAR_PAGE_SIZE);

    await loadMore(button!, grid!);

    expect(asked).toEqual([`/show/jsGetPopular/?offset=${POPULAR_PAGE_SIZE}&city=${grid!.dataset.city ?? ''}`]);
    const all = cardIds();
    expect(all).toHaveLength(SHOWS);
    expect(new Set(all).size).toBe(SHOWS);
    expect(all.slice(0, POPULAR_PAGE_SIZE)).toEqual(first);
    // Fewer than a page came: there are no more, and the button is gone.
    expect(document.querySelector('[data-more]')).toBeNull();
    // The page-2 fragment is the server's: the same cards the no-script page 2 lists.
    const page2 = await site.get('/?page=2', { host: 'localhost' });
    const ids = [...page2.body.matchAll(/data-show-id="(\d+)"/g)].map((m) => Number(m[1]));
    expect(new Set(ids)).toEqual(new Set(all.slice(POPULAR_PAGE_SIZE)));
  });
});
