import type { Database, Queryable } from '../db/index.js';
import { type SeedScale, writeDemoCatalogue } from './demo.js';

export { HORIZON_MONTHS, type SeedScale } from './demo.js';
export {
  DEMO_PACKAGES,
  DEMO_PARTNER,
  DEMO_TELECOM_PARTNER,
  GIFT_CARDS,
  PLACEMENT_ELSEWHERE,
  PLACEMENT_MAIN,
  PROMO_CODES,
} from './extras.js';
export type { HallKind, HallPlan } from './halls/plan.js';
export { type PlanIds, renderHallSvg } from './halls/svg.js';

export interface SeedOptions {
  /** "Today": every date of the catalogue is relative to it. */
  now: Date;
  /** 'full' (default): both cities, every venue, a 9-month season; 'small' and 'two-cities': see SeedScale. */
  scale?: SeedScale;
  /** Told each step as it starts, with the seconds spent so far (for a command line). */
  onProgress?: (step: string, elapsedSeconds: number) => void;
}

/** What the database holds after seeding (row counts). */
export interface SeedSummary {
  /** false when the database already had a catalogue and nothing was written. */
  created: boolean;
  cities: number;
  metroStations: number;
  genres: number;
  organizers: number;
  persons: number;
  venues: number;
  halls: number;
  sections: number;
  places: number;
  largestHallPlaces: number;
  shows: number;
  performances: number;
  priceCategories: number;
  tariffs: number;
  performancePlaces: number;
  soldPlaces: number;
  performanceSections: number;
  packages: number;
  promoBanners: number;
  promoCodes: number;
  giftCards: number;
  partners: number;
  boxOffices: number;
  promotions: number;
  reviews: number;
  ratings: number;
}

/**
 * Serialises concurrent seeders of one schema (two processes starting at once on an empty
 * database), in its two-key form: this, then the schema's hash.
 */
const SEED_LOCK = 727_275;

/**
 * Fills an empty database with the generated demo catalogue: cities, venues with their hall
 * plans and SVGs, people, shows, a season of performances with prices and a realistic share of
 * places sold, and the promo codes, gift cards, partner, box offices, banners and promotions
 * around them. Deterministic: the same `now` and scale give the same rows. When cities already
 * exist it writes nothing and reports what is there.
 */
export async function seedDemo(db: Database, opts: SeedOptions): Promise<SeedSummary> {
  return db.transaction(async (tx) => {
    // An operator's step, not a buyer's request: a process that finds another seeding waits for
    // it however long it takes, instead of being refused by the requests' lock and statement timeouts.
    await tx.query("SELECT set_config('lock_timeout', '0', true), set_config('statement_timeout', '0', true)");
    await tx.query('SELECT pg_advisory_xact_lock($1, hashtext(current_schema()))', [SEED_LOCK]);
    const existing = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM cities');
    if ((existing.rows[0]?.n ?? 0) > 0) return { created: false, ...(await readSeedSummary(tx)) };
    const started = performance.now();
    const progress = (step: string) => opts.onProgress?.(step, Math.round(performance.now() - started) / 1000);
    await writeDemoCatalogue(tx, opts.now, opts.scale ?? 'full', progress);
    progress('done');
    return { created: true, ...(await readSeedSummary(tx)) };
  });
}

/** The small catalogue fast tests start from. */
export function seedSmallFixture(db: Database, now: Date = new Date()): Promise<SeedSummary> {
  return seedDemo(db, { now, scale: 'small' });
}

export async function readSeedSummary(db: Queryable): Promise<Omit<SeedSummary, 'created'>> {
  const count = (table: string, where = '') => `(SELECT count(*) FROM ${table} ${where})::int`;
  const r = await db.query<Omit<SeedSummary, 'created'>>(`SELECT
    ${count('cities')} AS "cities",
    ${count('metro_stations')} AS "metroStations",
    ${count('genres')} AS "genres",
    ${count('organizers')} AS "organizers",
    ${count('persons')} AS "persons",
    ${count('buildings')} AS "venues",
    ${count('halls')} AS "halls",
    ${count('sections')} AS "sections",
    ${count('places')} AS "places",
    (SELECT coalesce(max(place_count), 0) FROM halls)::int AS "largestHallPlaces",
    ${count('shows')} AS "shows",
    ${count('performances')} AS "performances",
    ${count('price_categories')} AS "priceCategories",
    ${count('tariffs')} AS "tariffs",
    ${count('performance_places')} AS "performancePlaces",
    ${count('performance_places', 'WHERE state = 2')} AS "soldPlaces",
    ${count('performance_sections')} AS "performanceSections",
    ${count('packages')} AS "packages",
    ${count('promo_banners')} AS "promoBanners",
    ${count('promo_codes')} AS "promoCodes",
    ${count('gift_cards')} AS "giftCards",
    ${count('partners')} AS "partners",
    ${count('box_offices')} AS "boxOffices",
    ${count('promotions')} AS "promotions",
    ${count('reviews')} AS "reviews",
    ${count('ratings')} AS "ratings"`);
  return r.rows[0]!;
}
