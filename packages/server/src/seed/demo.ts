import type { Queryable } from '../db/index.js';
import { writeBonusDemo } from './bonus.js';
import { CITIES, VENUES } from './catalogue/geography.js';
import { SHOWS } from './catalogue/shows.js';
import { writeCheckoutDemo } from './checkout.js';
import { writeCodesDemo } from './codes.js';
import { createRandom } from './random.js';
import { planPerformances, planSmallPerformances } from './schedule.js';
import { daysUntilMonthsAhead } from './time.js';
import { writeBoxOffices } from './write/box-offices.js';
import type { SeedContext } from './write/context.js';
import { writeExtras } from './write/extras.js';
import { writePerformances } from './write/performances.js';
import { writeCities, writeVenues } from './write/places.js';
import { writeShowVideos } from './write/show-videos.js';
import { writeGenresAndOrganizers, writeShows } from './write/shows.js';

export type SeedScale = 'full' | 'small';

/** How far ahead performances are planned (the search calendar's reach, spec section 9). */
export const HORIZON_MONTHS = 9;

/**
 * Writes the whole demo catalogue into an empty database, in the caller's transaction. 'small'
 * keeps one city, its theatre, club and exhibition, and about a dozen performances. Every choice
 * comes from one seeded random stream, forked per part, so equal input gives equal rows.
 */
export async function writeDemoCatalogue(
  tx: Queryable,
  now: Date,
  scale: SeedScale,
  progress: (step: string) => void = () => {},
): Promise<void> {
  const random = createRandom(`partera-demo/${scale}`);
  const small = scale === 'small';
  const venues = VENUES.filter((v) => !small || v.small);
  const cities = CITIES.filter((c) => venues.some((v) => v.city === c.subdomain));
  const shows = SHOWS.filter((s) => venues.some((v) => v.key === s.hall) && (!small || s.small));
  const ctx = (part: string): SeedContext => ({ tx, now, random: random.fork(part), progress });

  const places = await writeCities(ctx('cities'), cities);
  const genres = await writeGenresAndOrganizers(ctx('genres'));
  const halls = await writeVenues(ctx('venues'), venues, places);
  const hallByKey = new Map(halls.map((h) => [h.venue.key, h]));
  const showIds = await writeShows(ctx('shows'), shows, hallByKey, genres);
  await writeShowVideos(tx);
  const plan = small
    ? planSmallPerformances(now, shows)
    : planPerformances(random.fork('schedule'), now, shows, daysUntilMonthsAhead(now, HORIZON_MONTHS));
  const performanceIds = await writePerformances(ctx('sales'), plan, shows, showIds, hallByKey);
  await writeExtras(ctx('extras'), { cities, places, shows, showIds, hallByKey, plan, performanceIds });
  await writeBoxOffices(ctx('box-offices'), places);
  await writeBonusDemo(tx, now);
  await writeCheckoutDemo(tx);
  await writeCodesDemo(tx, now);
}
