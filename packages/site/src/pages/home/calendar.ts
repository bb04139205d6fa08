import { DEFAULT_TIME_ZONE, wallClock } from '@partera/contract';
import type { CalendarDay } from './CalendarBar.js';

/** Days the calendar bar shows, today first. */
export const CALENDAR_BAR_DAYS = 14;

const DAY_MS = 24 * 60 * 60 * 1000;
const two = (n: number) => String(n).padStart(2, '0');

/**
 * The coming days at the city's clock. The words come from the platform's Russian calendar
 * (Intl, 'ru-RU'): the weekday's short name and the month in the genitive ('марта').
 */
export function calendarDays(now: Date, timeZone = DEFAULT_TIME_ZONE, count = CALENDAR_BAR_DAYS): CalendarDay[] {
  const weekday = new Intl.DateTimeFormat('ru-RU', { weekday: 'short', timeZone });
  const month = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', timeZone });
  const days: CalendarDay[] = [];
  for (let i = 0; i < count; i++) {
    // 24-hour steps from now, one a calendar day: the cities' clocks keep no daylight saving.
    const at = new Date(now.getTime() + i * DAY_MS);
    const t = wallClock(at.toISOString(), timeZone);
    if (!t) continue;
    days.push({
      date: `${two(t.day)}.${two(t.month)}.${t.year}`,
      day: t.day,
      weekday: weekday.format(at),
      month: i === 0 || t.day === 1 ? month.format(at).replace(/^\d+\s*/, '') : null,
      weekend: t.weekday === 0 || t.weekday === 6,
    });
  }
  return days;
}
