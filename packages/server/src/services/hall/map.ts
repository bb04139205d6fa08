import {
  CATEGORY_ALPHABET,
  type CompactHallState,
  deltaEncode,
  type HallMapData,
  kopecksToRoubles,
  type LayoutCategory,
  type MapPlace,
  NOT_FOR_SALE,
} from '@partera/contract';
import type { Queryable } from '../../db/index.js';
import { availableGiftsSql, hasGiftsSql } from '../basket/gift-rule.js';
import { claimable, lapsedEntranceHold, liveHold, placesHeldBy } from '../holds/rule.js';

interface CategoryRow {
  id: number;
  color: string;
  price: number;
  premium: boolean;
}
interface TariffRow {
  id: number;
  price_category_id: number;
  name: string;
  price: number;
  is_default: boolean;
}
interface SectionRow {
  section_id: number;
  name: string;
  kind: 'seated' | 'entrance';
  price_category_id: number | null;
  free: number;
}

/**
 * One place as the database sends it, an array (json_agg): a stadium has 85 000 of them, and
 * rows of objects cost several times more to receive and to keep.
 */
type PlaceTuple = [
  performancePlaceId: number,
  placeId: number,
  priceCategoryId: number,
  sectionId: number,
  row: string,
  number: string,
  type: string,
  groupId: number,
  description: string,
  /** 1 when the buyer the map is for holds the place. */
  mine: 0 | 1,
  /** The tariff the buyer holds the place at (mine only). */
  tariffId: number | null,
  /** Gifts a ticket of the place may come with now (0: none; services/basket/gifts.ts). */
  availableGifts: number,
];

/** What a place of a price category is sold at: the JSON of the parts every such place repeats. */
interface CategoryJson {
  /** `"color":…,"countTax":…` */
  head: string;
  /** `"taxes":…` */
  taxes: string;
  /** `"privileged":…` */
  privileged: string;
  defaultTariffId: number;
  /** Kopecks: the lowest tariff when there are several (shown as 'от'). */
  price: number;
  tariffPrices: Map<number, number>;
  /** The same, as the compact map lists it once per category. */
  compact: LayoutCategory;
}

/** Everything a hall map is written from; places stay compact tuples until written. */
export interface HallMapSource {
  hallId: number;
  places: PlaceTuple[];
  categories: Map<number, CategoryJson>;
  /** Section id → `"section":{"id":…,"name":…}`. */
  sections: Map<number, string>;
  /** Everything of the answer after `places`. */
  rest: Omit<HallMapData, 'places'>;
}

/** A price category's tariffs, the default first: what a place of that category can be sold at. */
function categoryJson(category: CategoryRow, tariffs: TariffRow[]): CategoryJson {
  const own = tariffs
    .filter((t) => t.price_category_id === category.id)
    .sort((a, b) => Number(b.is_default) - Number(a.is_default) || a.price - b.price);
  const taxes: MapPlace['taxes'] = {};
  for (const t of own) taxes[String(t.id)] = { name: t.name, price: kopecksToRoubles(t.price) };
  const lowest = own.length > 0 ? Math.min(...own.map((t) => t.price)) : category.price;
  const price = own.length > 1 ? lowest : (own[0]?.price ?? category.price);
  const privileged = category.premium ? 'premium' : 'default';
  return {
    head: `"color":${JSON.stringify(category.color)},"countTax":${Math.max(own.length, 1)}`,
    taxes: `"taxes":${JSON.stringify(taxes)}`,
    privileged: `"privileged":${JSON.stringify(privileged)}`,
    defaultTariffId: own[0]?.id ?? 0,
    price,
    tariffPrices: new Map(own.map((t) => [t.id, t.price])),
    compact: {
      color: category.color,
      price: kopecksToRoubles(price),
      countTax: Math.max(own.length, 1),
      tariff: own[0]?.id ?? 0,
      taxes,
      privileged,
    },
  };
}

/** Places read by one query of leanPlaces: the stadium’s 85 792 in some 60 slices. */
const LEAN_SLICE = 1_500;

/**
 * Whether the database's queries run on this process's thread (PGlite), so that a long one keeps
 * every request waiting: then the map is read in slices. PostgreSQL works in its own processes,
 * and one query each is faster there.
 */
