/**
 * How much of a ticket's price goes back when the buyer returns it (Russian consumer law for
 * events, art. 52.1 of the law on culture): the whole price when the organiser cancelled the
 * performance, or moved it and the buyer returns the ticket before the new start; otherwise by how long before the start it is returned:
 * 10 days or more → 100 %, from 5 to 10 days → 50 %, from 3 to 5 days → 30 %, less than 3 days →
 * nothing (the return is refused). One rule for the cabinet's figure and the server's payment.
 */

/** What the organiser did to the performance. */
export type PerformanceChangeStatus = 'scheduled' | 'moved' | 'cancelled';

/** Which line of the conditions gives the amount; 'late' refuses the return. */
export type RefundRule = 'cancelled' | 'moved' | 'days10' | 'days5' | 'days3' | 'late';

export interface RefundTerms {
  rule: RefundRule;
  /** Percent of the ticket's price returned (0 for 'late'). */
  percent: number;
  /** The condition in Russian, as the tab shows it next to the amount. */
  text: string;
}

const DAY_MS = 86_400_000;

/** The conditions popup, one line per rule, in the order they are checked. */
export const REFUND_CONDITIONS: ReadonlyArray<{ rule: RefundRule; percent: number; text: string }> = [
  { rule: 'cancelled', percent: 100, text: 'Мероприятие отменено: возвращается полная стоимость билета.' },
  {
    rule: 'moved',
    percent: 100,
    text: 'Мероприятие перенесено: полная стоимость билета возвращается, если новая дата вам не подходит.',
  },
  { rule: 'days10', percent: 100, text: 'Возврат за 10 дней и более до начала: 100 % стоимости билета.' },
  { rule: 'days5', percent: 50, text: 'Возврат менее чем за 10 дней, но не менее чем за 5 дней до начала: 50 %.' },
  { rule: 'days3', percent: 30, text: 'Возврат менее чем за 5 дней, но не менее чем за 3 дня до начала: 30 %.' },
  { rule: 'late', percent: 0, text: 'Менее чем за 3 дня до начала билет вернуть нельзя.' },
];

function termsOf(rule: RefundRule): RefundTerms {
  const line = REFUND_CONDITIONS.find((c) => c.rule === rule)!;
  return { rule, percent: line.percent, text: line.text };
}

/**
 * The terms of returning a ticket at `now`. A cancelled performance gives the whole price
 * whatever the date, a moved one until its new start; an ordinary one gives 100 % from 10 whole days (240 hours) before the
 * start, 50 % from 5 days, 30 % from 3 days, and nothing later.
 */
export function refundTerms(performance: { status: PerformanceChangeStatus; startsAt: Date }, now: Date): RefundTerms {
  if (performance.status === 'cancelled') return termsOf('cancelled');
  const ahead = performance.startsAt.getTime() - now.getTime();
  if (performance.status === 'moved') return termsOf(ahead > 0 ? 'moved' : 'late');
  if (ahead >= 10 * DAY_MS) return termsOf('days10');
  if (ahead >= 5 * DAY_MS) return termsOf('days5');
  if (ahead >= 3 * DAY_MS) return termsOf('days3');
  return termsOf('late');
}

/** The amount returned for a price (kopecks) at a percent, rounded down to whole kopecks. */
export function refundAmount(priceKopecks: number, percent: number): number {
  return Math.floor((Math.max(0, priceKopecks) * percent) / 100);
}
