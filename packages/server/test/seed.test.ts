import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../src/db/index.js';
import { readSeedSummary, type SeedSummary, seedDemo } from '../src/seed/index.js';
import { countMismatches } from './support/counts.js';
import {
  describeEachDatabase,
  openTestDatabase,
  openTestPglite,
  postgresUrl,
  type TestDatabase,
} from './support/databases.js';

const NOW = new Date('2025-03-10T09:30:00Z');

/** The tables the seed writes, each with the key that orders it. */
const SEEDED_TABLES: Record<string, string> = {
  cities: 'id',
  metro_stations: 'id',
  genres: 'id',
  organizers: 'id',
  persons: 'id',
  buildings: 'id',
  halls: 'id',
  sections: 'id',
  places: 'id',
  shows: 'id',
  show_persons: 'show_id, person_id',
  performances: 'id',
  price_categories: 'id',
  tariffs: 'id',
  performance_places: 'id',
  performance_sections: 'id',
  packages: 'id',
  package_performances: 'package_id, performance_id',
  promo_banners: 'id',
  promo_codes: 'id',
  gift_cards: 'id',
  partners: 'id',
  box_offices: 'id',
  promotions: 'id',
  reviews: 'id',
  ratings: 'show_id, voter_key COLLATE "C"',
};

/** One md5 per table over every row's text form, in key order. */
async function catalogueDigest(db: Queryable): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [table, key] of Object.entries(SEEDED_TABLES)) {
    const r = await db.query<{ d: string }>(
      `SELECT md5(coalesce(string_agg(t::text, E'\\n' ORDER BY ${key}), '')) AS d FROM ${table} t`,
    );
    out[table] = r.rows[0]!.d;
  }
  return out;
}

/** The digest with times printed in UTC, so both engines print them alike. */
async function digestInUtc(db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> }) {
  return db.transaction(async (tx) => {
    await tx.query(`SET LOCAL TimeZone = 'UTC'`);
    return catalogueDigest(tx);
  });
}

interface SvgSection {
  kind: 'section' | 'entrance-section';
  id: number;
  name: string;
  places: Array<{ id: number; cx: number; cy: number; attributes: string }>;
}

/** Reads the hall SVG of decision 0001: its root attributes and every section with its circles. */
function parseHallSvg(svg: string): { root: string; sections: SvgSection[]; decor: number; strayCircles: number } {
  const root = /^<svg [^>]*>/.exec(svg)?.[0] ?? '';
  const sections: SvgSection[] = [];
  const open: Array<SvgSection | null> = [];
  let decor = 0;
  let strayCircles = 0;
  for (const [, closing, tag, attributes = ''] of svg.matchAll(/<(\/?)(g|circle)\b([^>]*)>/g)) {
    if (tag === 'g' && closing) {
      open.pop();
    } else if (tag === 'g') {
      const cls = /class="([^"]*)"/.exec(attributes)?.[1];
      if (cls === 'hall-decor') decor++;
      const section: SvgSection | null =
        cls === 'section' || cls === 'entrance-section'
          ? {
              kind: cls,
              id: Number(/data-section-id="(\d+)"/.exec(attributes)?.[1]),
              name: /data-section-name="([^"]*)"/.exec(attributes)?.[1] ?? '',
              places: [],
            }
          : null;
      if (section) sections.push(section);
      open.push(section);
    } else if (/class="place"/.test(attributes)) {
      const num = (name: string) => Number(new RegExp(`\\b${name}="(-?\\d+)"`).exec(attributes)?.[1]);
      const owner = open[open.length - 1];
      if (owner?.kind === 'section')
        owner.places.push({ id: num('data-place-id'), cx: num('cx'), cy: num('cy'), attributes });
      else strayCircles++;
    }
  }
  return { root, sections, decor, strayCircles };
}

