import { CODES_CONFLICTS, PUSHKIN_CARD_AGES, pushkinCardAgeOk } from '@partera/contract';

/**
 * The culture card (Pushkin card; hall-basket-checkout.md 4.11, issue 12): only shows marked for
 * the programme (shows.pushkin_card), a buyer aged 14–22, one named ticket per order, and no split
 * payment: no gift card, promo code or cashback with it. Our texts: the spec words none.
 */
export const PUSHKIN_MESSAGES = {
  notInProgramme: (show: string) => `«${show}» не участвует в программе «Пушкинская карта»`,
  oneTicket: 'По Пушкинской карте в заказе может быть только один именной билет',
  gifts: 'Подарки к билету нельзя оплатить Пушкинской картой',
  age: `Пушкинской картой могут платить покупатели от ${PUSHKIN_CARD_AGES.min} до ${PUSHKIN_CARD_AGES.max} лет`,
  birthDate: 'Укажите дату рождения владельца Пушкинской карты',
  split: CODES_CONFLICTS.pushkinCardSplit,
} as const;

export interface PushkinLine {
  showName: string;
  inProgramme: boolean;
  count: number;
  giftsCount: number;
}

/**
 * Whether this basket can be paid with the culture card, and why not: each rule in the order a
 * buyer can fix it. `birthDate` is the signed-in buyer's (null when unknown: checked at order time
 * against the card's data).
 */
export function pushkinEligibility(
  lines: readonly PushkinLine[],
  split: boolean,
  birthDate: Date | null,
  now: Date,
): { eligible: boolean; reason?: string } {
  const outside = lines.find((l) => !l.inProgramme);
  if (outside) return { eligible: false, reason: PUSHKIN_MESSAGES.notInProgramme(outside.showName) };
  if (lines.reduce((n, l) => n + l.count, 0) !== 1) return { eligible: false, reason: PUSHKIN_MESSAGES.oneTicket };
  if (lines.some((l) => l.giftsCount > 0)) return { eligible: false, reason: PUSHKIN_MESSAGES.gifts };
  if (split) return { eligible: false, reason: PUSHKIN_MESSAGES.split };
  if (birthDate && !pushkinCardAgeOk(birthDate, now)) return { eligible: false, reason: PUSHKIN_MESSAGES.age };
  return { eligible: true };
}
