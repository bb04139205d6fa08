import { describe, expect, it } from 'vitest';
import {
  carouselPosition,
  formatCountdown,
  formatDate,
  formatDateShortYear,
  formatDayMonth,
  formatDayMonthRange,
  formatKopecks,
  formatPhone,
  formatPrice,
  giftChoiceLabel,
  kopecksToRoubles,
  listCount,
  normalizePhone,
  parseRuDate,
  plural,
  ratingHue,
  ratingVotesLabel,
  reviewPreview,
  rewardLabel,
  roublesToKopecks,
  secondsLabel,
  ticketCount,
  ticketsBoughtText,
  ticketWord,
  truncate,
  wasBoughtWord,
} from '../src/index.js';

const NBSP = '\u00a0';

describe('plural', () => {
  it.each([
    [1, 'билет'],
    [2, 'билета'],
    [5, 'билетов'],
    [11, 'билетов'],
    [12, 'билетов'],
    [21, 'билет'],
    [22, 'билета'],
    [25, 'билетов'],
    [111, 'билетов'],
    [0, 'билетов'],
    [104, 'билета'],
  ])('%i → %s', (n, word) => {
    expect(ticketWord(n)).toBe(word);
  });

  it('takes the third form for 11–19 in any hundred', () => {
    for (const n of [11, 13, 14, 19, 211, 314]) expect(plural(n, ['a', 'b', 'c'])).toBe('c');
  });

  it('builds the section hint', () => {
    expect(ticketCount(3)).toBe('3 билета');
  });
});

describe('formatPrice', () => {
  it('separates thousands with a non-breaking space and puts ₽ after the amount', () => {
    expect(formatPrice(1500)).toBe(`1${NBSP}500${NBSP}₽`);
    expect(formatPrice(1500)).not.toContain(' ');
    expect(formatPrice(1234567)).toBe(`1${NBSP}234${NBSP}567${NBSP}₽`);
    expect(formatPrice(999)).toBe(`999${NBSP}₽`);
  });

  it('pads one decimal digit to two, with the Russian decimal comma', () => {
    expect(formatPrice(1234.5)).toBe(`1${NBSP}234,50${NBSP}₽`);
    expect(formatPrice(0.29)).toBe(`0,29${NBSP}₽`);
    expect(formatPrice(1234.5, { decimalSeparator: '.' })).toBe(`1${NBSP}234.50${NBSP}₽`);
  });

  it('offers the other signs and none', () => {
    expect(formatPrice(1500, { sign: 'руб.' })).toBe(`1${NBSP}500${NBSP}руб.`);
    expect(formatPrice(1500, { sign: 'р.' })).toBe(`1${NBSP}500${NBSP}р.`);
    expect(formatPrice(1500, { sign: null })).toBe(`1${NBSP}500`);
  });

  it('reads numeric text and returns bad input unchanged', () => {
    expect(formatPrice('2500')).toBe(`2${NBSP}500${NBSP}₽`);
    expect(formatPrice('2500,5')).toBe(`2${NBSP}500,50${NBSP}₽`);
    let logged: unknown = 'nothing';
    expect(formatPrice('бесплатно', { onError: (raw) => (logged = raw) })).toBe('бесплатно');
    expect(logged).toBe('бесплатно');
    expect(formatPrice(Number.NaN)).toBe('NaN');
    expect(formatPrice(undefined)).toBe('');
  });

  it('shows negative amounts with a minus', () => {
    expect(formatPrice(-1500)).toBe(`-1${NBSP}500${NBSP}₽`);
  });
});

describe('kopecks and roubles', () => {
  it('converts at the edge without float noise', () => {
    expect(kopecksToRoubles(150050)).toBe(1500.5);
    expect(kopecksToRoubles(150000)).toBe(1500);
    expect(roublesToKopecks(1500.5)).toBe(150050);
    expect(roublesToKopecks(0.29)).toBe(29);
    expect(roublesToKopecks(19.99)).toBe(1999);
    expect(formatKopecks(123450)).toBe(`1${NBSP}234,50${NBSP}₽`);
  });
});