const runsOnThisThread = (db: Queryable) => (db as { kind?: string }).kind !== 'postgres';

/** Lets the process answer other requests (a slice's query may have run on this thread: PGlite). */
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The compact map's places (codes, categories, holds, gifts) in place id order, read in slices of
 * place ids with the event loop let go between them (on PGlite; in one query on PostgreSQL). On the embedded database a query runs on the
 * server's own thread: the stadium's places in one query took it 1.8 s, during which no request
 * was answered, not even one the cache has ready (decision 0053). The slices are read one after
 * another, not in one snapshot: a place held meanwhile is in the state of its slice's moment,
 * which a kept map may be anyway (map-cache.ts: at most `staleMs`).
 */
async function leanPlaces(
  db: Queryable,
  performanceId: number,
  sessionId: string | null,
  now: Date,
): Promise<PlaceTuple[]> {
  const range = await db.query<{ lo: number | null; hi: number | null; n: number }>(
    'SELECT min(place_id) AS lo, max(place_id) AS hi, count(*)::int AS n FROM performance_places WHERE performance_id = $1',
    [performanceId],
  );
  const { lo, hi, n } = range.rows[0] ?? { lo: null, hi: null, n: 0 };
  if (lo === null || hi === null) return [];
  const slices = runsOnThisThread(db) ? Math.max(1, Math.ceil(n / LEAN_SLICE)) : 1;
  const step = Math.ceil((hi - lo + 1) / slices);
  const out: PlaceTuple[] = [];
  for (let from = lo; from <= hi; from += step) {
    if (from > lo) await yieldToLoop();
    const r = await db.query<{ places: string | null }>(
      `SELECT json_agg(json_build_array(
              pp.id, pp.place_id, pp.price_category_id, 0, '', '', '', 0, '',
              CASE WHEN ${liveHold('$3', 'pp')} AND pp.hold_session_id = $2 THEN 1 ELSE 0 END,
              pp.tariff_id, CASE WHEN ${hasGiftsSql()} THEN ${availableGiftsSql()} ELSE 0 END) ORDER BY pp.place_id)::text AS places
         FROM performance_places pp
         JOIN performances pf ON pf.id = pp.performance_id
        WHERE pp.performance_id = $1 AND pp.place_id >= $4 AND pp.place_id < $5
          AND (${claimable('$3', 'pp')} OR (pp.state = 1 AND pp.hold_session_id = $2))`,
      [performanceId, sessionId, now, from, from + step],
    );
    for (const p of JSON.parse(r.rows[0]?.places ?? '[]') as PlaceTuple[]) out.push(p);
  }
  return out;
}

/** Sections counted by one query of sectionRows: a stadium's stands in slices of a few thousand places. */
const SECTION_SLICE = 3;

/**
 * Each section of the hall with its price category and free count (3.4: a section's places still
 * for sale, an entrance's tickets left), in the hall's order: counted a few sections at a time
 * with the event loop let go between them, for the reason leanPlaces gives (on PGlite; at once on
 * PostgreSQL).
 */
async function sectionRows(db: Queryable, performanceId: number, hallId: number, now: Date): Promise<SectionRow[]> {
  const ids = (
    await db.query<{ id: number }>('SELECT id FROM sections WHERE hall_id = $1 ORDER BY sort, id', [hallId])
  ).rows.map((r) => r.id);
  const out: SectionRow[] = [];
  const slice = runsOnThisThread(db) ? SECTION_SLICE : Math.max(1, ids.length);
  for (let i = 0; i < ids.length; i += slice) {
    if (i > 0) await yieldToLoop();
    const r = await db.query<SectionRow>(
      `SELECT s.id AS section_id, s.name, s.kind, coalesce(ps.price_category_id, min(pp.price_category_id)) AS price_category_id,
              CASE WHEN s.kind = 'entrance'
                   THEN coalesce(max(ps.free_count), 0) + coalesce((SELECT sum(eh.ticket_count) FROM entrance_holds eh
                         WHERE eh.performance_section_id = max(ps.id) AND ${lapsedEntranceHold('$2', 'eh')}), 0)
                   ELSE count(pp.id) FILTER (WHERE ${claimable('$2', 'pp')}) END::int AS free
         FROM sections s
         LEFT JOIN performance_sections ps ON ps.section_id = s.id AND ps.performance_id = $1
         LEFT JOIN places pl ON pl.section_id = s.id
         LEFT JOIN performance_places pp ON pp.place_id = pl.id AND pp.performance_id = $1
        WHERE s.hall_id = $3 AND s.id = ANY($4::int[])
        GROUP BY s.id, s.name, s.kind, ps.price_category_id
        ORDER BY s.sort, s.id`,
      [performanceId, now, hallId, ids.slice(i, i + slice)],
    );
    for (const row of r.rows) out.push(row);
  }
  return out;
}

