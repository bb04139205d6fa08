/**
 * Display of dates, durations and prices on the site's pages. Times are shown in the venue's
 * timezone, computed with Intl only for the numbers; the Russian words come from these tables
 * so that the server and every browser print exactly the same text (hydration stays exact).
 */
import {
  DEFAULT_TIME_ZONE,
  formatKopecks,
  MONTHS_GENITIVE,
  type WallClock,
  WEEKDAYS_SHORT,
  wallClock,
} from '@partera/contract';

const MONTHS = [
  'Январь',
  'Февраль',
  'Март',
  'Апрель',
  'Май',
  'Июнь',
  'Июль',
  'Август',
  'Сентябрь',
  'Октябрь',
  'Ноябрь',
  'Декабрь',
] as const;
const WEEKDAYS = ['воскресенье', 'понедельник', 'вторник', 'среда', 'четверг', 'пятница', 'суббота'] as const;

export const DEFAULT_TIMEZONE = DEFAULT_TIME_ZONE;

export type LocalDateTime = WallClock;

/** The wall-clock date and time of an instant in a timezone (the contract's wallClock). */
export function localDateTime(iso: string, timeZone = DEFAULT_TIMEZONE): LocalDateTime {
  const t = wallClock(iso, timeZone);
  if (!t) throw new RangeError(`Invalid time value: ${iso}`);
  return t;
}

const two = (n: number) => String(n).padStart(2, '0');

/** '10 марта' */
export function formatDayMonth(iso: string, timeZone?: string): string {
  const t = localDateTime(iso, timeZone);
  return `${t.day} ${MONTHS_GENITIVE[t.month - 1]}`;
}

/** '19:00' */
export function formatClock(iso: string, timeZone?: string): string {
  const t = localDateTime(iso, timeZone);
  return `${two(t.hour)}:${two(t.minute)}`;
}

/** 'Март 2030' */
export function formatMonthYear(iso: string, timeZone?: string): string {
  const t = localDateTime(iso, timeZone);
  return `${MONTHS[t.month - 1]} ${t.year}`;
}

/** '2030-03': groups performances by month. */
export function monthKey(iso: string, timeZone?: string): string {
  const t = localDateTime(iso, timeZone);
  return `${t.year}-${two(t.month)}`;
}

/** 'вс' */
export function formatWeekdayShort(iso: string, timeZone?: string): string {
  return WEEKDAYS_SHORT[localDateTime(iso, timeZone).weekday] ?? '';
}

/** 'воскресенье' */
export function formatWeekday(iso: string, timeZone?: string): string {
  return WEEKDAYS[localDateTime(iso, timeZone).weekday] ?? '';
}

/** dd.mm.yyyy, the spec's date display (site-browsing-account.md 9). */
export function formatNumericDate(iso: string, timeZone?: string): string {
  const t = localDateTime(iso, timeZone);
  return `${two(t.day)}.${two(t.month)}.${t.year}`;
}

/** '10 марта, вс, 19:00' */
export function formatPerformanceDate(iso: string, timeZone?: string): string {
  return `${formatDayMonth(iso, timeZone)}, ${formatWeekdayShort(iso, timeZone)}, ${formatClock(iso, timeZone)}`;
}

/** '2 ч 30 мин', '3 ч', '45 мин' */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} мин`;
  return m === 0 ? `${h} ч` : `${h} ч ${m} мин`;
}

/** Age rating mark: '16+'. */
export const ageMark = (age: number) => `${age}+`;

/** A price in kopecks as the spec shows it (non-breaking thousands, rouble sign). */
export const price = (kopecks: number) => formatKopecks(kopecks);

/** 'от 1 200 ₽', or null when there is no price. */
export const priceFrom = (kopecks: number | null) => (kopecks === null ? null : `от ${price(kopecks)}`);
