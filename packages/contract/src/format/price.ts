/** Money: roubles on the wire, kopecks in code, Russian display (site 9; decision 0001). */
import { type CurrencySign, DEFAULT_CURRENCY_SIGN, KOPECKS_PER_ROUBLE } from '../constants.js';

/** U+00A0, between thousands and before the currency sign. */
export const NBSP = '\u00a0';

/** Integer kopecks → roubles as a JSON number (150050 → 1500.5). */
export function kopecksToRoubles(kopecks: number): number {
  return Math.round(kopecks) / KOPECKS_PER_ROUBLE;
}

/** Roubles → integer kopecks, rounding away float noise (0.29 → 29, 1500.5 → 150050). */
export function roublesToKopecks(roubles: number): number {
  return Math.round(roubles * KOPECKS_PER_ROUBLE);
}

export interface PriceOptions {
  /** Currency sign after the amount: '₽' (default), 'руб.', 'руб', 'р.'; null or '' for none. */
  sign?: CurrencySign | '' | null;
  /** Decimal separator; the Russian comma by default. */
  decimalSeparator?: string;
  /** Called with the raw value when it is not a price (the spec: 'logged'). */
  onError?: (raw: unknown) => void;
}

function parseAmount(value: number | string): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const s = value.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** The platform's Russian number formats, whole roubles and with kopecks; made on first use. */
let formats: Intl.NumberFormat[] | undefined;

/**
 * A non-negative number of kopecks in Russian digits by the platform's number format: thousands
 * grouped, two decimals when there are kopecks (the spec: one decimal digit is padded to two).
 * The group separator is always U+00A0 (the spec: prices separate thousands with non-breaking
 * spaces), whichever space a platform's locale data uses.
 */
function russianDigits(kopecks: number, decimalSeparator: string): string {
  formats ??= [0, 2].map((d) => new Intl.NumberFormat('ru-RU', { minimumFractionDigits: d, maximumFractionDigits: d }));
  return (formats[kopecks % 100 ? 1 : 0] as Intl.NumberFormat)
    .formatToParts(kopecks / 100)
    .map((p) => (p.type === 'group' ? NBSP : p.type === 'decimal' ? decimalSeparator : p.value))
    .join('');
}

/**
 * Formats roubles for display: thousands separated by non-breaking spaces, no decimals for
 * whole amounts, otherwise two decimals with a comma (one decimal digit is padded: 1234.5 →
 * '1 234,50'), the sign after the amount after a non-breaking space. On bad input the raw
 * value comes back unchanged (as text; null/undefined as '').
 */
export function formatPrice(value: number | string | null | undefined, options: PriceOptions = {}): string {
  const amount = value === null || value === undefined ? null : parseAmount(value);
  if (amount === null) {
    options.onError?.(value);
    return value === null || value === undefined ? '' : String(value);
  }
  const sign = options.sign === undefined ? DEFAULT_CURRENCY_SIGN : options.sign;
  // Whole kopecks first, so that float noise (0.29 * 100) never reaches the digits.
  const kopecks = Math.round(Math.abs(amount) * 100);
  const minus = amount < 0 && kopecks > 0 ? '-' : '';
  const number = `${minus}${russianDigits(kopecks, options.decimalSeparator ?? ',')}`;
  return sign ? `${number}${NBSP}${sign}` : number;
}

/** Formats integer kopecks for display (kopecks → roubles → formatPrice). */
export function formatKopecks(kopecks: number, options?: PriceOptions): string {
  return formatPrice(kopecksToRoubles(kopecks), options);
}
