/** The cabinet's personal-info and password-change rules (site 2.15, 5), shared by the browser and the server. */
import { describe, expect, it } from 'vitest';
import {
  birthDateError,
  fieldMessage,
  messages,
  PASSWORD_MIN_LENGTH,
  parseFieldMessage,
  passwordChangeError,
  profileEditError,
} from '../src/index.js';

describe('the birth date of a personal form', () => {
  const today = new Date(2026, 5, 15, 12, 0);

  it('is optional, else a real dd.mm.yyyy date from 01.01.1900 to today', () => {
    expect(birthDateError('', today)).toBeNull();
    expect(birthDateError('  ', today)).toBeNull();
    expect(birthDateError('29.02.2024', today)).toBeNull();
    expect(birthDateError('01.01.1900', today)).toBeNull();
    expect(birthDateError('15.06.2026', today)).toBeNull();
    expect(birthDateError('31.02.2000', today)).toBe(messages.birthDateInvalid);
    expect(birthDateError('29.02.2023', today)).toBe(messages.birthDateInvalid);
    expect(birthDateError('2000-01-01', today)).toBe(messages.birthDateInvalid);
    expect(birthDateError('31.12.1899', today)).toBe(messages.birthDateOutOfRange);
    expect(birthDateError('16.06.2026', today)).toBe(messages.birthDateOutOfRange);
  });
});

describe('the personal-info form', () => {
  const today = new Date(2026, 5, 15);
  const form = { surname: 'Каренина', firstname: 'Анна', patronymic: 'Аркадьевна', birthday: '01.01.1980' };

  it('needs surname and first name, takes patronymic and birth date when given; the first failure wins', () => {
    expect(profileEditError(form, today)).toBeNull();
    expect(profileEditError({ surname: 'Каренина', firstname: 'Анна' }, today)).toBeNull();
    expect(profileEditError({ ...form, patronymic: '' }, today)).toBeNull();
    expect(profileEditError({ ...form, surname: ' ' }, today)).toBe(messages.surnameRequired);
    expect(profileEditError({ ...form, surname: '1' }, today)).toBe(messages.surnameInvalid);
    expect(profileEditError({ ...form, firstname: '' }, today)).toBe(messages.nameRequired);
    expect(profileEditError({ ...form, firstname: '<b>' }, today)).toBe(messages.firstnameInvalid);
    expect(profileEditError({ ...form, patronymic: '-' }, today)).toBe(messages.patronymicInvalid);
    expect(profileEditError({ ...form, birthday: '31.02.2000' }, today)).toBe(messages.birthDateInvalid);
    expect(profileEditError({ surname: '', firstname: '', birthday: 'x' }, today)).toBe(messages.surnameRequired);
  });
});

describe('the password change', () => {
  const ok = { old: 'old secret 1', new: 'new secret 2', new2: 'new secret 2' };

  it("answers the form's own problems as field::text", () => {
    expect(passwordChangeError(ok)).toBeNull();
    expect(passwordChangeError({ ...ok, old: '' })).toBe(`old::${messages.passwordOldEmpty}`);
    expect(passwordChangeError({ ...ok, new: 'short', new2: 'short' })).toBe(
      `new::${messages.passwordTooShort(PASSWORD_MIN_LENGTH)}`,
    );
    expect(passwordChangeError({ ...ok, new2: 'new secret 3' })).toBe(`new2::${messages.passwordsDiffer}`);
    expect(passwordChangeError({ old: ok.old, new: ok.old, new2: ok.old })).toBe(`new::${messages.passwordSameAsOld}`);
  });

  it('fieldMessage and parseFieldMessage are inverse', () => {
    for (const field of ['old', 'new', 'new2'] as const) {
      expect(parseFieldMessage(fieldMessage(field, 'текст'))).toEqual({ field, text: 'текст' });
    }
  });
});
