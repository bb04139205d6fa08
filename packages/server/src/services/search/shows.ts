import type { Queryable } from '../../db/index.js';
import { iso, performancePath, posterUrl, showPath } from '../catalogue/fragments.js';
import {
  type Ahead,
  type AheadFilters,
  type AheadPerformance,
  type AheadShow,
  loadAhead,
  nextPerformance,
} from './ahead.js';
import { type AvailabilityOf, freshAvailability } from './availability.js';
import { type Matches, matchAll } from './match.js';
import type { QueryReading } from './text.js';

/** A show found, with its next performance in the searched dates (what a result and a suggestion show). */
export interface FoundShow {
  showId: number;
  name: string;
  showUrl: string;
  posterUrl: string;
  genreName: string;
  /** The buyers' average score, 0 when nobody voted. */
  rating: number;
  performanceId: number;
  performanceUrl: string;
  /** ISO instant of the next performance. */
  startsAt: string;
  timezone: string;
  buildingName: string;
  /** Places a buyer can take at that performance now. */
  freePlaces: number;
  /** The 'от' price in kopecks (catalogue/availability.ts); null without prices. */
  minPrice: number | null;
}

/**
 * What a search reads: what is ahead for its filters, the matches of its text (null without one),
 * the time, and where the shown performances' numbers come from (the database afresh without it).
 */
export interface SearchSource {
  ahead: Ahead;
  matches: Matches | null;
  now: Date;
  availability?: AvailabilityOf;
}

/** A page of a ranked list: how many in all, and the page's rows. */
export function pageOf<T>(all: readonly T[], limit: number, offset: number): { total: number; items: T[] } {
  return { total: all.length, items: all.slice(offset, offset + limit) };
}

const DAY_MS = 86_400_000;

/**
 * Shows with a performance ahead (on sale or coming soon) in the city and dates, of the genres,
 * matching the text: ranked by relevance plus the nearness of their next date (a day away adds up
 * to 0.5, a month away about 0.2), then by date and id; without a text by date alone. Then the
 * availability of the shown performances from the kept numbers (at most one query).
 */
export async function rankShows(
  db: Queryable,
  src: SearchSource,
  limit: number,
  offset: number,
): Promise<{ total: number; items: FoundShow[] }> {
  const now = src.now.getTime();
  const ranked: Array<{ show: AheadShow; next: AheadPerformance; score: number }> = [];
  for (const show of src.ahead.shows.values()) {
    const relevance = src.matches ? src.matches.show.get(show.id) : 0;
    const next = nextPerformance(show, src.now);
    if (relevance === undefined || !next) continue;
    const score = relevance + 0.5 / (1 + (next.startsAt.getTime() - now) / DAY_MS / 14);
    ranked.push({ show, next, score });
  }
  ranked.sort(
    (a, b) => b.score - a.score || a.next.startsAt.getTime() - b.next.startsAt.getTime() || a.show.id - b.show.id,
  );
  const page = pageOf(ranked, limit, offset);
  const availabilityOf = src.availability ?? freshAvailability(db);
  const availability = await availabilityOf(page.items.map((r) => r.next.id));
  return {
    total: page.total,
    items: page.items.map(({ show, next }) => ({
      showId: show.id,
      name: show.name,
      showUrl: showPath(show.slug),
      posterUrl: posterUrl(show.id),
      genreName: show.genreName,
      rating: Math.round(show.rating * 10) / 10,
      performanceId: next.id,
      performanceUrl: performancePath(next.id),
      startsAt: iso(next.startsAt),
      timezone: next.timezone,
      buildingName: next.buildingName,
      freePlaces: availability.get(next.id)?.freePlaces ?? 0,
      minPrice: availability.get(next.id)?.minPrice ?? null,
    })),
  };
}

/** A search of shows by its filters and the readings of its text, the page to answer. */
export interface ShowSearch extends AheadFilters {
  readings: readonly QueryReading[];
  now: Date;
  limit: number;
  offset: number;
}

/** rankShows over what is ahead and matches read afresh (no kept copy): for callers outside the search's cache. */
export async function searchShows(db: Queryable, s: ShowSearch): Promise<{ total: number; items: FoundShow[] }> {
  const [ahead, matches] = await Promise.all([
    loadAhead(db, s, s.now),
    s.readings.length > 0 ? matchAll(db, s.readings) : null,
  ]);
  return rankShows(db, { ahead, matches, now: s.now }, s.limit, s.offset);
}
