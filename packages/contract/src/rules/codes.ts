/** Gift card, promo code, wallet token and PIN rules (hall 5.6). */
import {
  GIFT_CARD_GROUP_LENGTH,
  GIFT_CARD_MAX_EXTRA_GROUPS,
  GIFT_CARD_MIN_LENGTH,
  PIN_LENGTH,
  PROMO_MIN_LENGTH,
} from '../constants.js';
import { messages } from '../errors.js';

/** Characters a gift card number may hold ('*' of the mask: alphanumeric). */
const unmaskGiftCard = (input: string) => input.replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Applies the gift card mask: groups of 4 characters, '****' plus up to 7 '-****' groups;
 * extra characters are dropped. 'abcd12345' → 'abcd-1234-5'.
 */
export function maskGiftCardNumber(input: string): string {
  const raw = unmaskGiftCard(input).slice(0, GIFT_CARD_GROUP_LENGTH * (GIFT_CARD_MAX_EXTRA_GROUPS + 1));
  const groups: string[] = [];
  for (let i = 0; i < raw.length; i += GIFT_CARD_GROUP_LENGTH) groups.push(raw.slice(i, i + GIFT_CARD_GROUP_LENGTH));
  return groups.join('-');
}

/** The gift card apply button is enabled when the number has ≥ 4 characters (disabled when empty). */
export function canApplyGiftCard(number: string): boolean {
  return unmaskGiftCard(number).length >= GIFT_CARD_MIN_LENGTH;
}

/** Paying by gift card with an empty number: 'Пожалуйста введите номер подарочной карты.' */
export function giftCardPayError(number: string): string | null {
  return unmaskGiftCard(number) === '' ? messages.giftCardNumberEmpty : null;
}

/** The mobile promo apply button is enabled when the code has ≥ 4 characters. */
export function canApplyPromo(code: string): boolean {
  return code.trim().length >= PROMO_MIN_LENGTH;
}

/** A wallet token must be non-empty, else 'Произошла ошибка в процессе оплаты.' */
export function walletTokenError(token: string | null | undefined): string | null {
  return token && token.trim() !== '' ? null : messages.walletEmptyToken;
}

/** PIN input: at most 4 characters; a PIN is complete at exactly 4 digits. */
export function clampPinInput(input: string): string {
  return input.slice(0, PIN_LENGTH);
}
export function isCompletePin(pin: string): boolean {
  return new RegExp(`^\\d{${PIN_LENGTH}}$`).test(pin);
}
