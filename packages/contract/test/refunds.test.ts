/** The ticket return rule (rules/refunds.ts): whole price after a change, else by days before the start. */
import { describe, expect, it } from 'vitest';
import { REFUND_CONDITIONS, refundAmount, refundTerms } from '../src/index.js';

const DAY = 86_400_000;
const now = new Date('2026-11-24T12:00:00Z');
const startingIn = (ms: number) => ({ status: 'scheduled' as const, startsAt: new Date(now.getTime() + ms) });

describe('refundTerms', () => {
  it('gives the whole price for a cancelled performance whatever the date, a moved one until it starts', () => {
    expect(refundTerms({ status: 'cancelled', startsAt: new Date(now.getTime() - DAY) }, now)).toMatchObject({
      rule: 'cancelled',
      percent: 100,
    });
    expect(refundTerms({ status: 'moved', startsAt: new Date(now.getTime() + DAY) }, now)).toMatchObject({
      rule: 'moved',
      percent: 100,
    });
    expect(refundTerms({ status: 'moved', startsAt: now }, now)).toMatchObject({ rule: 'late', percent: 0 });
  });

  it('gives 100 % from 10 days, 50 % from 5, 30 % from 3 and nothing later, each edge included', () => {
    expect(refundTerms(startingIn(40 * DAY), now).percent).toBe(100);
    expect(refundTerms(startingIn(10 * DAY), now)).toMatchObject({ rule: 'days10', percent: 100 });
    expect(refundTerms(startingIn(10 * DAY - 1), now)).toMatchObject({ rule: 'days5', percent: 50 });
    expect(refundTerms(startingIn(5 * DAY), now)).toMatchObject({ rule: 'days5', percent: 50 });
    expect(refundTerms(startingIn(5 * DAY - 1), now)).toMatchObject({ rule: 'days3', percent: 30 });
    expect(refundTerms(startingIn(3 * DAY), now)).toMatchObject({ rule: 'days3', percent: 30 });
    expect(refundTerms(startingIn(3 * DAY - 1), now)).toMatchObject({ rule: 'late', percent: 0 });
    expect(refundTerms(startingIn(-DAY), now)).toMatchObject({ rule: 'late', percent: 0 });
  });

  it('words each rule as the conditions popup does', () => {
    const terms = refundTerms(startingIn(6 * DAY), now);
    expect(terms.text).toBe(REFUND_CONDITIONS.find((c) => c.rule === 'days5')!.text);
    expect(REFUND_CONDITIONS.map((c) => c.percent)).toEqual([100, 100, 100, 50, 30, 0]);
  });
});

describe('refundAmount', () => {
  it('takes the percent of the price, rounded down to whole kopecks', () => {
    expect(refundAmount(250_000, 100)).toBe(250_000);
    expect(refundAmount(250_000, 50)).toBe(125_000);
    expect(refundAmount(99_999, 30)).toBe(29_999);
    expect(refundAmount(250_000, 0)).toBe(0);
    expect(refundAmount(-5, 100)).toBe(0);
  });
});
