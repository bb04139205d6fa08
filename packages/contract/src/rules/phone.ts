/**
 * Phone numbers a buyer may confirm (site 5 Phone): the countries the site offers, each with its
 * dialing code, the length of its national number, the first digit of its mobile numbers (a
 * confirmation code travels by SMS) and the input mask the form uses ('9' is one digit).
 */
import { messages } from '../errors.js';
import { normalizePhone } from '../format/phone.js';

export interface PhoneCountry {
  /** ISO 3166 code. */
  code: string;
  name: string;
  dial: string;
  /** Digits after the dialing code. */
  nationalLength: number;
  /** The first digits a mobile number starts with, after the dialing code. */
  mobilePrefixes: readonly string[];
  mask: string;
}

/** The first is the default (RU). */
export const PHONE_COUNTRIES: readonly PhoneCountry[] = [
  { code: 'RU', name: 'Россия', dial: '7', nationalLength: 10, mobilePrefixes: ['9'], mask: '+7(999) 999-99-99' },
  { code: 'KZ', name: 'Казахстан', dial: '7', nationalLength: 10, mobilePrefixes: ['7'], mask: '+7(999) 999-99-99' },
  {
    code: 'BY',
    name: 'Беларусь',
    dial: '375',
    nationalLength: 9,
    mobilePrefixes: ['25', '29', '33', '44'],
    mask: '+375(99) 999-99-99',
  },
  { code: 'AM', name: 'Армения', dial: '374', nationalLength: 8, mobilePrefixes: [''], mask: '+374(99) 99-99-99' },
  { code: 'AZ', name: 'Азербайджан', dial: '994', nationalLength: 9, mobilePrefixes: [''], mask: '+994(99) 999-99-99' },
  { code: 'GE', name: 'Грузия', dial: '995', nationalLength: 9, mobilePrefixes: ['5'], mask: '+995(999) 99-99-99' },
  { code: 'KG', name: 'Киргизия', dial: '996', nationalLength: 9, mobilePrefixes: [''], mask: '+996(999) 999-999' },
  { code: 'MD', name: 'Молдова', dial: '373', nationalLength: 8, mobilePrefixes: ['6', '7'], mask: '+373(99) 999-999' },
  { code: 'TJ', name: 'Таджикистан', dial: '992', nationalLength: 9, mobilePrefixes: [''], mask: '+992(99) 999-99-99' },
  { code: 'UZ', name: 'Узбекистан', dial: '998', nationalLength: 9, mobilePrefixes: [''], mask: '+998(99) 999-99-99' },
];

export function phoneCountry(code: string): PhoneCountry | undefined {
  const upper = code.trim().toUpperCase();
  return PHONE_COUNTRIES.find((c) => c.code === upper);
}

/** Country code → input mask, as /phone/getphonemasks/ answers. */
export function phoneMaskMap(): Record<string, string> {
  return Object.fromEntries(PHONE_COUNTRIES.map((c) => [c.code, c.mask]));
}

export type PhoneCheck = { ok: true; number: string; country: string } | { ok: false; message: string };

/**
 * A number typed in a country's form, as the international digits an SMS goes to: spaces and
 * + ( ) - are dropped; the dialing code may be typed or left out; a Russian number may start
 * with the trunk 8. It must be a mobile number of that country, of the country's length.
 */
export function checkPhoneNumber(input: string, countryCode: string): PhoneCheck {
  const country = phoneCountry(countryCode);
  if (!country) return { ok: false, message: messages.phoneCountryUnknown };
  const digits = normalizePhone(input);
  if (digits === '') return { ok: false, message: messages.phoneEmpty };
  if (!/^\d+$/.test(digits)) return { ok: false, message: messages.phoneInvalid(country.name, country.dial) };
  let national = digits;
  if (digits.length === country.dial.length + country.nationalLength && digits.startsWith(country.dial)) {
    national = digits.slice(country.dial.length);
  } else if (country.dial === '7' && digits.length === 11 && digits.startsWith('8')) {
    national = digits.slice(1);
  }
  const mobile = country.mobilePrefixes.some((p) => national.startsWith(p));
  if (national.length !== country.nationalLength || !mobile) {
    return { ok: false, message: messages.phoneInvalid(country.name, country.dial) };
  }
  return { ok: true, number: `${country.dial}${national}`, country: country.code };
}

/**
 * Types a number into a country's mask as the buyer goes: '+7(999) 999-99-99' and '9161234' give
 * '+7(916) 123-4'. What comes before the '(' is the dialing code, written as it is (its digits
 * are not slots: '+998(99) …'); typed digits that repeat it at the start are skipped, as is a
 * Russian trunk 8. In the rest each '9' is one digit.
 */
/** A mask as an input's placeholder: '+7(999) 999-99-99' → '+7(___) ___-__-__'. */
export function phoneMaskPlaceholder(mask: string): string {
  const open = Math.max(mask.indexOf('('), 0);
  return mask.slice(0, open) + mask.slice(open).replace(/9/g, '_');
}

export function applyPhoneMask(mask: string, input: string): string {
  const open = Math.max(mask.indexOf('('), 0);
  const prefix = mask.slice(0, open);
  const body = mask.slice(open);
  const dial = prefix.replace(/\D/g, '');
  const slots = (body.match(/9/g) ?? []).length;
  let digits = input.replace(/\D/g, '');
  if (digits.length > slots && dial && digits.startsWith(dial)) digits = digits.slice(dial.length);
  else if (digits.length > slots && dial === '7' && digits.startsWith('8')) digits = digits.slice(1);
  if (digits.length === 0) return '';
  let out = prefix;
  let next = 0;
  for (const ch of body) {
    if (ch === '9') {
      if (next >= digits.length) break;
      out += digits[next++];
    } else {
      // Separators after the last typed digit wait for the next one.
      if (next > 0 && next >= digits.length) break;
      out += ch;
    }
  }
  return out;
}
