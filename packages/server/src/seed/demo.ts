import type { Queryable } from '../db/index.js';
import { writeBonusDemo } from './bonus.js';
import { CITIES, type CityKey, VENUES, type VenueSpec } from './catalogue/geography.js';
import { SHOWS, type ShowSpec } from './catalogue/shows.js';
import { writeCheckoutDemo } from './checkout.js';
import { writeCodesDemo } from './codes.js';
import { createRandom } from './random.js';
import { type PerformanceSpec, planPerformances, planSmallPerformances } from './schedule.js';
import { daysUntilMonthsAhead } from './time.js';
import { writeBoxOffices } from './write/box-offices.js';
import type { SeedContext } from './write/context.js';
import { writeExtras } from './write/extras.js';
import { writePerformances } from './write/performances.js';
import { writeCities, writeVenues } from './write/places.js';
import { writeShowVideos } from './write/show-videos.js';
import { writeGenresAndOrganizers, writeShows } from './write/shows.js';

/**
 * 'full': both cities, every venue and show, a 9-month season. 'small': the first city's small
 * part (its theatre, club, loft and gallery, about a dozen performances), for fast server tests.
 * 'two-cities': the same and the second city's small part (a club and a gallery), for the site's
 * browser tests of choosing a city (decision 0051).
 */
export type SeedScale = 'full' | 'small' | 'two-cities';

/** How far ahead performances are planned (the search calendar's reach, spec section 9). */
export const HORIZON_MONTHS = 9;

/** The venues of a scale: every venue, or the small part of the first city or of both. */
function venuesOf(scale: SeedScale): VenueSpec[] {
  if (scale === 'full') return VENUES;
  return VENUES.filter((v) => v.small && (scale === 'two-cities' || v.city === CITIES[0]!.subdomain));
}

/**
 * The small seeds' dates, planned city by city over the shows grouped by city (the first city's
 * first), so that the first city's shows, performances and their ids are the same in 'small' and
 * 'two-cities': a second city only adds rows after them.
 */
function planSmallCities(now: Date, shows: readonly ShowSpec[], cityOf: (s: ShowSpec) => CityKey): PerformanceSpec[] {
  const plan: PerformanceSpec[] = [];
  let first = 0;
  for (const city of CITIES) {
    const own = shows.filter((s) => cityOf(s) === city.subdomain);
    plan.push(...planSmallPerformances(now, own).map((p) => ({ ...p, show: p.show + first })));
    first += own.length;
  }
  return plan;
}

/**
 * Writes the whole demo catalogue into an empty database, in the caller's transaction (the
 * scales: SeedScale). Every choice comes from one seeded random stream, forked per part, so equal
 * input gives equal rows.
 */
export async function writeDemoCatalogue(
  tx: Queryable,
  now: Date,
  scale: SeedScale,
  progress: (step: string) => void = () => {},
): Promise<void> {
  // The small seeds share one random stream, so the first city's rows are equal in both.
  const small = scale !== 'full';
  const random = createRandom(`partera-demo/${small ? 'small' : scale}`);
  const venues = venuesOf(scale);
  const cities = CITIES.filter((c) => venues.some((v) => v.city === c.subdomain));
  const cityOf = (s: ShowSpec) => venues.find((v) => v.key === s.hall)!.city;
  const cityOrder = (s: ShowSpec) => cities.findIndex((c) => c.subdomain === cityOf(s));
  const shows = SHOWS.filter((s) => venues.some((v) => v.key === s.hall) && (!small || s.small));
  // Grouped by city, the first city's first (a stable sort: the catalogue's order within a city).
  if (small) shows.sort((a, b) => cityOrder(a) - cityOrder(b));
  const ctx = (part: string): SeedContext => ({ tx, now, random: random.fork(part), progress });

  const places = await writeCities(ctx('cities'), cities);
  const genres = await writeGenresAndOrganizers(ctx('genres'));
  const halls = await writeVenues(ctx('venues'), venues, places);
  const hallByKey = new Map(halls.map((h) => [h.venue.key, h]));
  const showIds = await writeShows(ctx('shows'), shows, hallByKey, genres);
  await writeShowVideos(tx);
  const plan = small
    ? planSmallCities(now, shows, cityOf)
    : planPerformances(random.fork('schedule'), now, shows, daysUntilMonthsAhead(now, HORIZON_MONTHS));
  const performanceIds = await writePerformances(ctx('sales'), plan, shows, showIds, hallByKey);
  await writeExtras(ctx('extras'), { cities, places, shows, showIds, hallByKey, plan, performanceIds });
  await writeBoxOffices(ctx('box-offices'), places);
  await writeBonusDemo(tx, now);
  await writeCheckoutDemo(tx);
  await writeCodesDemo(tx, now);
}
