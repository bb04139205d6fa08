/**
 * The schedule's address (site-browsing-account.md 2.8):
 * /schedule/place-{placeID}/{from}/{till}/genre-{genre}/{sale}/[page-{n}/]. placeID is 'all' or
 * a venue id; genre 'all' (the default), a genre's URL name or its id; sale 'all' or 'insale'.
 * The spec leaves the form of from and till open: we write them yyyy-mm-dd (sorts as text, reads
 * the same in every locale) and also read dd.mm.yyyy, the search's form (decision 0040).
 */
import { parseFilterDate } from '../search/filters.js';
import { dateFormat } from './fragments.js';

/** Rows per schedule page: one infinite-scroll step, about a screen (decision 0040). */
export const SCHEDULE_PAGE_SIZE = 10;
/** Deeper pages are not read (the offset would grow unbounded); nobody scrolls 3,000 rows. */
export const SCHEDULE_MAX_PAGE = 300;
/** A range longer than a year is cut to a year from its start. */
export const SCHEDULE_MAX_DAYS = 366;
/** The schedule's default range: today and the next 30 days. */
export const SCHEDULE_DEFAULT_DAYS = 30;

export type ScheduleSale = 'all' | 'insale';

export interface ScheduleAddress {
  place: number | 'all';
  /** yyyy-mm-dd, from ≤ till. */
  from: string;
  till: string;
  /** 'all' or a genre's URL name. */
  genre: string;
  sale: ScheduleSale;
  page: number;
}

const localDays = new Map<string, string>();

/**
 * yyyy-mm-dd of an instant in a time zone. Kept per minute: every zone's offset is whole minutes,
 * so a day begins on a minute and the instants of one minute share their day.
 */
export function localDay(at: Date, timeZone: string): string {
  const key = `${timeZone} ${Math.floor(at.getTime() / 60_000)}`;
  let day = localDays.get(key);
  if (day === undefined) {
    day = dateFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
    if (localDays.size >= 1_000) localDays.clear();
    localDays.set(key, day);
  }
  return day;
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Monday 0 … Sunday 6 (weeks start on Monday, spec 5). */
export function weekdayOf(day: string): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** 'yyyy-mm-dd' or 'dd.mm.yyyy' → 'yyyy-mm-dd'; null unless a real calendar date. */
export function parseScheduleDate(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? parseFilterDate(`${m[3]}.${m[2]}.${m[1]}`) : parseFilterDate(value);
}

/** The schedule's address of these filters: page 1 has no 'page-N/' segment. */
export function schedulePath(a: Omit<ScheduleAddress, 'page'> & { page?: number }): string {
  const base = `/schedule/place-${a.place}/${a.from}/${a.till}/genre-${encodeURIComponent(a.genre)}/${a.sale}/`;
  return a.page && a.page > 1 ? `${base}page-${a.page}/` : base;
}

/** The schedule from today for SCHEDULE_DEFAULT_DAYS days, everywhere, every genre. */
export function defaultSchedulePath(now: Date, timeZone: string, place: number | 'all' = 'all'): string {
  const from = localDay(now, timeZone);
  return schedulePath({ place, from, till: addDays(from, SCHEDULE_DEFAULT_DAYS), genre: 'all', sale: 'all' });
}

/**
 * Reads the address's segments as the route gives them. Null when a date is no date (the
 * address names nothing). Dates in the wrong order are swapped; a range longer than
 * SCHEDULE_MAX_DAYS is cut; the page is kept within 1…SCHEDULE_MAX_PAGE.
 */
export function parseScheduleAddress(s: {
  placeId: string;
  from: string;
  till: string;
  genre: string;
  sale: ScheduleSale;
  page?: number;
}): ScheduleAddress | null {
  let from = parseScheduleDate(s.from);
  let till = parseScheduleDate(s.till);
  if (!from || !till) return null;
  if (from > till) [from, till] = [till, from];
  const last = addDays(from, SCHEDULE_MAX_DAYS - 1);
  if (till > last) till = last;
  return {
    place: s.placeId === 'all' ? 'all' : Number(s.placeId),
    from,
    till,
    genre: s.genre.toLowerCase() || 'all',
    sale: s.sale,
    page: Math.min(Math.max(Math.trunc(s.page ?? 1), 1), SCHEDULE_MAX_PAGE),
  };
}
