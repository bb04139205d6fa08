import { describe, expect, it } from 'vitest';
import {
  formatKopecks,
  formatPrice,
  isSingularCount,
  plural,
  ticketCount,
  ticketsBoughtText,
  visitorsBrowsingText,
} from '../src/index.js';

/**
 * Plurals and numbers come from the platform (Intl.PluralRules('ru'), Intl.NumberFormat('ru-RU')),
 * and the output stays the spec's (site-browsing-account.md 9): these pin it number by number.
 */
const NBSP = '\u00a0';
const FORMS = ['билет', 'билета', 'билетов'] as const;

describe('Russian plurals', () => {
  it.each([
    [0, 'билетов'],
    [1, 'билет'],
    [2, 'билета'],
    [4, 'билета'],
    [5, 'билетов'],
    [11, 'билетов'],
    [12, 'билетов'],
    [14, 'билетов'],
    [21, 'билет'],
    [22, 'билета'],
    [25, 'билетов'],
    [101, 'билет'],
    [111, 'билетов'],
    [112, 'билетов'],
    [122, 'билета'],
    [1000, 'билетов'],
    [1001, 'билет'],
    [1_000_000, 'билетов'],
    [-1, 'билет'],
    [-22, 'билета'],
    [1.5, 'билет'],
    [2.9, 'билета'],
  ])('%d → %s', (n, word) => {
    expect(plural(n, FORMS)).toBe(word);
  });

  it('agrees with the spec rule written out for every count up to 10 000', () => {
    const byHand = (n: number) => {
      if (n % 100 >= 11 && n % 100 <= 19) return 2;
      if (n % 10 === 1) return 0;
      return n % 10 >= 2 && n % 10 <= 4 ? 1 : 2;
    };
    for (let n = 0; n <= 10_000; n++) expect(plural(n, ['0', '1', '2'])).toBe(String(byHand(n)));
  });

  it('takes the third form for numbers that are not numbers', () => {
    expect(plural(Number.NaN, FORMS)).toBe('билетов');
    expect(plural(Number.POSITIVE_INFINITY, FORMS)).toBe('билетов');
  });

  it("says 'was bought' in the singular for 1, 21, 101 and not for 11 or 111", () => {
    expect([1, 21, 101, 1001].map(isSingularCount)).toEqual([true, true, true, true]);
    expect([0, 2, 11, 111, 5, 1000].map(isSingularCount)).toEqual([false, false, false, false, false, false]);
    expect(ticketsBoughtText(101)).toBe('Уже куплен 101 билет');
    expect(ticketsBoughtText(111)).toBe('Уже куплены 111 билетов');
    expect(visitorsBrowsingText(21)).toBe('Сейчас смотрит 21 человек');
    expect(visitorsBrowsingText(22)).toBe('Сейчас смотрят 22 человека');
    expect(ticketCount(1000)).toBe('1000 билетов');
  });
});

describe('Russian numbers in prices', () => {
  it.each([
    [0, `0${NBSP}₽`],
    [1, `1${NBSP}₽`],
    [999, `999${NBSP}₽`],
    [1000, `1${NBSP}000${NBSP}₽`],
    [1500, `1${NBSP}500${NBSP}₽`],
    [10_000, `10${NBSP}000${NBSP}₽`],
    [1_000_000, `1${NBSP}000${NBSP}000${NBSP}₽`],
    [1_234_567.5, `1${NBSP}234${NBSP}567,50${NBSP}₽`],
    [0.29, `0,29${NBSP}₽`],
    [0.1, `0,10${NBSP}₽`],
    [-1000, `-1${NBSP}000${NBSP}₽`],
    [-0.001, `0${NBSP}₽`],
  ])('%d → %s', (roubles, text) => {
    expect(formatPrice(roubles)).toBe(text);
  });

  it('groups thousands with U+00A0 only: no plain, thin or narrow space', () => {
    for (const n of [1000, 12_345.67, 9_876_543_210]) {
      expect(formatPrice(n)).not.toMatch(/[ \u2009\u202f]/);
    }
    expect(formatKopecks(123_456_789)).toBe(`1${NBSP}234${NBSP}567,89${NBSP}₽`);
  });

  it("writes the digits the platform's Russian number format writes", () => {
    const platform = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2, minimumFractionDigits: 2 });
    for (const n of [1234.56, 98_765.43, 5_000_000.01]) {
      const expected = platform.format(n).replace(/\s/g, NBSP);
      expect(formatPrice(n, { sign: null })).toBe(expected);
    }
  });

  it('keeps the chosen decimal separator and sign', () => {
    expect(formatPrice(2500.5, { decimalSeparator: '.', sign: 'руб.' })).toBe(`2${NBSP}500.50${NBSP}руб.`);
  });
});
