/** Age check and birth-date rules (site 5). */
import { AGE_WARNING_ABOVE, BIRTH_DATE_MIN_YEAR } from '../constants.js';
import { messages } from '../errors.js';
import { parseRuDate } from '../format/date.js';

/** Thrown by checkAge when the birth date is not a real dd.mm.yyyy date. */
export class DateParseError extends Error {
  constructor() {
    super(messages.dateParseError);
    this.name = 'DateParseError';
  }
}

/** Age in full years as of `today`: minus one if this year's birthday has not come yet. */
export function ageInYears(birth: Date, today: Date): number {
  let age = today.getFullYear() - birth.getFullYear();
  const beforeBirthday =
    today.getMonth() < birth.getMonth() || (today.getMonth() === birth.getMonth() && today.getDate() < birth.getDate());
  if (beforeBirthday) age -= 1;
  return age;
}

/**
 * Passes only when the age in full years is less than maxAge. The birth date must be
 * dd.mm.yyyy and format back to the same string, else it throws 'Date string parse error!'.
 */
export function checkAge(input: { maxAge: number; birthDateString: string }, today: Date): boolean {
  const birth = parseRuDate(input.birthDateString);
  if (!birth) throw new DateParseError();
  return ageInYears(birth, today) < input.maxAge;
}

/** The same check without throwing: the error text instead. */
export function tryCheckAge(
  input: { maxAge: number; birthDateString: string },
  today: Date,
): { ok: true; passes: boolean; age: number } | { ok: false; error: string } {
  const birth = parseRuDate(input.birthDateString);
  if (!birth) return { ok: false, error: messages.dateParseError };
  const age = ageInYears(birth, today);
  return { ok: true, passes: age < input.maxAge, age };
}

/** Birth dates on personal forms run from 01.01.1900 to today. */
export function isBirthDateInRange(birth: Date, today: Date): boolean {
  const min = new Date(BIRTH_DATE_MIN_YEAR, 0, 1);
  return birth.getTime() >= min.getTime() && birth.getTime() <= today.getTime();
}

/** Above 65 an advisory warning shows; it never blocks. */
export function showsAgeWarning(birth: Date, today: Date): boolean {
  return ageInYears(birth, today) > AGE_WARNING_ABOVE;
}
