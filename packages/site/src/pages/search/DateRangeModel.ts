/**
 * The date-range calendar's model (site-browsing-account.md 2.6, 2.7, 5): from today to 9 months
 * ahead, weeks starting on Monday, a range chosen with two taps, dates written dd.mm.yyyy. Plain
 * functions over 'yyyy-mm-dd' strings, shared by the server-rendered markup (DateRangeCalendar)
 * and the script that draws the months (client/lib/date-range.ts).
 */
import { SEARCH_CALENDAR_MONTHS_AHEAD } from '@partera/contract';

/** A calendar day, 'yyyy-mm-dd' (compares as text). */
export type Day = string;

export interface DateRange {
  from: Day | null;
  till: Day | null;
}

/** 'dd.mm.yyyy' → 'yyyy-mm-dd'; null unless a real date. */
export function dayOf(text: string): Day | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const day = `${m[3]}-${m[2]}-${m[1]}`;
  return shiftDays(day, 0) === day ? day : null;
}

/** 'yyyy-mm-dd' → 'dd.mm.yyyy' (how mnd and mxd are written). */
export const filterDateOf = (day: Day) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

function utc(day: Day): Date {
  return new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))));
}

const dayFromDate = (d: Date): Day => d.toISOString().slice(0, 10);

export function shiftDays(day: Day, days: number): Day {
  const d = utc(day);
  d.setUTCDate(d.getUTCDate() + days);
  return dayFromDate(d);
}

/** The first day of the month `months` after the month of `day` ('2030-03-17', 1 → '2030-04-01'). */
export function shiftMonths(day: Day, months: number): Day {
  const d = utc(day);
  return dayFromDate(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1)));
}

/** The last day the calendar offers: 9 months after today (spec 9). */
export function lastDay(today: Day, monthsAhead = SEARCH_CALENDAR_MONTHS_AHEAD): Day {
  const d = utc(today);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + monthsAhead, 1));
  const monthLength = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), monthLength));
  return dayFromDate(target);
}

/** The weeks of a month, Monday first; days of the neighbouring months are null. */
export function monthWeeks(month: Day): Array<Array<Day | null>> {
  const first = shiftMonths(month, 0);
  const offset = (utc(first).getUTCDay() + 6) % 7;
  const length = new Date(Date.UTC(Number(first.slice(0, 4)), Number(first.slice(5, 7)), 0)).getUTCDate();
  const cells: Array<Day | null> = [...Array<null>(offset).fill(null)];
  for (let i = 0; i < length; i++) cells.push(shiftDays(first, i));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: Array<Array<Day | null>> = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/**
 * The range after a tap on `day`: the first tap chooses one day (the range's both ends); the next
 * one closes the range on the later of the two days. A tap after a closed range starts anew.
 */
export function pickDay(range: DateRange, day: Day, picking: boolean): { range: DateRange; picking: boolean } {
  if (!picking || !range.from) return { range: { from: day, till: day }, picking: true };
  return day < range.from
    ? { range: { from: day, till: range.from }, picking: false }
    : { range: { from: range.from, till: day }, picking: false };
}

/** The toggle's text: 'Выбрать даты', or the range as 'dd.mm' or 'dd.mm - dd.mm' (as the genre page's header, spec 2.7). */
export function rangeLabel(range: DateRange): string {
  if (!range.from) return CHOOSE_DATES;
  const dm = (day: Day) => `${day.slice(8, 10)}.${day.slice(5, 7)}`;
  return range.till && range.till !== range.from ? `${dm(range.from)} - ${dm(range.till)}` : dm(range.from);
}

export const CHOOSE_DATES = 'Выбрать даты';