describe('dates', () => {
  const d = new Date(2025, 2, 7, 19, 30);

  it('formats dd.mm.yyyy with a configurable separator', () => {
    expect(formatDate(d)).toBe('07.03.2025');
    expect(formatDate(d, '/')).toBe('07/03/2025');
    expect(formatDate('2025-12-31')).toBe('31.12.2025');
    expect(formatDate('not a date')).toBe('');
  });

  it('formats dd.mm and dd.mm.yy', () => {
    expect(formatDayMonth(d)).toBe('07.03');
    expect(formatDateShortYear(d)).toBe('07.03.25');
    expect(formatDayMonthRange(d, new Date(2025, 2, 9))).toBe('07.03 - 09.03');
    expect(formatDayMonthRange(d, d)).toBe('07.03');
  });

  it('parses dd.mm.yyyy strictly', () => {
    expect(parseRuDate('29.02.2024')?.getDate()).toBe(29);
    expect(parseRuDate('31.02.2000')).toBeNull();
    expect(parseRuDate('1.2.2000')).toBeNull();
    expect(parseRuDate('2000-02-01')).toBeNull();
  });

  it('shows the hold countdown as mm:ss', () => {
    expect(formatCountdown(905)).toBe('15:05');
    expect(formatCountdown(59)).toBe('00:59');
    expect(formatCountdown(-3)).toBe('00:00');
  });
});

describe('phone', () => {
  it("renders '+', the country code, then the last 10 digits split 3 and 7", () => {
    expect(formatPhone('79161234567')).toBe('+7 916 1234567');
    expect(formatPhone('+7 (916) 123-45-67')).toBe('+7 916 1234567');
    expect(formatPhone('9161234567')).toBe('+7 916 1234567');
    expect(formatPhone('89161234567')).toBe('+7 916 1234567');
    expect(formatPhone('7011234567', 'KZ')).toBe('+7 701 1234567');
    expect(formatPhone('12345')).toBe('12345');
  });

  it('normalises by trimming and stripping spaces and + ( ) -', () => {
    expect(normalizePhone('  +7 (916) 123-45-67 ')).toBe('79161234567');
  });
});

describe('text', () => {
  it("truncates with '...'", () => {
    expect(truncate('Щелкунчик', 60)).toBe('Щелкунчик');
    expect(truncate('a'.repeat(61), 60)).toBe(`${'a'.repeat(60)}...`);
    expect(truncate('a'.repeat(60), 60)).toBe('a'.repeat(60));
  });

  it('cuts reviews over 215 characters to 185', () => {
    expect(reviewPreview('x'.repeat(215))).toEqual({ text: 'x'.repeat(215), truncated: false });
    const cut = reviewPreview('x'.repeat(216));
    expect(cut.truncated).toBe(true);
    expect(cut.text).toBe(`${'x'.repeat(185)}...`);
  });

  it("shows list counts above 100 as '100+'", () => {
    expect(listCount(100)).toBe('100');
    expect(listCount(101)).toBe('100+');
  });

  it('gives the rating badge a hue of 12 × rating', () => {
    expect(ratingHue(7.5)).toBe(90);
    expect(ratingHue(10)).toBe(120);
  });
});

describe('labels', () => {
  it('labels promotion rewards', () => {
    expect(rewardLabel('fixed_value', 300)).toBe('300 баллов');
    expect(rewardLabel('multiplier', 2)).toBe('x2');
    expect(rewardLabel('percent', 10)).toBe('10%');
    expect(rewardLabel('added_value', 50)).toBe('+50 баллов');
  });

  it("uses the singular 'was bought' only for counts ending in 1 except 11", () => {
    expect(wasBoughtWord(1)).toBe('куплен');
    expect(wasBoughtWord(21)).toBe('куплен');
    expect(wasBoughtWord(11)).toBe('куплены');
    expect(wasBoughtWord(5)).toBe('куплены');
    expect(ticketsBoughtText(21)).toBe('Уже куплен 21 билет');
    expect(ticketsBoughtText(5)).toBe('Уже куплены 5 билетов');
  });

  it('labels gift choices, votes, seconds and the carousel', () => {
    expect(giftChoiceLabel(0)).toBe('Без подарка');
    expect(giftChoiceLabel(1)).toBe('1 подарок');
    expect(giftChoiceLabel(5)).toBe('5 подарков');
    expect(ratingVotesLabel(3)).toBe('3 оценки');
    expect(secondsLabel(12)).toBe('12 секунд');
    expect(carouselPosition(2, 7)).toBe('2 из 7');
  });
});

describe('venueDateTime', () => {
  it('shows the Moscow wall clock whatever the process time zone', async () => {
    const { venueDateTime } = await import('../src/format/date.js');
    expect(venueDateTime('2026-11-28T17:00:00.000Z')).toEqual({ date: '28.11.2026', time: '20:00' });
    expect(venueDateTime('2026-12-31T21:30:00.000Z', 'Asia/Yekaterinburg')).toEqual({
      date: '01.01.2027',
      time: '02:30',
    });
    expect(venueDateTime('not a date')).toBeNull();
  });
});
