/** Account form rules (site 5 Other account fields; site 4). */
import { messages } from '../errors.js';
import { isValidEmail, isValidName } from './guest.js';

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
  if (!form.consent) errors.consent = messages.consentRequired;
  return errors;
}