/** Every circle of every hall SVG is a place row at the same coordinates in the same section, and back. */
async function expectSvgMatchesPlaces(db: Queryable): Promise<void> {
  const halls = await db.query<{ id: number; svg: string; width: number; height: number }>(
    'SELECT id, svg, width, height FROM halls WHERE svg IS NOT NULL ORDER BY id',
  );
  expect(halls.rows.length).toBeGreaterThan(0);
  // A venue without a plan (sold by sections) has nothing to draw: no places either.
  const undrawn = await db.query<{ places: number }>(
    'SELECT (SELECT count(*) FROM places p WHERE p.hall_id = h.id)::int AS places FROM halls h WHERE h.svg IS NULL',
  );
  for (const h of undrawn.rows) expect(h.places).toBe(0);
  for (const hall of halls.rows) {
    const svg = parseHallSvg(hall.svg);
    expect(svg.root).toContain(`viewBox="0 0 ${hall.width} ${hall.height}"`);
    expect(svg.root).toContain(`data-hall-id="${hall.id}"`);
    expect(svg.decor).toBe(1);
    expect(svg.strayCircles).toBe(0);

    const sections = await db.query<{ id: number; name: string; kind: string }>(
      'SELECT id, name, kind FROM sections WHERE hall_id = $1 ORDER BY id',
      [hall.id],
    );
    expect(svg.sections.map((s) => [s.id, s.kind === 'section' ? 'seated' : 'entrance']).sort()).toEqual(
      sections.rows.map((s) => [s.id, s.kind]).sort(),
    );
    for (const s of svg.sections) {
      const row = sections.rows.find((r) => r.id === s.id)!;
      expect(s.name.replace(/&quot;/g, '"')).toBe(row.name);
    }

    const places = await db.query<{ id: number; section_id: number; x: number; y: number }>(
      'SELECT id, section_id, x, y FROM places WHERE hall_id = $1',
      [hall.id],
    );
    const drawn = new Map<number, { cx: number; cy: number; section: number; attributes: string }>();
    for (const s of svg.sections) for (const p of s.places) drawn.set(p.id, { ...p, section: s.id });
    expect(drawn.size).toBe(places.rows.length);
    expect(svg.sections.reduce((n, s) => n + s.places.length, 0)).toBe(places.rows.length);
    const wrong = places.rows.filter((p) => {
      const circle = drawn.get(p.id);
      return (
        !circle ||
        circle.cx !== Number(p.x) ||
        circle.cy !== Number(p.y) ||
        circle.section !== p.section_id ||
        /\bfill=/.test(circle.attributes) ||
        !/\br="\d+"/.test(circle.attributes)
      );
    });
    expect(wrong.slice(0, 5), `hall ${hall.id}: places without their circle`).toEqual([]);
  }
}

