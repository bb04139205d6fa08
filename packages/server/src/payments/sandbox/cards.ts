/**
 * Test cards of the sandbox bank and the checks a card form makes before anything is charged.
 */

export const THREE_DS_CODE = '12345';
export const DECLINE_REASON = 'Операция отклонена банком-эмитентом';
export const WRONG_CODE_REASON = 'Неверный код подтверждения. Операция отклонена банком-эмитентом';

export type CardBehaviour = 'success' | 'decline' | '3ds';

export interface TestCard {
  number: string;
  behaviour: CardBehaviour;
  /** What the card does, as listed on the bank page. */
  label: string;
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4111111111111111', behaviour: 'success', label: 'успешная оплата' },
  { number: '4000000000000002', behaviour: 'decline', label: `отказ: «${DECLINE_REASON}»` },
  { number: '4000000000003220', behaviour: '3ds', label: `подтверждение 3-D Secure, код ${THREE_DS_CODE}` },
];

/** '4111111111111111' → '4111 1111 1111 1111'. */
export function groupCardNumber(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export interface CardForm {
  pan: string;
  expiry: string;
  cvc: string;
  holder: string;
}

export type CardField = keyof CardForm;

export type CardCheck =
  | { ok: true; card: TestCard; last4: string }
  | { ok: false; errors: Partial<Record<CardField | 'form', string>> };

/**
 * Validates the form like a bank's hosted page does. `now` decides whether the card has expired
 * (a card is valid to the end of its expiry month).
 */
export function checkCard(form: CardForm, now: Date): CardCheck {
  const errors: Partial<Record<CardField | 'form', string>> = {};
  const pan = form.pan.replace(/[\s-]/g, '');
  if (pan === '') errors.pan = 'Введите номер карты';
  else if (!/^\d{16,19}$/.test(pan) || !luhnValid(pan)) errors.pan = 'Неверный номер карты';

  const expiry = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(form.expiry);
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiry || month < 1 || month > 12) errors.expiry = 'Введите срок действия в формате ММ/ГГ';
  else {
    const year = 2000 + Number(expiry[2]);
    const validUntil = Date.UTC(year, month, 1); // the first moment after the expiry month
    if (validUntil <= now.getTime()) errors.expiry = 'Срок действия карты истёк';
  }

  if (!/^\d{3}$/.test(form.cvc.trim())) errors.cvc = 'CVC — три цифры с обратной стороны карты';
  if (!/^[A-Za-z][A-Za-z .'-]{1,25}$/.test(form.holder.trim())) {
    errors.holder = 'Введите имя владельца латиницей, как на карте';
  }

  const card = TEST_CARDS.find((c) => c.number === pan);
  if (!errors.pan && !card) errors.pan = 'В тестовом банке принимаются только тестовые карты из списка ниже';
  if (Object.keys(errors).length > 0 || !card) return { ok: false, errors };
  return { ok: true, card, last4: pan.slice(-4) };
}
