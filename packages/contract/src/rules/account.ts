/** Account form rules (site 5 Other account fields; site 4). */
import { DEFAULT_PHONE_COUNTRY } from '../constants.js';
import { fieldMessage, messages } from '../errors.js';
import { parseRuDate } from '../format/date.js';
import { isBirthDateInRange } from './age.js';
import { isValidEmail, isValidName } from './guest.js';
import { checkPhoneNumber } from './phone.js';

/** Loyalty phone: +7(ddd) ddd-dd-dd. */
export const LOYALTY_PHONE_PATTERN = /^\+7\(\d{3}\) \d{3}-\d{2}-\d{2}$/;

/** null when valid, else 'Неверно введен номер телефона'. */
export function loyaltyPhoneError(phone: string): string | null {
  return LOYALTY_PHONE_PATTERN.test(phone.trim()) ? null : messages.loyaltyPhoneInvalid;
}

/** Loyalty card: the rules must be accepted, else 'Нужно подтвердить прочтение правил!'. */
export function loyaltyCardError(accepted: boolean): string | null {
  return accepted ? null : messages.cardRulesNotAccepted;
}

/** Survey: every checkbox group and every radio group needs at least one checked item. */
export function surveyComplete(groups: ReadonlyArray<ReadonlyArray<boolean>>): boolean {
  return groups.every((g) => g.some(Boolean));
}

/** Wishlist: adding a show requires showId > 0. */
export function canBookmark(showId: number): boolean {
  return Number.isInteger(showId) && showId > 0;
}

// ---------------------------------------------------------------- Registration and passwords

/** Passwords: at least 8 characters (a memory-hard hash keeps them; see docs/security.md). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

/** The version of the personal-data consent text a buyer agrees to (152-ФЗ); kept with each consent. */
export const PERSONAL_DATA_CONSENT_VERSION = '2026-11-01';

/** null when the password is acceptable, else the message shown beside it. */
export function passwordError(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return messages.passwordTooShort(PASSWORD_MIN_LENGTH);
  if (password.length > PASSWORD_MAX_LENGTH) return messages.passwordTooLong(PASSWORD_MAX_LENGTH);
  return null;
}

export interface RegistrationForm {
  email: string;
  password: string;
  firstname: string;
  surname: string;
  /** Optional: a mobile number of `country` (default RU), kept unconfirmed until its SMS code comes back. */
  phone?: string;
  country?: string;
  /** The separate personal-data consent checkbox (152-ФЗ): registration needs it ticked. */
  consent: boolean;
}

export type RegistrationField = keyof RegistrationForm;

/**
 * The registration form's checks, field by field (the browser runs them before sending, the
 * server again): an empty object when the form may be sent. The e-mail must match the standard
 * pattern; whether it is already taken only the server knows.
 */
export function registrationErrors(form: RegistrationForm): Partial<Record<RegistrationField, string>> {
  const errors: Partial<Record<RegistrationField, string>> = {};
  if (!isValidEmail(form.email)) errors.email = messages.emailInvalid;
  const password = passwordError(form.password);
  if (password) errors.password = password;
  if (!isValidName(form.firstname)) errors.firstname = messages.nameRequired;
  if (!isValidName(form.surname)) errors.surname = messages.surnameRequired;
  if (form.phone?.trim()) {
    const phone = checkPhoneNumber(form.phone, form.country || DEFAULT_PHONE_COUNTRY);
    if (!phone.ok) errors.phone = phone.message;
  }
  if (!form.consent) errors.consent = messages.consentRequired;
  return errors;
}

// ---------------------------------------------------------------- The cabinet: personal info and password

/** The personal-info form of the cabinet (site 2.15): surname and first name required. */
export interface ProfileEditForm {
  surname: string;
  firstname: string;
  /** Optional: '' is none. */
  patronymic?: string;
  /** Optional dd.mm.yyyy: '' is none. */
  birthday?: string;
}

/**
 * The birth date of a personal form (site 5): '' is none; otherwise a real dd.mm.yyyy date
 * (31.02.2000 is not) from 01.01.1900 to `today` (a date whose calendar day is today). Null when
 * acceptable, else the message.
 */
export function birthDateError(text: string, today: Date): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const birth = parseRuDate(trimmed);
  if (!birth) return messages.birthDateInvalid;
  return isBirthDateInRange(birth, today) ? null : messages.birthDateOutOfRange;
}

/** A name part's check: empty → `required`, not a plausible name → `invalid`. */
function namePartError(value: string, required: string | null, invalid: string): string | null {
  if (value.trim() === '') return required;
  return isValidName(value) ? null : invalid;
}

/**
 * The personal-info form's checks in order, the first failure wins (the answer carries one
 * message): surname, first name, patronymic (when given), birth date (when given). The browser
 * runs them before sending, the server again. Null when the form may be saved.
 */
export function profileEditError(form: ProfileEditForm, today: Date): string | null {
  return (
    namePartError(form.surname, messages.surnameRequired, messages.surnameInvalid) ??
    namePartError(form.firstname, messages.nameRequired, messages.firstnameInvalid) ??
    namePartError(form.patronymic ?? '', null, messages.patronymicInvalid) ??
    birthDateError(form.birthday ?? '', today)
  );
}

export interface PasswordChangeForm {
  old: string;
  new: string;
  new2: string;
}

/**
 * The password change's checks that need no server, as 'field::text' (site 5): the current
 * password given, the new one acceptable (passwordError), typed twice the same, and different
 * from the current one. Whether the current password is right only the server knows
 * ('old::Неверный текущий пароль'). Null when the form may be sent.
 */
export function passwordChangeError(form: PasswordChangeForm): string | null {
  if (form.old === '') return fieldMessage('old', messages.passwordOldEmpty);
  const weak = passwordError(form.new);
  if (weak) return fieldMessage('new', weak);
  if (form.new2 !== form.new) return fieldMessage('new2', messages.passwordsDiffer);
  if (form.new === form.old) return fieldMessage('new', messages.passwordSameAsOld);
  return null;
}
