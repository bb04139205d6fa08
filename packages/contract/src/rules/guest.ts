/** Guest checkout form (hall 5.5, 4.6). */
import { MASK } from '../constants.js';
import type { PaymentMethod } from '../entities/order.js';
import { messages } from '../errors.js';

/** A standard e-mail pattern: local part, '@', a domain with a dot-separated TLD of 2+ letters. */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

/** A full name part: letters (Cyrillic or Latin), spaces, hyphens, apostrophes and dots. */
export const NAME_PATTERN = /^[\p{L}][\p{L}\s.'’-]*$/u;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

/** Non-empty once spaces are removed, and a plausible name. */
export function isValidName(name: string): boolean {
  return name.replace(/\s/g, '') !== '' && NAME_PATTERN.test(name.trim());
}

/** A masked phone is complete when it does not end with the mask placeholder '_' and has digits. */
export function isCompleteMaskedPhone(phone: string): boolean {
  const t = phone.trim();
  return t !== '' && !t.endsWith(MASK.placeholder) && /\d/.test(t);
}

/** Methods paid by a bank card (or a wallet holding one): the guest gives e-mail and names only. */
export const CARD_LIKE_METHODS: ReadonlySet<PaymentMethod> = new Set<PaymentMethod>([
  'card',
  'apple_pay',
  'google_pay',
  'gift_card',
  'mts_cashback',
]);

/** For non-card methods (for example pushkin_card) patronymic and phone are also required. */
export function guestNeedsPatronymicAndPhone(method: PaymentMethod | null | undefined): boolean {
  return method !== null && method !== undefined && !CARD_LIKE_METHODS.has(method);
}

export interface GuestForm {
  email: string;
  name: string;
  surname: string;
  patronymic?: string;
  phone?: string;
  payment?: PaymentMethod | null;
}

export type GuestField = 'email' | 'name' | 'surname' | 'patronymic' | 'phone';

export interface GuestCheck {
  valid: boolean;
  /** Every failing field (each gets an error mark). */
  invalid: GuestField[];
  /** The toast when invalid: 'Необходимо заполнить все поля'. */
  toast: string | null;
}

/**
 * E-mail, first name and surname are required (e-mail by pattern, names non-empty without
 * spaces); for non-card methods patronymic and phone too (a phone ending with '_' is
 * incomplete). The server's synchronous e-mail check comes after this.
 */
export function validateGuestForm(form: GuestForm): GuestCheck {
  const invalid: GuestField[] = [];
  if (!isValidEmail(form.email)) invalid.push('email');
  if (!isValidName(form.name)) invalid.push('name');
  if (!isValidName(form.surname)) invalid.push('surname');
  if (guestNeedsPatronymicAndPhone(form.payment)) {
    if (!isValidName(form.patronymic ?? '')) invalid.push('patronymic');
    if (!isCompleteMaskedPhone(form.phone ?? '')) invalid.push('phone');
  } else if (form.phone?.trim().endsWith(MASK.placeholder)) {
    invalid.push('phone');
  }
  return { valid: invalid.length === 0, invalid, toast: invalid.length ? messages.fillAllFields : null };
}

/** Device-wallet guest pay needs a valid form, else 'Пожалуйста, заполните поля: имя, фамилия и e-mail.' */
export function walletGuestPayError(form: GuestForm): string | null {
  return validateGuestForm(form).valid ? null : messages.walletGuestFormInvalid;
}
