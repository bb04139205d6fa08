/**
 * Calendar arithmetic in Moscow time. Both demo cities keep Moscow time (UTC+3 all year, no
 * daylight saving since 2014), so a fixed offset is exact and needs no time-zone database.
 */
const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight (Moscow) of the day of `now`, as a UTC-based day number. */
function moscowDayNumber(now: Date): number {
  return Math.floor((now.getTime() + MOSCOW_OFFSET_MS) / DAY_MS);
}

/** The instant `dayOffset` days after today (Moscow), at hour:minute Moscow time. */
export function atMoscow(now: Date, dayOffset: number, hour: number, minute = 0): Date {
  const day = moscowDayNumber(now) + dayOffset;
  return new Date(day * DAY_MS - MOSCOW_OFFSET_MS + (hour * 60 + minute) * 60_000);
}

/** Day of the week in Moscow, `dayOffset` days after today: 0 Sunday … 6 Saturday. */
export function moscowWeekday(now: Date, dayOffset: number): number {
  // Day number 0 (1970-01-01) was a Thursday.
  return (((moscowDayNumber(now) + dayOffset + 4) % 7) + 7) % 7;
}

/** Days from today (Moscow) to the same calendar day `months` months ahead. */
export function daysUntilMonthsAhead(now: Date, months: number): number {
  const today = new Date(moscowDayNumber(now) * DAY_MS);
  const ahead = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + months, today.getUTCDate());
  return Math.round((ahead - today.getTime()) / DAY_MS);
}

/** The whole hour at or before `now`: created-at stamps stay stable within an hour. */
export function hourFloor(now: Date): Date {
  return new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
}

export function daysBefore(now: Date, days: number, hour = 12): Date {
  return atMoscow(now, -days, hour);
}
