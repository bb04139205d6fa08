/** Account form rules (site 5 Other account fields; site 4). */
import { messages } from '../errors.js';

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
