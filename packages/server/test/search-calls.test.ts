import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../src/clock.js';
import { seedDemo } from '../src/seed/index.js';
import { changeFeedOf } from '../src/services/catalogue/changes.js';
import { countText } from '../src/services/search/index.js';
import { type Buyer, buildTestApp, buyer } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';
import { countingStatements } from './support/statements.js';

/**
 * Search over the full demo catalogue (decision 0037), on each database: the quality of what is
 * found first (Russian stems, typos, wrong layout, transliteration), both suggestion variants,
 * the count calls of the filters, and what a forged or odd request gets.
 */
describeEachDatabase('search calls', (get) => {
  let app: FastifyInstance;
  let clock: ManualClock;
  let guest: Buyer;

  beforeAll(async () => {
    ({ app, clock } = await buildTestApp(get().db));
    await seedDemo(get().db, { now: clock.now(), scale: 'full' });
    guest = buyer(app);
  }, 240_000);
  afterAll(async () => {
    await app?.close();
  });

  const grouped = async (text: string, extra: Record<string, string> = {}) => {
    const r = await guest.post('/search/autocompleteMore/', { text, ...extra });
    expect(r.status, r.body).toBe(200);
    return r.json();
  };
  const firstShow = async (text: string) => (await grouped(text)).performance.result[0]?.show_name;

  /** The queries of the issue and ten more, with the show each must find first. */
  const FIRST_SHOW: Array<[string, string]> = [
    ['щелкунчек', 'Ледовое шоу «Щелкунчик»'],
    ['ogthtlbdb;yrb', 'Передвижники: от Перова до Репина'],
    ['peredvizhniki', 'Передвижники: от Перова до Репина'],
    ['вишневый сат', 'Вишнёвый сад'],
    ['ревизор', 'Ревизор'],
    ['айвазовски', 'Айвазовский. Море и свет'],
    ['двенадцать стулев', 'Двенадцать стульев'],
    ['мастер и маргарита', 'Мастер и Маргарита'],
    ['ktnexfz vsim', 'Летучая мышь'],
    ['snezhnaya koroleva', 'Снежная королева'],
    ['импресионисты', 'Импрессионисты: свет и цвет'],
    ['ЗОЛУШКА', 'Золушка'],
    ['рахманинов', 'Рахманинов. Второй фортепианный концерт'],
    ['хоккей', 'Хоккей. «Северные барсы» — «Речные волки»'],
  ];

  it.each(FIRST_SHOW)('%s finds %s first', async (text, name) => {
    expect(await firstShow(text)).toBe(name);
  });

  it("finds 'спектакль' for 'спектакли' (Russian stems): the genre tag first, then shows described so", async () => {
    const answer = await grouped('спектакли');
    expect(answer.genres.result[0]).toMatchObject({ genre_name: 'Спектакли для детей', genre_is_parent: 0 });
    expect(answer.performance.count).toBeGreaterThan(3);
    const names = answer.performance.result.map((s: { show_name: string }) => s.show_name);
    const { rows } = await get().db.query<{ name: string; description: string }>(
      'SELECT name, description FROM shows WHERE name = ANY($1::text[])',
      [names],
    );
    for (const row of rows) expect(row.description.toLowerCase()).toMatch(/спектакл/);
  });

  it('fills every field of the grouped answer from the catalogue', async () => {
    const answer = await grouped('передвижники');
    expect(answer.count).toBe(answer.performance.count + answer.building.count + answer.person.count);
    const show = answer.performance.result[0];
    const { rows } = await get().db.query<{ id: number; slug: string; rating: number; genre: string }>(
      `SELECT s.id, s.slug, s.rating::float8 AS rating, g.name AS genre FROM shows s JOIN genres g ON g.id = s.genre_id
        WHERE s.name = $1`,
      [show.show_name],
    );
    const row = rows[0]!;
    expect(show).toMatchObject({
      show_url: `/show/${row.slug}/`,
      image: `/media/poster/${row.id}.svg`,
      genre_name: row.genre,
      building_name: 'Галерея «Арт-квартал»',
      client_rating: Math.round(row.rating * 10) / 10,
    });
    expect(show.free_tickets).toBeGreaterThan(0);
    expect(show.min_price).toBeGreaterThan(0);
    expect(show.date.day).toMatch(/^\d{1,2} [а-я]+$/);
    expect(show.date.time).toMatch(/^\d{2}:\d{2}$/);
  });

  it('finds venues (an organizer type is labelled so), persons with their shows, genre tags', async () => {
    const venues = await grouped('арт квартал');
    expect(venues.building.result[0]).toMatchObject({ name: 'Галерея «Арт-квартал»', type: expect.any(String) });
    expect(venues.building.result[0].url).toMatch(/^\/search\/performance\/\?bid=\d+$/);
    const persons = await grouped('ветрова');
    expect(persons.person.result[0]).toMatchObject({
      name: 'Полина Ветрова',
      full_url: `/search/person/?text=${encodeURIComponent('Полина Ветрова')}`,
      shows: [{ show_name: 'Полина Ветрова. Большой сольный концерт', show_url: expect.stringMatching(/^\/show\//) }],
    });
    const genres = await grouped('джаз');
    expect(genres.genres.result[0]).toMatchObject({ genre_name: 'Джаз', genre_is_parent: 0 });
    const parent = await grouped('концерты');
    expect(parent.genres.result[0]).toMatchObject({ genre_name: 'Концерты', genre_is_parent: 1 });
  });

  it('older variant: labels with their source, each kind in turn; index narrows to one kind', async () => {
    const r = await guest.post('/search/autocomplete/', { text: 'антракт' });
    const answer = r.json();
    expect(answer.items).toContainEqual({ source: 'organizer', label: 'Продюсерский центр «Антракт»' });
    expect(answer.count).toBeGreaterThanOrEqual(answer.items.length);
    expect(answer.items.length).toBeLessThanOrEqual(10);
    const only = (await guest.post('/search/autocomplete/', { text: 'антракт', index: 'organizer' })).json();
    expect(only.items).toEqual([{ source: 'organizer', label: 'Продюсерский центр «Антракт»' }]);
    const venue = (await guest.post('/search/autocomplete/', { text: 'новая сцена', index: 'building' })).json();
    expect(venue.items[0]).toEqual({ source: 'building', label: 'Драматический театр «Новая сцена»' });
  });

  it('spec 5: two characters find nothing unless they are two digits; nothing found is an empty answer', async () => {
    expect(await grouped('ще')).toMatchObject({ count: 0, performance: { count: 0, result: [] } });
    expect((await guest.post('/search/autocomplete/', { text: 'ще' })).json()).toEqual({ count: 0, items: [] });
    expect((await grouped('25')).performance.result.map((s: { show_name: string }) => s.show_name)).toContain(
      'Группа «Северный ветер». 25 лет на сцене',
    );
    expect(await grouped('ъъъъъъъъ')).toMatchObject({ count: 0, genres: { result: [] } });
  });

  it('a city narrows the search to its venues; an unknown city searches all', async () => {
    const all = await grouped('концерт');
    const spb = await grouped('концерт', { city: 'spb' });
    const made = await grouped('концерт', { city: 'nowhere' });
    expect(spb.performance.count).toBeLessThan(all.performance.count);
    expect(made.performance.count).toBe(all.performance.count);
    const { rows } = await get().db.query<{ name: string }>(
      "SELECT b.name FROM buildings b JOIN cities c ON c.id = b.city_id WHERE c.subdomain = 'spb'",
    );
    for (const s of spb.performance.result) expect(rows.map((r) => r.name)).toContain(s.building_name);
  });

  it('count calls: the tooltip text of each results page, following the filters', async () => {
    const count = async (path: string, q: string) => {
      const r = await guest.get(`${path}?${q}`);
      expect(r.status, r.body).toBe(200);
      return r.body;
    };
    const all = await count('/search/performanceCount/', 'text=');
    const n = Number(/^Найдено: ([\d\s]+) событ/.exec(all.replace(/\u00a0/g, ' '))?.[1]?.replace(/\s/g, ''));
    const { rows } = await get().db.query<{ n: number }>(
      `SELECT count(DISTINCT show_id)::int AS n FROM performances WHERE starts_at > $1 AND sale_state <> 'closed'`,
      [clock.now()],
    );
    expect(n).toBe(rows[0]!.n);
    const genre = await get().db.query<{ id: number }>("SELECT id FROM genres WHERE slug = 'zhivopis'");
    const painting = await get().db.query<{ n: number }>(
      `SELECT count(DISTINCT s.id)::int AS n FROM shows s JOIN performances p ON p.show_id = s.id
        WHERE s.genre_id = $1 AND p.starts_at > $2 AND p.sale_state <> 'closed'`,
      [genre.rows[0]!.id, clock.now()],
    );
    expect(painting.rows[0]!.n).toBe(3);
    expect(await count('/search/performanceCount/', `sg=${genre.rows[0]!.id}`)).toBe('Найдено: 3 события');
    expect(await count('/search/performanceCount/', 'text=щелкунчек')).toBe('Найдено: 1 событие');
    expect(await count('/search/performanceCount/', 'text=ъъъъъъ')).toBe('Ничего не найдено');
    expect(await count('/search/placeCount/', 'text=арт%20квартал')).toBe('Найдено: 1 площадка');
    // Without a text every venue with shows ahead counts (the filters alone).
    const venues = await get().db.query<{ n: number }>(
      `SELECT count(DISTINCT h.building_id)::int AS n FROM performances p JOIN halls h ON h.id = p.hall_id
        WHERE p.starts_at > $1 AND p.sale_state <> 'closed'`,
      [clock.now()],
    );
    expect(await count('/search/placeCount/', 'text=')).toBe(countText('place', venues.rows[0]!.n));
    expect(await count('/search/personCount/', 'index=organizer')).toMatch(/^Найдено: \d+ организатор/);
    expect(await count('/search/personCount/', 'text=ветрова')).toBe('Найдено: 1 персона');
    expect(await count('/search/personCount/', 'text=антракт&index=organizer')).toBe('Найдено: 1 организатор');
  });

  it('the date range (mnd, mxd as dd.mm.yyyy) and several genres joined with ":" narrow the count', async () => {
    const day = (offset: number) => {
      const d = new Date(clock.now().getTime() + offset * 86_400_000);
      return d.toLocaleDateString('ru-RU', {
        timeZone: 'Europe/Moscow',
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
      });
    };
    const count = async (q: string) =>
      Number(/\d+/.exec((await guest.get(`/search/performanceCount/?${q}`)).body.replace(/\s/g, ''))?.[0] ?? 0);
    const week = await count(`mnd=${day(0)}&mxd=${day(6)}`);
    const all = await count('');
    expect(week).toBeGreaterThan(0);
    expect(week).toBeLessThan(all);
    // mnd after mxd is read the other way round; a date that does not exist is no filter.
    expect(await count(`mnd=${day(6)}&mxd=${day(0)}`)).toBe(week);
    expect(await count('mnd=31.02.2030')).toBe(all);
    const g = await get().db.query<{ id: number; slug: string }>(
      "SELECT id, slug FROM genres WHERE slug IN ('teatr', 'sport') ORDER BY slug",
    );
    const [sport, teatr] = g.rows.map((r) => r.id);
    const both = await count(`g=${sport}:${teatr}`);
    expect(both).toBe((await count(`g=${sport}`)) + (await count(`g=${teatr}`)));
    expect(await count(`g=${sport}:abc:-1`)).toBe(await count(`g=${sport}`));
  });

  it('results pages: each kind answers a page without a text, 20 at most, the total beyond it', async () => {
    const { searchOf, parseFilters } = await import('../src/services/search/index.js');
    const search = searchOf(app.deps);
    for (const kind of ['performance', 'place', 'person', 'organizer'] as const) {
      const page = await search.results(kind, parseFilters({ text: '' }), null);
      expect(page.total, kind).toBeGreaterThan(0);
      expect(page.items.length, kind).toBe(Math.min(page.total, 20));
      expect(page.pages, kind).toBe(Math.ceil(page.total / 20));
    }
    const beyond = await search.results('performance', parseFilters({ page: 50 }), null);
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBeGreaterThan(20);
  });

  it('keeps answers in memory until a performance they show changes', async () => {
    const search = (await import('../src/services/search/index.js')).searchOf(app.deps);
    await grouped('айвазовский');
    const before = search.cache.counts();
    await grouped('айвазовский');
    expect(search.cache.counts().reads).toBe(before.reads);
    expect(search.cache.counts().hits).toBe(before.hits + 1);
    // Another show's change keeps it; a change of the show's performances drops it.
    const ids = async (name: string) =>
      (
        await get().db.query<{ id: number }>(
          'SELECT p.id FROM performances p JOIN shows s ON s.id = p.show_id WHERE s.name = $1',
          [name],
        )
      ).rows.map((r) => r.id);
    changeFeedOf(get().db).availabilityChanged(await ids('Ревизор'));
    await grouped('айвазовский');
    expect(search.cache.counts().reads).toBe(before.reads);
    changeFeedOf(get().db).availabilityChanged(await ids('Айвазовский. Море и свет'));
    await grouped('айвазовский');
    expect(search.cache.counts().reads).toBe(before.reads + 1);
  });

  it('a text never asked costs one statement for its matches, and one for numbers not kept: what is ahead is kept', async () => {
    const { searchOf } = await import('../src/services/search/index.js');
    const c = countingStatements(get().db);
    // This search hears only its own changes: another test's, notified a moment later on
    // PostgreSQL, would drop the numbers it keeps at a time of its own.
    const db = { ...c.db, listen: undefined };
    const search = searchOf({ db, clock });
    const first = await search.grouped('ревизор', 'all', null);
    c.seen.length = 0;
    const answer = await search.grouped('ревизорр', 'all', null);
    expect(answer.performance.result[0]?.show_name).toBe('Ревизор');
    // The same shows as the text before: their free places and prices are kept.
    expect(c.seen).toHaveLength(1);
    expect(c.seen[0]).toContain('search_matches');
    // A change of a shown performance drops its numbers: the next new text reads them again.
    const performances = await get().db.query<{ id: number }>(
      'SELECT p.id FROM performances p JOIN shows s ON s.id = p.show_id WHERE s.name = $1',
      ['Ревизор'],
    );
    changeFeedOf(db).availabilityChanged(performances.rows.map((r) => r.id));
    c.seen.length = 0;
    const again = await search.grouped('ревизоррр', 'all', null);
    expect(c.seen).toHaveLength(2);
    expect(c.seen[0]).toContain('search_matches');
    expect(c.seen[1]).toContain('place_counts');
    expect(again.performance.result[0]?.free_tickets).toBe(first.performance.result[0]?.free_tickets);
  });

  it('a cancelled performance leaves the next search at once, whatever its text', async () => {
    const { searchOf, parseFilters } = await import('../src/services/search/index.js');
    const { cancelPerformance } = await import('../src/services/catalogue/performance-changes.js');
    const search = searchOf(app.deps);
    const next = async (text: string) =>
      (await search.results('performance', parseFilters({ text }), null)).items.find((i) => i.name === 'Ревизор')
        ?.performanceId;
    const before = await next('ревизор');
    expect(before).toBeDefined();
    expect((await cancelPerformance(app.deps, before!)).ok).toBe(true);
    expect(await next('ревизор')).not.toBe(before);
    expect(await next('ревизо')).not.toBe(before);
  });

  it('ranks by relevance plus the nearness of the next date: a nearer date wins a tie, a point of relevance wins any date', async () => {
    const { loadAhead, nextPerformance } = await import('../src/services/search/ahead.js');
    const { rankShows } = await import('../src/services/search/shows.js');
    const now = clock.now();
    const filters = { cityId: null, genres: [], subgenres: [], from: null, till: null, venueId: null };
    const ahead = await loadAhead(get().db, filters, now);
    // The show playing soonest and the one whose next date is furthest ahead (months apart).
    const byNext = [...ahead.shows.values()]
      .map((show) => ({ id: show.id, at: nextPerformance(show, now)?.startsAt.getTime() ?? Number.NaN }))
      .filter((x) => !Number.isNaN(x.at))
      .sort((a, b) => a.at - b.at);
    const near = byNext[0]!;
    const far = byNext[byNext.length - 1]!;
    expect(far.at - near.at).toBeGreaterThan(60 * 86_400_000);
    const ranked = async (relevance: Array<[number, number]>) => {
      const none = new Map<number, number>();
      const matches = { show: new Map(relevance), building: none, person: none, organizer: none, genre: none };
      return (await rankShows(get().db, { ahead, matches, now }, 10, 0)).items.map((i) => i.showId);
    };
    // Shows the text does not match are left out; equally relevant ones come by their next date.
    expect(
      await ranked([
        [far.id, 1],
        [near.id, 1],
      ]),
    ).toEqual([near.id, far.id]);
    // The date adds at most 0.5: a whole point of relevance comes first, a tenth does not.
    expect(
      await ranked([
        [far.id, 2],
        [near.id, 1],
      ]),
    ).toEqual([far.id, near.id]);
    expect(
      await ranked([
        [far.id, 1.1],
        [near.id, 1],
      ]),
    ).toEqual([near.id, far.id]);
  });

  it('refuses what the contract refuses: an empty text, an unknown index, a NUL byte', async () => {
    expect((await guest.post('/search/autocompleteMore/', { text: '  ' })).status).toBe(400);
    expect((await guest.post('/search/autocompleteMore/', { text: 'сад', index: 'users' })).status).toBe(400);
    expect((await guest.post('/search/autocomplete/', { text: 'сад\u0000' })).status).toBe(400);
    // SQL and full-text syntax in the text are only letters to search for.
    const odd = await grouped("сад' OR 1=1 -- & | ! :* ( )");
    expect(odd.performance.result[0]?.show_name).toBe('Вишнёвый сад');
  });
});

describe('search text rules', () => {
  it('reads the wrong layout and Latin transliteration', async () => {
    const { readingsOf, switchLayout, transliterate, searchKey } = await import('../src/services/search/index.js');
    expect(switchLayout('ghbdtn')).toBe('привет');
    expect(switchLayout('руддщ')).toBe('hello');
    expect(transliterate('shchukin zhukovsky')).toBe('щукин жуковскы');
    expect(searchKey('  Ёлка «Щелкунчик»!  ')).toBe('елка щелкунчик');
    expect(readingsOf('peredvizhniki').map((r) => r.key)).toContain('передвижники');
    expect(readingsOf('спектакли для дет')[0]?.tsquery).toBe('спектакли & для & дет:*');
  });
});