describeEachDatabase('demo seed, small', (get) => {
  let summary: SeedSummary;

  beforeAll(async () => {
    const { db, kind } = get();
    const started = performance.now();
    summary = await seedDemo(db, { now: NOW, scale: 'small' });
    console.info(`small seed on ${kind}: ${((performance.now() - started) / 1000).toFixed(2)} s`);
  }, 60_000);

  it('seeds one city with a theatre, a club, an exhibition and a loft without a plan', async () => {
    const { db } = get();
    expect(summary.created).toBe(true);
    expect(summary.cities).toBe(1);
    expect(summary.venues).toBe(4);
    expect(summary.performances).toBeGreaterThanOrEqual(10);
    expect(summary.performances).toBeLessThanOrEqual(14);

    const cities = await db.query<{ name: string; subdomain: string; stations: number }>(
      `SELECT c.name, c.subdomain, (SELECT count(*) FROM metro_stations m WHERE m.city_id = c.id)::int AS stations
       FROM cities c`,
    );
    expect(cities.rows).toEqual([{ name: 'Москва', subdomain: 'www', stations: expect.any(Number) }]);
    expect(cities.rows[0]!.stations).toBeGreaterThan(5);

    const halls = await db.query<{
      kind: string;
      place_count: number;
      places: number;
      sections: string[];
      drawn: boolean;
    }>(
      `SELECT h.kind, h.place_count, h.svg IS NOT NULL AS drawn,
              (SELECT count(*) FROM places p WHERE p.hall_id = h.id)::int AS places,
              ARRAY(SELECT s.kind || ':' || s.name FROM sections s WHERE s.hall_id = h.id ORDER BY s.sort) AS sections
       FROM halls h ORDER BY h.kind, h.id`,
    );
    expect(halls.rows.map((h) => h.kind)).toEqual(['club', 'club', 'exhibition', 'theatre']);
    const [club, loft, exhibition, theatre] = halls.rows as [
      (typeof halls.rows)[0],
      (typeof halls.rows)[0],
      (typeof halls.rows)[0],
      (typeof halls.rows)[0],
    ];
    for (const h of halls.rows) expect(h.place_count).toBe(h.places);

    expect(theatre.places).toBeGreaterThanOrEqual(750);
    expect(theatre.places).toBeLessThanOrEqual(900);
    expect(theatre.sections).toEqual(
      expect.arrayContaining([
        'seated:Партер',
        'seated:Амфитеатр',
        'seated:Балкон',
        'seated:Диваны',
        'seated:Ложи бенуара, левая сторона',
        'seated:Ложи бенуара, правая сторона',
      ]),
    );
    expect(club.sections).toEqual(expect.arrayContaining(['entrance:Танцпол', 'entrance:Фан-зона', 'seated:Балкон']));
    expect(exhibition.sections).toEqual(['entrance:Входной билет']);
    expect(exhibition.places).toBe(0);
    expect(loft.sections).toEqual(['entrance:У сцены', 'entrance:Танцпол', 'entrance:Антресоль']);
    expect(loft).toMatchObject({ places: 0, drawn: false });
    expect([club, exhibition, theatre].every((h) => h.drawn)).toBe(true);

    const entrance = await db.query<{ capacity: number }>(`SELECT capacity FROM sections WHERE kind = 'entrance'`);
    for (const s of entrance.rows) expect(s.capacity).toBeGreaterThan(0);
  });

  it('draws every place of every hall as a circle at its own coordinates, and nothing else', async () => {
    await expectSvgMatchesPlaces(get().db);
  });

  it('pairs box seats symmetrically, side by side within 30 px, and sells them together', async () => {
    const { db } = get();
    const pairs = await db.query<{
      a: number;
      b: number;
      back: number | null;
      same_row: boolean;
      na: string;
      nb: string;
      distance: number;
    }>(
      `SELECT p.id AS a, q.id AS b, q.exclusive_pair_place_id AS back,
              (p.section_id = q.section_id AND p.row_label = q.row_label) AS same_row,
              p.number AS na, q.number AS nb, sqrt((p.x - q.x) ^ 2 + (p.y - q.y) ^ 2)::float8 AS distance
       FROM places p JOIN places q ON q.id = p.exclusive_pair_place_id`,
    );
    expect(pairs.rows.length).toBeGreaterThanOrEqual(16);
    for (const pair of pairs.rows) {
      expect(pair.back).toBe(pair.a);
      expect(pair.same_row).toBe(true);
      expect(pair.distance).toBeLessThanOrEqual(30);
      const [low, high] = [Number(pair.na), Number(pair.nb)].sort((x, y) => x - y) as [number, number];
      expect(high - low).toBe(1);
      expect(low % 2).toBe(1);
    }
    const split = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM performance_places a
       JOIN places p ON p.id = a.place_id
       JOIN performance_places b ON b.performance_id = a.performance_id AND b.place_id = p.exclusive_pair_place_id
       WHERE a.state <> b.state OR a.price_category_id <> b.price_category_id`,
    );
    expect(split.rows[0]!.n).toBe(0);
  });

  it('groups sofa and table places, each group in one row of one hall, sold whole', async () => {
    const { db } = get();
    const groups = await db.query<{ group_id: number; n: number; halls: number; rows: number; types: string[] }>(
      `SELECT group_id, count(*)::int AS n, count(DISTINCT hall_id)::int AS halls,
              count(DISTINCT (section_id, row_label))::int AS rows, array_agg(DISTINCT type) AS types
       FROM places WHERE group_id > 0 GROUP BY group_id`,
    );
    expect(groups.rows.length).toBeGreaterThanOrEqual(4);
    expect(groups.rows.some((g) => g.types.includes('sofa'))).toBe(true);
    for (const g of groups.rows) {
      expect(g.n).toBeGreaterThanOrEqual(2);
      expect(g.halls).toBe(1);
      expect(g.rows).toBe(1);
      expect(g.types.length).toBe(1);
    }
    const sofas = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM places WHERE type = 'sofa' AND group_id = 0`,
    );
    expect(sofas.rows[0]!.n).toBe(0);
    const mixed = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (
         SELECT pp.performance_id, p.group_id FROM performance_places pp JOIN places p ON p.id = pp.place_id
         WHERE p.group_id > 0 GROUP BY 1, 2
         HAVING count(DISTINCT pp.state) > 1 OR count(DISTINCT pp.price_category_id) > 1) g`,
    );
    expect(mixed.rows[0]!.n).toBe(0);
  });

  it('prices every performance with 3–6 coloured categories (one for an exhibition) and a default tariff each', async () => {
    const { db } = get();
    const perf = await db.query<{
      id: number;
      kind: string;
      categories: number;
      colours: number;
      min_price: number;
      max_price: number;
      defaults_ok: boolean;
      places: number;
      hall_places: number;
      sections: number;
      hall_entrances: number;
    }>(
      `SELECT pf.id, h.kind,
              (SELECT count(*) FROM price_categories c WHERE c.performance_id = pf.id)::int AS categories,
              (SELECT count(DISTINCT color) FROM price_categories c WHERE c.performance_id = pf.id)::int AS colours,
              (SELECT min(price) FROM price_categories c WHERE c.performance_id = pf.id) AS min_price,
              (SELECT max(price) FROM price_categories c WHERE c.performance_id = pf.id) AS max_price,
              (SELECT bool_and(
                 (SELECT count(*) FROM tariffs t WHERE t.price_category_id = c.id AND t.is_default) = 1
                 AND (SELECT t.price FROM tariffs t WHERE t.price_category_id = c.id AND t.is_default) = c.price)
               FROM price_categories c WHERE c.performance_id = pf.id) AS defaults_ok,
              (SELECT count(*) FROM performance_places pp WHERE pp.performance_id = pf.id)::int AS places,
              h.place_count AS hall_places,
              (SELECT count(*) FROM performance_sections ps WHERE ps.performance_id = pf.id)::int AS sections,
              (SELECT count(*) FROM sections s WHERE s.hall_id = h.id AND s.kind = 'entrance')::int AS hall_entrances
       FROM performances pf JOIN halls h ON h.id = pf.hall_id`,
    );
    for (const p of perf.rows) {
      if (p.kind === 'exhibition') expect(p.categories).toBe(1);
      else {
        expect(p.categories).toBeGreaterThanOrEqual(3);
        expect(p.categories).toBeLessThanOrEqual(6);
      }
      expect(p.colours).toBe(p.categories);
      expect(p.min_price).toBeGreaterThanOrEqual(500 * 100);
      expect(p.max_price).toBeLessThanOrEqual(15_000 * 100);
      expect(p.defaults_ok).toBe(true);
      expect(p.places).toBe(p.hall_places);
      expect(p.sections).toBe(p.hall_entrances);
    }
    const extras = await db.query<{ concessions: number; premium: number; gifts: number }>(
      `SELECT (SELECT count(*) FROM tariffs WHERE name = 'Льготный')::int AS concessions,
              (SELECT count(*) FROM price_categories WHERE premium)::int AS premium,
              (SELECT count(*) FROM performances WHERE gift_price > 0 AND max_gift_count_per_ticket > 0)::int AS gifts`,
    );
    expect(extras.rows[0]!.concessions).toBeGreaterThan(0);
    expect(extras.rows[0]!.premium).toBeGreaterThan(0);
    expect(extras.rows[0]!.gifts).toBeGreaterThan(0);
    const tariffNames = await db.query<{ name: string }>('SELECT DISTINCT name FROM tariffs ORDER BY name');
    expect(tariffNames.rows.map((t) => t.name)).toEqual(['Льготный', 'Полный']);
  });

  it('dates performances ahead of now, on the hour, evenings at 19:00 Moscow time, some announced only', async () => {
    const { db } = get();
    const r = await db.query<{ starts_at: Date; sale_state: string; kind: string; hour: number; minute: number }>(
      `SELECT pf.starts_at, pf.sale_state, h.kind,
              extract(hour FROM pf.starts_at AT TIME ZONE 'Europe/Moscow')::int AS hour,
              extract(minute FROM pf.starts_at AT TIME ZONE 'Europe/Moscow')::int AS minute
       FROM performances pf JOIN halls h ON h.id = pf.hall_id`,
    );
    const nineMonths = new Date(NOW);
    nineMonths.setUTCMonth(nineMonths.getUTCMonth() + 9);
    for (const p of r.rows) {
      const at = new Date(p.starts_at);
      expect(at.getTime()).toBeGreaterThan(NOW.getTime());
      expect(at.getTime()).toBeLessThan(nineMonths.getTime());
      expect(p.minute).toBe(0);
    }
    expect(r.rows.filter((p) => p.kind === 'theatre' && p.hour === 19).length).toBeGreaterThanOrEqual(5);
    expect(r.rows.filter((p) => p.sale_state === 'on_sale').length).toBeGreaterThan(r.rows.length / 2);
    expect(r.rows.some((p) => p.sale_state === 'soon')).toBe(true);

    const soonSold = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM performance_places pp JOIN performances pf ON pf.id = pp.performance_id
       WHERE pf.sale_state = 'soon' AND pp.state <> 0`,
    );
    expect(soonSold.rows[0]!.n).toBe(0);
  });

  it('shows a lively but buyable share of places already sold, with no orders behind them', async () => {
    const { db } = get();
    const r = await db.query<{ sold: number; total: number; other: number; held: number }>(
      `SELECT count(*) FILTER (WHERE state = 2)::int AS sold, count(*)::int AS total,
              count(*) FILTER (WHERE order_id IS NOT NULL OR hold_session_id IS NOT NULL)::int AS other,
              count(*) FILTER (WHERE state = 1)::int AS held
       FROM performance_places`,
    );
    const { sold, total, other, held } = r.rows[0]!;
    expect(sold / total).toBeGreaterThan(0.05);
    expect(sold / total).toBeLessThan(0.8);
    expect(other).toBe(0);
    expect(held).toBe(0);
    // The seed loads places with the counting triggers off and recounts: the numbers agree.
    expect(await countMismatches(db)).toEqual([]);
    const entrance = await db.query<{ bad: number; some_sold: number }>(
      `SELECT count(*) FILTER (WHERE free_count < 0 OR free_count > capacity)::int AS bad,
              count(*) FILTER (WHERE free_count < capacity)::int AS some_sold
       FROM performance_sections`,
    );
    expect(entrance.rows[0]!.bad).toBe(0);
    expect(entrance.rows[0]!.some_sold).toBeGreaterThan(0);
  });

  it('writes shows with people, descriptions, ratings and the extras around the catalogue', async () => {
    const { db } = get();
    const shows = await db.query<{
      name: string;
      age_mark: number;
      description: string;
      people: number;
      votes: number;
      ratings: number;
      rating: number;
      image: string;
      id: number;
    }>(
      `SELECT s.id, s.name, s.age_mark, s.description, s.votes, s.rating, s.image,
              (SELECT count(*) FROM show_persons sp WHERE sp.show_id = s.id)::int AS people,
              (SELECT count(*) FROM ratings r WHERE r.show_id = s.id)::int AS ratings
       FROM shows s`,
    );
    expect(shows.rows.length).toBeGreaterThanOrEqual(5);
    for (const s of shows.rows) {
      expect([0, 6, 12, 16, 18]).toContain(s.age_mark);
      expect(s.description.split(/[.!]\s/).length).toBeGreaterThanOrEqual(3);
      expect(s.description).toMatch(/[а-яё]/);
      expect(s.people).toBeGreaterThan(0);
      expect(s.votes).toBe(s.ratings);
      expect(s.rating).toBeGreaterThanOrEqual(1);
      expect(s.rating).toBeLessThanOrEqual(5);
      expect(s.image).toBe(`/media/poster/${s.id}.svg`);
    }
    const partner = await db.query<{ name: string; allowed_origins: string[] }>(
      `SELECT name, allowed_origins FROM partners WHERE hash = 'demo-partner-hash'`,
    );
    expect(partner.rows).toEqual([
      {
        name: 'Демо-партнёр',
        allowed_origins: [
          'http://127.0.0.1:4000',
          'http://localhost:4000',
          'http://127.0.0.1:4200',
          'http://localhost:4200',
        ],
      },
    ]);
    const telecom = await db.query(
      `SELECT name, allowed_origins, cashback_percent, own_pay_flow, notify_secret FROM partners
        WHERE hash = 'demo-telecom-hash'`,
    );
    expect(telecom.rows).toEqual([
      {
        name: 'Демо-оператор связи',
        allowed_origins: ['http://127.0.0.1:4100', 'http://localhost:4100'],
        cashback_percent: 10,
        own_pay_flow: true,
        notify_secret: 'demo-telecom-secret',
      },
    ]);
    const card = await db.query<{ balance: number }>(`SELECT balance FROM gift_cards WHERE number = '1234-5678-9012'`);
    expect(card.rows[0]!.balance).toBeGreaterThan(0);
    const banners = await db.query<{ placement_id: number }>(
      'SELECT DISTINCT placement_id FROM promo_banners ORDER BY 1',
    );
    expect(banners.rows.map((b) => b.placement_id)).toEqual([6813, 9815]);
    const summary = await readSeedSummary(db);
    for (const key of ['promoCodes', 'giftCards', 'boxOffices', 'promotions', 'reviews', 'packages'] as const) {
      expect(summary[key], key).toBeGreaterThan(0);
    }
  });

  it('does nothing the second time and reports what is there', async () => {
    const { db } = get();
    const before = await digestInUtc(db);
    const summary = await seedDemo(db, { now: new Date('2031-01-01T00:00:00Z'), scale: 'full' });
    expect(summary.created).toBe(false);
    expect(summary.cities).toBe(1);
    expect(summary.halls).toBe(4);
    expect(await digestInUtc(db)).toEqual(before);
  });

  it('gives identical data on a fresh database for the same input', async () => {
    const { db, kind } = get();
    const other = await openTestDatabase(kind);
    try {
      await seedDemo(other.db, { now: NOW, scale: 'small' });
      expect(await digestInUtc(other.db)).toEqual(await digestInUtc(db));
    } finally {
      await other.close();
    }
  });
});

