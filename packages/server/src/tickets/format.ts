import { DEFAULT_TIME_ZONE, venueDateTime } from '@partera/contract';

/**
 * Russian display formats used by tickets, e-mails and the sandbox bank page.
 * Money is integer kopecks in code; roubles appear only here, at the edge.
 */

const roubles = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
const roublesWithKopecks = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 150000 → '1 500 ₽' (non-breaking spaces); kopecks are shown only when there are any. */
export function formatRoubles(kopecks: number): string {
  return `${roubles.format(kopecks / 100)}\u00a0₽`;
}

/** 150000 → '1 500,00 ₽', as a bank shows an amount to pay. */
export function formatBankAmount(kopecks: number): string {
  return `${roublesWithKopecks.format(kopecks / 100)}\u00a0₽`;
}

/** dd.mm.yyyy HH:mm in the venue's time zone (Moscow unless the city says otherwise). */
export function formatDateTime(at: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const local = venueDateTime(at, timeZone);
  return local ? `${local.date} ${local.time}` : '';
}

/** The order number the buyer, the bank and support see. */
export function formatOrderNumber(orderId: number): string {
  return String(orderId);
}
