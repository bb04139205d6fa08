import { describe, expect, it } from 'vitest';
import { applyPhoneMask, checkPhoneNumber, messages, PHONE_COUNTRIES, phoneMaskMap } from '../src/index.js';

describe('phone numbers per country (site 5 Phone)', () => {
  it('answers the international digits of a mobile number, however it was typed', () => {
    expect(checkPhoneNumber(' +7 (916) 123-45-67 ', 'RU')).toEqual({ ok: true, number: '79161234567', country: 'RU' });
    expect(checkPhoneNumber('8 916 123 45 67', 'ru')).toEqual({ ok: true, number: '79161234567', country: 'RU' });
    expect(checkPhoneNumber('9161234567', 'RU')).toMatchObject({ number: '79161234567' });
    expect(checkPhoneNumber('701 123 45 67', 'KZ')).toMatchObject({ number: '77011234567' });
    expect(checkPhoneNumber('+374 91 123456', 'AM')).toMatchObject({ number: '37491123456' });
  });

  it('refuses landlines, other countries’ numbers, wrong lengths, letters and unknown countries', () => {
    const invalidRu = { ok: false, message: messages.phoneInvalid('Россия', '7') };
    expect(checkPhoneNumber('+7 495 123-45-67', 'RU')).toEqual(invalidRu);
    expect(checkPhoneNumber('+7 701 123-45-67', 'RU')).toEqual(invalidRu);
    expect(checkPhoneNumber('+7 916 123-45-6', 'RU')).toEqual(invalidRu);
    expect(checkPhoneNumber('+7 916 123-45-678', 'RU')).toEqual(invalidRu);
    expect(checkPhoneNumber('+7 916 12E-45-67', 'RU')).toEqual(invalidRu);
    expect(checkPhoneNumber('  ', 'RU')).toEqual({ ok: false, message: messages.phoneEmpty });
    expect(checkPhoneNumber('9161234567', 'US')).toEqual({ ok: false, message: messages.phoneCountryUnknown });
  });

  it('gives every country a mask whose slots are its dialing code and national number', () => {
    expect(PHONE_COUNTRIES[0]!.code).toBe('RU');
    for (const c of PHONE_COUNTRIES) {
      const slots = (c.mask.slice(c.mask.indexOf('(')).match(/9/g) ?? []).length;
      expect(slots, c.code).toBe(c.nationalLength);
      expect(c.mask.startsWith(`+${c.dial}(`), c.code).toBe(true);
      expect(phoneMaskMap()[c.code]).toBe(c.mask);
    }
  });

  it('types digits into the mask as the buyer goes', () => {
    const ru = '+7(999) 999-99-99';
    expect(applyPhoneMask(ru, '')).toBe('');
    expect(applyPhoneMask(ru, '9')).toBe('+7(9');
    expect(applyPhoneMask(ru, '9161234')).toBe('+7(916) 123-4');
    expect(applyPhoneMask(ru, '+7 916 123 45 67')).toBe('+7(916) 123-45-67');
    expect(applyPhoneMask(ru, '89161234567')).toBe('+7(916) 123-45-67');
    expect(applyPhoneMask(ru, '916123456789')).toBe('+7(916) 123-45-67');
    expect(applyPhoneMask('+375(99) 999-99-99', '291234567')).toBe('+375(29) 123-45-67');
    expect(applyPhoneMask('+998(99) 999-99-99', '+998 90 123 45 67')).toBe('+998(90) 123-45-67');
    // What the mask shows is what the server accepts.
    expect(checkPhoneNumber(applyPhoneMask(ru, '9161234567'), 'RU')).toMatchObject({ ok: true });
  });
});