describe('demo seed without the privilege to switch off foreign-key triggers', () => {
  it('writes the same catalogue with every check on', async () => {
    const privileged = await openTestPglite();
    const plain = await openTestPglite();
    try {
      await seedDemo(privileged.db, { now: NOW, scale: 'small' });
      await plain.db.query('CREATE ROLE seeder');
      await plain.db.query('GRANT ALL ON ALL TABLES IN SCHEMA public TO seeder');
      await plain.db.query('GRANT ALL ON ALL SEQUENCES IN SCHEMA public TO seeder');
      await plain.db.query('SET ROLE seeder');
      await expect(plain.db.query('SET session_replication_role = replica')).rejects.toThrow(/permission denied/);
      const summary = await seedDemo(plain.db, { now: NOW, scale: 'small' });
      expect(summary.created).toBe(true);
      expect(await digestInUtc(plain.db)).toEqual(await digestInUtc(privileged.db));
    } finally {
      await privileged.close();
      await plain.close();
    }
  });
});

describe.runIf(postgresUrl !== undefined)('demo seed on PGlite and PostgreSQL', () => {
  it('writes the very same rows on both engines', async () => {
    const lite = await openTestDatabase('pglite');
    const server = await openTestDatabase('postgres');
    try {
      await seedDemo(lite.db, { now: NOW, scale: 'small' });
      await seedDemo(server.db, { now: NOW, scale: 'small' });
      expect(await digestInUtc(server.db)).toEqual(await digestInUtc(lite.db));
    } finally {
      await lite.close();
      await server.close();
    }
  });
});

