import { describe, expect, it } from 'vitest';
import {
  formatClock,
  formatDayMonth,
  formatDuration,
  formatNumericDate,
  formatWeekday,
  localDateTime,
  priceFrom,
} from '../src/pages/format.js';
import { citySubdomainOf, citySwitchFor, hostnameOf } from '../src/server/city.js';
import { NBSP } from './html.js';

describe('dates in the venue timezone', () => {
  it('shows the wall-clock time of the venue, not of the server', () => {
    // 21:30 UTC on 31 December is already New Year in Moscow.
    const iso = '2029-12-31T21:30:00.000Z';
    expect(localDateTime(iso, 'Europe/Moscow')).toMatchObject({ year: 2030, month: 1, day: 1, hour: 0, minute: 30 });
    expect(formatDayMonth(iso, 'Europe/Moscow')).toBe('1 января');
    expect(formatClock(iso, 'Europe/Moscow')).toBe('00:30');
    expect(formatWeekday(iso, 'Europe/Moscow')).toBe('вторник');
    expect(formatNumericDate(iso, 'Europe/Moscow')).toBe('01.01.2030');
    expect(formatDayMonth(iso, 'Asia/Yekaterinburg')).toBe('1 января');
    expect(formatClock(iso, 'Asia/Yekaterinburg')).toBe('02:30');
  });

  it('writes durations and prices the Russian way', () => {
    expect(formatDuration(180)).toBe('3 ч');
    expect(formatDuration(150)).toBe('2 ч 30 мин');
    expect(formatDuration(45)).toBe('45 мин');
    expect(priceFrom(150000)).toBe(`от 1${NBSP}500${NBSP}₽`);
    expect(priceFrom(150050)).toBe(`от 1${NBSP}500,50${NBSP}₽`);
    expect(priceFrom(null)).toBeNull();
  });
});

describe('regional sites', () => {
  const known = ['www', 'spb'];

  it("takes the city from the host's first label, the capital otherwise", () => {
    expect(citySubdomainOf('spb.partera.ru', undefined, known)).toBe('spb');
    expect(citySubdomainOf('WWW.partera.ru:443', 'spb', known)).toBe('www');
    expect(citySubdomainOf('partera.ru', 'spb', known)).toBe('www');
    expect(citySubdomainOf('kazan.partera.ru', undefined, known)).toBe('www');
  });

  it('uses the cookie on localhost and IP addresses', () => {
    expect(citySubdomainOf('localhost:3100', 'spb', known)).toBe('spb');
    expect(citySubdomainOf('127.0.0.1:3100', 'spb', known)).toBe('spb');
    expect(citySubdomainOf('[::1]:3100', 'spb', known)).toBe('spb');
    expect(citySubdomainOf('localhost', 'atlantis', known)).toBe('www');
    expect(hostnameOf('[::1]:3100')).toBe('[::1]');
  });

  it('switches by host name where there is one, by cookie where there is none', () => {
    expect(citySwitchFor('https', 'spb.partera.ru', 'www', known)).toEqual({
      kind: 'redirect',
      location: 'https://www.partera.ru/',
    });
    expect(citySwitchFor('https', 'partera.ru', 'spb', known)).toEqual({
      kind: 'redirect',
      location: 'https://spb.partera.ru/',
    });
    expect(citySwitchFor('http', 'www.partera.test:8080', 'spb', known)).toEqual({
      kind: 'redirect',
      location: 'http://spb.partera.test:8080/',
    });
    expect(citySwitchFor('http', 'localhost:3100', 'spb', known)).toEqual({ kind: 'cookie', subdomain: 'spb' });
  });
});
