/** Dates as the site shows them: dd.mm.yyyy (separator configurable), dd.mm, dd.mm.yy (site 9). */
import { DATE_SEPARATOR } from '../constants.js';

export type DateInput = Date | number | string;

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * A Date from a Date, a timestamp, an ISO string or a 'yyyy-mm-dd' calendar date (read as a
 * local date, not UTC midnight), or a dd.mm.yyyy string.
 */
export function toDate(input: DateInput): Date | null {
  if (input instanceof Date) return Number.isNaN(input.getTime()) ? null : input;
  if (typeof input === 'number') return toDate(new Date(input));
  // Both patterns below are ten characters long: an ISO instant goes straight to the parser.
  if (input.length !== 10) return toDate(new Date(input));
  const ymd = /^(\d{4})-(\d{2})-(\d{2})$/.exec(input);
  if (ymd) return new Date(Number(ymd[1]), Number(ymd[2]) - 1, Number(ymd[3]));
  const parsed = parseRuDate(input);
  if (parsed) return parsed;
  return toDate(new Date(input));
}

function parts(input: DateInput) {
  const d = toDate(input);
  if (!d) return null;
  return { dd: pad2(d.getDate()), mm: pad2(d.getMonth() + 1), yyyy: String(d.getFullYear()).padStart(4, '0') };
}

/** dd.mm.yyyy (local calendar date); '' for an invalid date. */
export function formatDate(input: DateInput, separator: string = DATE_SEPARATOR): string {
  const p = parts(input);
  return p ? [p.dd, p.mm, p.yyyy].join(separator) : '';
}

/** dd.mm (genre page header). */
export function formatDayMonth(input: DateInput, separator: string = DATE_SEPARATOR): string {
  const p = parts(input);
  return p ? [p.dd, p.mm].join(separator) : '';
}

/** dd.mm.yy (filter pickers, list widget placeholders). */
export function formatDateShortYear(input: DateInput, separator: string = DATE_SEPARATOR): string {
  const p = parts(input);
  return p ? [p.dd, p.mm, p.yyyy.slice(-2)].join(separator) : '';
}

/** The genre page's chosen range: 'dd.mm', or 'dd.mm - dd.mm' when the days differ. */
export function formatDayMonthRange(from: DateInput, till?: DateInput | null): string {
  const a = formatDayMonth(from);
  const b = till === undefined || till === null ? '' : formatDayMonth(till);
  return b && b !== a ? `${a} - ${b}` : a;
}

/**
 * Parses a strict dd.mm.yyyy string into a local date; null unless it is a real calendar date
 * that formats back to the same string (31.02.2000 is null).
 */
export function parseRuDate(text: string, separator: string = DATE_SEPARATOR): Date | null {
  const m = ruDatePattern(separator).exec(text);
  if (!m) return null;
  const d = new Date(Number(m[3]), Number(m[2]) - 1, Number(m[1]));
  d.setFullYear(Number(m[3]));
  return formatDate(d, separator) === text ? d : null;
}

const ruDatePatterns = new Map<string, RegExp>();

/** dd{sep}mm{sep}yyyy, made once per separator (every ISO date passes through parseRuDate first). */
function ruDatePattern(separator: string): RegExp {
  let pattern = ruDatePatterns.get(separator);
  if (!pattern) {
    const sep = separator.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    pattern = new RegExp(`^(\\d{2})${sep}(\\d{2})${sep}(\\d{4})$`);
    ruDatePatterns.set(separator, pattern);
  }
  return pattern;
}

/** mm:ss of a countdown (the basket hold); negative values show 00:00. */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${pad2(Math.floor(s / 60))}:${pad2(s % 60)}`;
}

/** Venues are in Moscow time unless their city says otherwise. */
/** Russian month names in the genitive, as a date says them ('25 ноября'); January first. */
export const MONTHS_GENITIVE = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
] as const;

/** Short Russian weekday names, Sunday first (as WallClock.weekday counts). */
export const WEEKDAYS_SHORT = ['вс', 'пн', 'вт', 'ср', 'чт', 'пт', 'сб'] as const;

export const DEFAULT_TIME_ZONE = 'Europe/Moscow';

/** A wall-clock date and time at a place. */
export interface WallClock {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** 0 Sunday … 6 Saturday */
  weekday: number;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    zoneFormats.set(timeZone, format);
  }
  return format;
}

/**
 * Wall clocks already worked out, by time zone and instant: a page shows the same few hundred
 * performance times again and again, and formatToParts costs tens of microseconds a call (it
 * was a fifth of a show page's rendering). Bounded: emptied when it grows past WALL_CLOCKS_MAX.
 */
const wallClocks = new Map<string, WallClock>();
const WALL_CLOCKS_MAX = 20_000;

/**
 * The wall clock of an instant in a time zone, whatever the time zone of the browser or server
 * doing the rendering. Null for an invalid date.
 */
export function wallClock(input: DateInput, timeZone: string = DEFAULT_TIME_ZONE): WallClock | null {
  const d = toDate(input);
  if (!d) return null;
  const key = `${timeZone} ${d.getTime()}`;
  const known = wallClocks.get(key);
  if (known) return { ...known };
  const parts: Record<string, number> = {};
  for (const p of zoneFormat(timeZone).formatToParts(d)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const year = parts.year ?? 1970;
  const month = parts.month ?? 1;
  const day = parts.day ?? 1;
  const clock: WallClock = {
    year,
    month,
    day,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(),
  };
  if (wallClocks.size >= WALL_CLOCKS_MAX) wallClocks.clear();
  wallClocks.set(key, clock);
  return { ...clock };
}

/** The venue's date and time of an instant: { date: 'dd.mm.yyyy', time: 'HH:mm' }. */
export function venueDateTime(
  input: DateInput,
  timeZone: string = DEFAULT_TIME_ZONE,
): { date: string; time: string } | null {
  const t = wallClock(input, timeZone);
  if (!t) return null;
  return {
    date: [pad2(t.day), pad2(t.month), String(t.year)].join(DATE_SEPARATOR),
    time: `${pad2(t.hour)}:${pad2(t.minute)}`,
  };
}