/**
 * Reads the JSON hall map of a performance (spec 3.2): free places and, when `sessionId` is
 * given, the places that buyer holds (state 1); taken places are left out and drawn as
 * unavailable. A hold that has expired counts as free. null when the performance does not exist.
 *
 * Without a session the map is the same for every buyer who holds nothing in the performance,
 * which is what makes it cacheable (map-cache.ts).
 */
export async function loadHallMapSource(
  db: Queryable,
  performanceId: number,
  sessionId: string | null,
  now: Date,
  /** lean: the places' codes, categories and holds only (the compact map's needs), not their labels. */
  options: { lean?: boolean } = {},
): Promise<HallMapSource | null> {
  const perf = await db.query<{ id: number; hall_id: number; cannot_create_order_cause: string | null }>(
    'SELECT id, hall_id, cannot_create_order_cause FROM performances WHERE id = $1',
    [performanceId],
  );
  const performance = perf.rows[0];
  if (!performance) return null;
  const [categories, tariffs, places, sections] = await Promise.all([
    db.query<CategoryRow>(
      'SELECT id, color, price, premium FROM price_categories WHERE performance_id = $1 ORDER BY price',
      [performanceId],
    ),
    db.query<TariffRow>(
      `SELECT t.id, t.price_category_id, t.name, t.price, t.is_default FROM tariffs t
         JOIN price_categories c ON c.id = t.price_category_id WHERE c.performance_id = $1`,
      [performanceId],
    ),
    // One row of JSON text instead of a row per place: five times faster to receive. The compact
    // map needs only the codes, categories and holds, which performance_places has alone; it is
    // read in slices (leanPlaces), so that its build leaves room for other requests.
    options.lean
      ? leanPlaces(db, performanceId, sessionId, now)
      : db
          .query<{ places: string | null }>(
            `SELECT json_agg(json_build_array(
                pp.id, pl.id, pp.price_category_id, pl.section_id, pl.row_label, pl.number, pl.type,
                pl.group_id, pl.description,
                CASE WHEN ${liveHold('$3', 'pp')} AND pp.hold_session_id = $2 THEN 1 ELSE 0 END,
                pp.tariff_id, CASE WHEN ${hasGiftsSql()} THEN ${availableGiftsSql()} ELSE 0 END) ORDER BY pl.id)::text AS places
             FROM performance_places pp
             JOIN places pl ON pl.id = pp.place_id
             JOIN performances pf ON pf.id = pp.performance_id
            WHERE pp.performance_id = $1
              AND (${claimable('$3', 'pp')} OR (pp.state = 1 AND pp.hold_session_id = $2))`,
            [performanceId, sessionId, now],
          )
          .then((r) => JSON.parse(r.rows[0]?.places ?? '[]') as PlaceTuple[]),
    sectionRows(db, performanceId, performance.hall_id, now),
  ]);
  const byCategory = new Map(categories.rows.map((c) => [c.id, categoryJson(c, tariffs.rows)]));
  const cause = performance.cannot_create_order_cause;
  return {
    hallId: performance.hall_id,
    places,
    categories: byCategory,
    sections: new Map(
      sections.map((s) => [s.section_id, `"section":${JSON.stringify({ id: s.section_id, name: s.name })}`]),
    ),
    rest: {
      // A badge names what its colour sells from: the category's lowest tariff, as its seats say 'от'.
      legend: categories.rows.map((c) => ({ c: c.color, p: kopecksToRoubles(byCategory.get(c.id)?.price ?? c.price) })),
      anyPremiumTicketFound: { premium: categories.rows.some((c) => c.premium) ? 'true' : 'false' },
      cannotCreateOrder: cause !== null,
      ...(cause !== null ? { cannotCreateOrderCause: cause } : {}),
      sections: sections.map((s) => {
        const c = s.price_category_id === null ? undefined : byCategory.get(s.price_category_id);
        return {
          sectionName: s.name,
          placeCount: s.free,
          sectionId: s.section_id,
          price: kopecksToRoubles(c?.price ?? 0),
          tariffId: c?.defaultTariffId ?? 0,
          fundId: s.price_category_id ?? 0,
          seatlessSection: s.kind === 'entrance',
        };
      }),
    },
  };
}

