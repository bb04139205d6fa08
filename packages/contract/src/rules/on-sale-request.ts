/**
 * The 'Скоро в продаже' request (site-browsing-account.md 2.9, 3 Notify-on-sale request, 5, 8):
 * a period of dates and an e-mail to be told at when a performance of the show in that period goes
 * on sale. The popup checks it before sending and the server checks it again.
 */
import { formatDate, parseRuDate } from '../format/date.js';
import { isValidEmail } from './guest.js';

/** The texts of a refused request (the spec shows the server's message in the form). */
export const ON_SALE_REQUEST_MESSAGES = {
  datesMissing: 'Выберите даты в календаре',
  fromInPast: 'Начало периода не может быть раньше сегодняшнего дня',
  toBeforeFrom: 'Конец периода не может быть раньше его начала',
  tooFarAhead: 'Выберите даты в пределах двух лет от сегодняшнего дня',
  emailInvalid: 'Введите e-mail в виде name@example.ru',
  sent: 'Спасибо! Мы напишем вам, когда билеты поступят в продажу.',
} as const;

/** A period further ahead than this is a typo (a year 2205), not a plan. */
export const ON_SALE_REQUEST_MAX_YEARS_AHEAD = 2;

export interface OnSaleRequestForm {
  /** dd.mm.yyyy */
  from: string;
  /** dd.mm.yyyy */
  to: string;
  email: string;
}

export type OnSaleRequestCheck = { ok: true; from: Date; to: Date; email: string } | { ok: false; message: string };

/**
 * Checks a request against the buyer's today (a local date at midnight): both dates real
 * dd.mm.yyyy dates, the start not in the past (the picker's minimum is today), the end not before
 * the start, nothing beyond two years, and a valid e-mail. The first failure wins.
 */
export function checkOnSaleRequest(form: OnSaleRequestForm, today: Date): OnSaleRequestCheck {
  const from = parseRuDate(form.from.trim());
  const to = parseRuDate(form.to.trim());
  if (!from || !to) return { ok: false, message: ON_SALE_REQUEST_MESSAGES.datesMissing };
  if (formatKey(from) < formatKey(today)) return { ok: false, message: ON_SALE_REQUEST_MESSAGES.fromInPast };
  if (formatKey(to) < formatKey(from)) return { ok: false, message: ON_SALE_REQUEST_MESSAGES.toBeforeFrom };
  const limit = new Date(today);
  limit.setFullYear(today.getFullYear() + ON_SALE_REQUEST_MAX_YEARS_AHEAD);
  if (formatKey(to) > formatKey(limit)) return { ok: false, message: ON_SALE_REQUEST_MESSAGES.tooFarAhead };
  const email = form.email.trim();
  if (!isValidEmail(email)) return { ok: false, message: ON_SALE_REQUEST_MESSAGES.emailInvalid };
  return { ok: true, from, to, email };
}

/** yyyy-mm-dd of a local date: compares calendar days whatever the time of day. */
function formatKey(d: Date): string {
  return formatDate(d).split('.').reverse().join('-');
}

/** The picker's yyyy-mm-dd as the call's dd.mm.yyyy ('' stays ''). */
export function ruDateOfIso(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : '';
}

/** The ids of the shows a browser has already asked about, from the showRequestSent cookie ('12,40'). */
export function requestedShowIds(cookieValue: string | null | undefined): number[] {
  return (cookieValue ?? '')
    .split(/[,|]/)
    .map((s) => Number.parseInt(s, 10))
    .filter((n) => Number.isInteger(n) && n > 0);
}

/** The cookie's value once the show is added (each id once). */
export function withRequestedShow(cookieValue: string | null | undefined, showId: number): string {
  const ids = requestedShowIds(cookieValue);
  if (!ids.includes(showId)) ids.push(showId);
  return ids.join(',');
}