describe('demo seed, full (PGlite)', () => {
  let database: TestDatabase;
  let summary: SeedSummary;

  beforeAll(async () => {
    database = await openTestPglite();
    const started = performance.now();
    summary = await seedDemo(database.db, { now: NOW, scale: 'full' });
    console.info(
      `full seed on pglite: ${((performance.now() - started) / 1000).toFixed(1)} s, ` +
        `${summary.performances} performances, ${summary.performancePlaces} performance places`,
    );
  }, 240_000);
  afterAll(async () => {
    await database?.close();
  });

  it('covers both cities, six venues and more, forty shows and more', async () => {
    const { db } = database;
    expect(summary.created).toBe(true);
    expect(summary.shows).toBeGreaterThanOrEqual(40);
    expect(summary.venues).toBeGreaterThanOrEqual(6);
    const cities = await db.query<{ name: string; subdomain: string; venues: number; stations: number }>(
      `SELECT c.name, c.subdomain,
              (SELECT count(*) FROM buildings b WHERE b.city_id = c.id AND b.address <> '' AND b.metro_station_id IS NOT NULL)::int AS venues,
              (SELECT count(*) FROM metro_stations m WHERE m.city_id = c.id)::int AS stations
       FROM cities c ORDER BY c.subdomain`,
    );
    expect(cities.rows.map((c) => [c.subdomain, c.name])).toEqual([
      ['spb', 'Санкт-Петербург'],
      ['www', 'Москва'],
    ]);
    for (const c of cities.rows) {
      expect(c.venues).toBeGreaterThanOrEqual(3);
      expect(c.stations).toBeGreaterThanOrEqual(5);
    }
    const genres = await db.query<{ root: string; children: string[] }>(
      `SELECT g.name AS root, ARRAY(SELECT c.name FROM genres c WHERE c.parent_id = g.id ORDER BY c.id) AS children
       FROM genres g WHERE g.parent_id IS NULL`,
    );
    const tree = Object.fromEntries(genres.rows.map((g) => [g.root, g.children]));
    expect(Object.keys(tree)).toEqual(
      expect.arrayContaining(['Театр', 'Концерты', 'Выставки', 'Детям', 'Шоу', 'Спорт']),
    );
    expect(tree.Театр).toEqual(expect.arrayContaining(['Драма', 'Комедия', 'Мюзикл']));
    expect(tree.Концерты).toEqual(expect.arrayContaining(['Классика', 'Рок', 'Джаз', 'Поп']));
    const unplayed = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM shows s WHERE NOT EXISTS (SELECT 1 FROM performances p WHERE p.show_id = s.id)',
    );
    expect(unplayed.rows[0]!.n).toBe(0);
    const people = await db.query<{ roles: string[] }>('SELECT array_agg(DISTINCT role) AS roles FROM show_persons');
    expect(people.rows[0]!.roles).toEqual(expect.arrayContaining(['Режиссёр-постановщик', 'Актриса', 'Дирижёр']));
  });

  it('has every kind of hall, an arena of 20 000 and a stadium of 80 000 places, each played 2–3 times', async () => {
    const { db } = database;
    const halls = await db.query<{ kind: string; place_count: number; performances: number }>(
      `SELECT h.kind, h.place_count, (SELECT count(*) FROM performances p WHERE p.hall_id = h.id)::int AS performances
       FROM halls h`,
    );
    const kinds = new Set(halls.rows.map((h) => h.kind));
    expect([...kinds].sort()).toEqual(['arena', 'club', 'concert', 'exhibition', 'stadium', 'theatre']);
    const arena = halls.rows.find((h) => h.kind === 'arena')!;
    const stadium = halls.rows.find((h) => h.kind === 'stadium')!;
    expect(arena.place_count).toBeGreaterThanOrEqual(20_000);
    expect(stadium.place_count).toBeGreaterThanOrEqual(80_000);
    for (const big of [arena, stadium]) {
      expect(big.performances).toBeGreaterThanOrEqual(2);
      expect(big.performances).toBeLessThanOrEqual(3);
    }
    const concert = halls.rows.filter((h) => h.kind === 'concert');
    for (const h of concert) {
      expect(h.place_count).toBeGreaterThan(1_700);
      expect(h.place_count).toBeLessThan(2_300);
    }
    expect(summary.largestHallPlaces).toBe(stadium.place_count);
    expect(summary.performancePlaces).toBeLessThan(1_000_000);
  });

  it('draws every place of the big halls too', async () => {
    await expectSvgMatchesPlaces(database.db);
  });

  it('spreads performances over the next nine months: repertoire several times a month, concerts on single dates', async () => {
    const { db } = database;
    const months = await db.query<{ month: number; n: number }>(
      `SELECT (date_part('year', age(starts_at, $1::timestamptz)) * 12
               + date_part('month', age(starts_at, $1::timestamptz)))::int AS month, count(*)::int AS n
       FROM performances GROUP BY 1 ORDER BY 1`,
      [NOW.toISOString()],
    );
    expect(months.rows.map((m) => m.month)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    for (const m of months.rows.slice(0, 8)) expect(m.n).toBeGreaterThan(30);

    const shows = await db.query<{ kind: string; genre: string; dates: number; months: number; soon: boolean }>(
      `SELECT h.kind, g.slug AS genre, count(DISTINCT pf.starts_at::date)::int AS dates,
              count(DISTINCT date_trunc('month', pf.starts_at))::int AS months,
              bool_and(pf.sale_state = 'soon') AS soon
       FROM shows s JOIN genres g ON g.id = s.genre_id
       JOIN performances pf ON pf.show_id = s.id JOIN halls h ON h.id = pf.hall_id
       GROUP BY s.id, h.kind, g.slug`,
    );
    const repertoire = shows.rows.filter((s) => s.kind === 'theatre' && !s.soon);
    expect(repertoire.length).toBeGreaterThanOrEqual(18);
    for (const s of repertoire) {
      expect(s.months).toBeGreaterThanOrEqual(7);
      expect(s.dates).toBeGreaterThanOrEqual(9);
    }
    for (const s of shows.rows.filter((x) => ['concert', 'club', 'arena', 'stadium'].includes(x.kind))) {
      expect(s.dates).toBeLessThanOrEqual(2);
    }
    const states = await db.query<{ sale_state: string; n: number }>(
      'SELECT sale_state, count(*)::int AS n FROM performances GROUP BY 1',
    );
    const bySale = Object.fromEntries(states.rows.map((s) => [s.sale_state, s.n]));
    expect(bySale.on_sale).toBeGreaterThan(4 * (bySale.soon ?? 0));
    expect(bySale.soon).toBeGreaterThan(0);
  });
});