/** One place of the map (3.3), written straight as JSON from the category's and section's parts. */
function placeJson(p: PlaceTuple, source: HallMapSource): string {
  const [ppId, placeId, categoryId, sectionId, row, number, type, group, description, mine, heldTariff, gifts] = p;
  const c = source.categories.get(categoryId)!;
  const chosen = mine === 1 && heldTariff !== null ? c.tariffPrices.get(heldTariff) : undefined;
  const price = kopecksToRoubles(chosen ?? c.price);
  const tariff = chosen !== undefined ? heldTariff : c.defaultTariffId;
  return (
    `{"id":${placeId},"state":${mine},"isPackagePlace":false,${c.head},"type":${JSON.stringify(type)},` +
    `${source.sections.get(sectionId)},"row":${JSON.stringify(row)},"place":${JSON.stringify(number)},` +
    `"price":${price},"tariff":${tariff},"group":${group},"cypher":"${ppId}","hasgifts":${gifts > 0},"availableGifts":${gifts},` +
    `${c.taxes},"description":${JSON.stringify(description)},${c.privileged}}`
  );
}

const PLACES_PER_CHUNK = 1_000;

/**
 * The map's JSON text (the shape of contract hallMapData) in pieces of a thousand places, so that
 * a stadium is compressed as it is written and never held whole as one 25 MB string.
 */
export function* hallMapJson(source: HallMapSource): Generator<string> {
  yield '{"places":[';
  const { places } = source;
  for (let start = 0; start < places.length; start += PLACES_PER_CHUNK) {
    const parts: string[] = [];
    for (const p of places.slice(start, start + PLACES_PER_CHUNK)) parts.push(placeJson(p, source));
    yield (start > 0 ? ',' : '') + parts.join(',');
  }
  yield `],${JSON.stringify(source.rest).slice(1)}`;
}

/**
 * The compact map's per-performance state before it is written, laid out on the hall layout's
 * places (`placeIds`, ascending): what a buyer's own places are laid over (compactJson).
 */
export interface CompactParts {
  hallId: number;
  rest: HallMapSource['rest'];
  categories: LayoutCategory[];
  /** Price category id → its index in `categories` (its letter in CATEGORY_ALPHABET). */
  categoryIndex: Map<number, number>;
  placeIds: Int32Array;
  /** Per layout place: 1 + its category's index when it is for sale, 0 when not. */
  category: Uint8Array;
  /** Per layout place: the performance place id a selection names (the cypher), when for sale. */
  cyphers: Int32Array;
  mine: CompactHallState['mine'];
  /** [layout index, gifts available], in layout order. */
  gifts: CompactHallState['gifts'];
}

/** A place the buyer the map is for holds, as compactJson lays it over a shared map. */
export interface OwnPlace {
  performancePlaceId: number;
  placeId: number;
  priceCategoryId: number;
  tariffId: number | null;
  availableGifts: number;
}

/**
 * The compact map's parts (decision 0025): the source's places paired with the hall layout's.
 * Both lists are in place id order, so one walk pairs them.
 */
export function compactParts(source: HallMapSource, layout: { hallId: number; placeIds: Int32Array }): CompactParts {
  const categoryIndex = new Map<number, number>();
  const categories: LayoutCategory[] = [];
  for (const [id, c] of source.categories) {
    if (categories.length >= CATEGORY_ALPHABET.length) break;
    categoryIndex.set(id, categories.push(c.compact) - 1);
  }
  const { placeIds } = layout;
  const category = new Uint8Array(placeIds.length);
  const cyphers = new Int32Array(placeIds.length);
  const mine: CompactHallState['mine'] = [];
  const gifts: CompactHallState['gifts'] = [];
  let i = 0;
  for (const [ppId, placeId, categoryId, , , , , , , own, heldTariff, available] of source.places) {
    while (i < placeIds.length && placeIds[i]! < placeId) i++;
    if (i >= placeIds.length) break;
    const index = categoryIndex.get(categoryId);
    if (placeIds[i] !== placeId || index === undefined) continue;
    category[i] = index + 1;
    cyphers[i] = ppId;
    if (own === 1) mine.push([i, heldTariff ?? categories[index]!.tariff]);
    if (available > 0) gifts.push([i, available]);
  }
  return {
    hallId: layout.hallId,
    rest: source.rest,
    categories,
    categoryIndex,
    placeIds,
    category,
    cyphers,
    mine,
    gifts,
  };
}

