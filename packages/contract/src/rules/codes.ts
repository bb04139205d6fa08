/** Gift card, promo code, wallet token and PIN rules (hall 5.6). */
import {
  GIFT_CARD_GROUP_LENGTH,
  GIFT_CARD_MAX_EXTRA_GROUPS,
  GIFT_CARD_MIN_LENGTH,
  PIN_LENGTH,
  PROMO_MIN_LENGTH,
} from '../constants.js';
import type { PaymentMethod } from '../entities/order.js';
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

/**
 * How a gift card number is compared (5.6): without the mask's dashes (or any other separator)
 * and without case, so 'abcd-1234' and 'ABCD1234' are one card.
 */
export function giftCardKey(input: string): string {
  return unmaskGiftCard(input).toUpperCase();
}

/** A gift card number as the basket shows it back: only its last group, '****-****-AB12'. */
export function giftCardShown(input: string): string {
  const groups = maskGiftCardNumber(giftCardKey(input)).split('-');
  return groups.map((g, i) => (i === groups.length - 1 ? g : '*'.repeat(g.length))).join('-');
}

/** Culture card (Pushkin card, 4.11, issue 12): the programme is for buyers aged 14 to 22 inclusive. */
export const PUSHKIN_CARD_AGES = { min: 14, max: 22 } as const;

/** Full years at `today` (the birthday not yet come this year counts one less), by calendar date in UTC. */
function fullYears(birth: Date, today: Date): number {
  let age = today.getUTCFullYear() - birth.getUTCFullYear();
  const m = today.getUTCMonth() - birth.getUTCMonth();
  if (m < 0 || (m === 0 && today.getUTCDate() < birth.getUTCDate())) age -= 1;
  return age;
}

/** Whether a buyer born on `birth` may pay with the culture card on `today` (aged 14–22). */
export function pushkinCardAgeOk(birth: Date, today: Date): boolean {
  const age = fullYears(birth, today);
  return age >= PUSHKIN_CARD_AGES.min && age <= PUSHKIN_CARD_AGES.max;
}

/**
 * The birth date the culture card's JSON (pushkinCardInfo, 3.13) carries: `birthDate`,
 * `birth_date` or `birthday`, as yyyy-mm-dd or dd.mm.yyyy; null when absent or not a real date.
 */
export function pushkinCardBirthDate(info: Record<string, unknown> | null | undefined): Date | null {
  const raw = info?.birthDate ?? info?.birth_date ?? info?.birthday;
  if (typeof raw !== 'string') return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(raw.trim());
  const ru = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(raw.trim());
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : ru ? [ru[3], ru[2], ru[1]] : [];
  if (!y || !m || !d) return null;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d) ? date : null;
}

/** What is applied to a basket, as the rules of 4.5 between codes and cards see it. */
export interface AppliedCodesFlags {
  giftCard: boolean;
  promo: boolean;
  cashbackSpend: boolean;
}

/** Our texts for the combinations 4.5 forbids (the spec shows them disabled and words no message). */
export const CODES_CONFLICTS = {
  giftCardPayment: 'С подарочной картой остаток заказа оплачивается банковской картой',
  giftCardCashbackSpend: 'С подарочной картой кешбэк можно только накопить',
  cashbackSpendGiftCard: 'Подарочную карту нельзя применить вместе со списанием кешбэка',
  cashbackSpendPromo: 'Промокод нельзя применить вместе со списанием кешбэка',
  pushkinCardSplit: 'Пушкинской картой заказ оплачивается целиком: без подарочной карты, промокода и списания кешбэка',
} as const;

/** Payment methods a gift card leaves: the rest by card (or the partner's flow), or the card pays all (gift_card). */
const WITH_GIFT_CARD: readonly PaymentMethod[] = ['card', 'gift_card', 'mts_cashback'];

/**
 * The rules of 4.5 between the payment method and what is applied: a gift card disables the
 * normal and culture-card payments (the rest is paid by card) and cashback spending; spending
 * cashback disables the gift card, the culture card and the promo code; the culture card pays the
 * whole order alone (no split payment, issue 12). Null when allowed, else the reason.
 */
export function codesConflict(applied: AppliedCodesFlags, payment: PaymentMethod | null): string | null {
  if (applied.cashbackSpend && applied.giftCard) return CODES_CONFLICTS.giftCardCashbackSpend;
  if (applied.cashbackSpend && applied.promo) return CODES_CONFLICTS.cashbackSpendPromo;
  if (payment === 'pushkin_card' && (applied.giftCard || applied.promo || applied.cashbackSpend)) {
    return CODES_CONFLICTS.pushkinCardSplit;
  }
  if (applied.giftCard && payment !== null && !WITH_GIFT_CARD.includes(payment)) return CODES_CONFLICTS.giftCardPayment;
  return null;
}