/**
 * The places of a performance that the session holds now (a live hold), with what the compact
 * map says of each: a few rows, read fresh for every map of a buyer who holds places.
 */
export async function loadOwnPlaces(
  db: Queryable,
  performanceId: number,
  sessionId: string,
  now: Date,
): Promise<OwnPlace[]> {
  const r = await db.query<{
    id: number;
    place_id: number;
    price_category_id: number;
    tariff_id: number | null;
    gifts: number;
  }>(
    `SELECT pp.id, pp.place_id, pp.price_category_id, pp.tariff_id,
            CASE WHEN ${hasGiftsSql()} THEN ${availableGiftsSql()} ELSE 0 END AS gifts
       FROM ${placesHeldBy('$2', '$3')} pp
       JOIN performances pf ON pf.id = pp.performance_id
      WHERE pp.performance_id = $1`,
    [performanceId, sessionId, now],
  );
  return r.rows.map((row) => ({
    performancePlaceId: row.id,
    placeId: row.place_id,
    priceCategoryId: row.price_category_id,
    tariffId: row.tariff_id,
    availableGifts: Number(row.gifts),
  }));
}

/** The layout index of a place id (placeIds ascending), or -1. */
function layoutIndex(placeIds: Int32Array, placeId: number): number {
  let lo = 0;
  let hi = placeIds.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = placeIds[mid]!;
    if (v === placeId) return mid;
    if (v < placeId) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** The letters of the categories, as bytes: index 0 is 'not for sale'. */
const LETTERS = Buffer.from(NOT_FOR_SALE + CATEGORY_ALPHABET, 'latin1');

/**
 * The compact map's JSON text. `own`: the places the buyer it is for holds, laid over shared
 * parts built for nobody: each is for sale to them, in its category, and listed as theirs at the
 * tariff they hold it at. The shared parts are not changed.
 */
export function compactJson(parts: CompactParts, own: readonly OwnPlace[] = []): string {
  let { category, cyphers, mine, gifts } = parts;
  if (own.length > 0) {
    category = category.slice();
    cyphers = cyphers.slice();
    mine = [...mine];
    gifts = [...gifts];
    for (const p of own) {
      const i = layoutIndex(parts.placeIds, p.placeId);
      const index = parts.categoryIndex.get(p.priceCategoryId);
      if (i < 0 || index === undefined) continue;
      const wasForSale = category[i]! > 0;
      category[i] = index + 1;
      cyphers[i] = p.performancePlaceId;
      mine.push([i, p.tariffId ?? parts.categories[index]!.tariff]);
      if (!wasForSale && p.availableGifts > 0) gifts.push([i, p.availableGifts]);
    }
    mine.sort((a, b) => a[0] - b[0]);
    gifts.sort((a, b) => a[0] - b[0]);
  }
  const letters = Buffer.allocUnsafe(category.length);
  const forSale: number[] = [];
  for (let i = 0; i < category.length; i++) {
    const c = category[i]!;
    letters[i] = LETTERS[c]!;
    if (c > 0) forSale.push(cyphers[i]!);
  }
  const compact: CompactHallState = {
    hallId: parts.hallId,
    categories: parts.categories,
    avail: letters.toString('latin1'),
    cypher: deltaEncode(forSale),
    mine,
    gifts,
  };
  return JSON.stringify({ places: [], ...parts.rest, compact });
}

/** The compact map of a performance written at once (decision 0025). */
export function hallMapCompactJson(source: HallMapSource, layout: { hallId: number; placeIds: Int32Array }): string {
  return compactJson(compactParts(source, layout));
}
