import { describe, expect, it } from 'vitest';
import {
  dayOf,
  filterDateOf,
  lastDay,
  monthWeeks,
  pickDay,
  rangeLabel,
  shiftMonths,
} from '../src/pages/search/DateRangeModel.js';

/** The search calendar (site-browsing-account.md 2.6, 5, 9): today to 9 months ahead, Monday first, dd.mm.yyyy. */
describe('date-range calendar model', () => {
  it('reads and writes dd.mm.yyyy, refusing days that do not exist', () => {
    expect(dayOf('01.03.2030')).toBe('2030-03-01');
    expect(dayOf('29.02.2030')).toBeNull();
    expect(dayOf('29.02.2028')).toBe('2028-02-29');
    expect(dayOf('2030-03-01')).toBeNull();
    expect(filterDateOf('2030-12-31')).toBe('31.12.2030');
  });

  it('starts the weeks on Monday', () => {
    // March 2030 begins on a Friday: four empty cells, then 1 … 31, then the rest of the last week.
    const weeks = monthWeeks('2030-03-17');
    expect(weeks[0]).toEqual([null, null, null, null, '2030-03-01', '2030-03-02', '2030-03-03']);
    expect(weeks.at(-1)).toEqual([
      '2030-03-25',
      '2030-03-26',
      '2030-03-27',
      '2030-03-28',
      '2030-03-29',
      '2030-03-30',
      '2030-03-31',
    ]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
    // September 2030 begins on a Sunday.
    expect(monthWeeks('2030-09-01')[0]).toEqual([null, null, null, null, null, null, '2030-09-01']);
  });

  it('reaches 9 months ahead, the day clipped to the shorter month', () => {
    expect(lastDay('2030-03-01')).toBe('2030-12-01');
    expect(lastDay('2030-05-31')).toBe('2031-02-28');
    expect(shiftMonths('2030-12-15', 1)).toBe('2031-01-01');
    expect(shiftMonths('2030-01-31', -1)).toBe('2029-12-01');
  });

  it('chooses a range with two taps, whichever comes first', () => {
    let state = pickDay({ from: null, till: null }, '2030-03-10', false);
    expect(state).toEqual({ range: { from: '2030-03-10', till: '2030-03-10' }, picking: true });
    state = pickDay(state.range, '2030-03-15', state.picking);
    expect(state).toEqual({ range: { from: '2030-03-10', till: '2030-03-15' }, picking: false });
    // A third tap starts again; a second tap before the first makes it the start.
    state = pickDay(state.range, '2030-03-20', state.picking);
    expect(state.range).toEqual({ from: '2030-03-20', till: '2030-03-20' });
    state = pickDay(state.range, '2030-03-18', state.picking);
    expect(state.range).toEqual({ from: '2030-03-18', till: '2030-03-20' });
  });

  it("labels the toggle as the genre page's header: 'dd.mm' or 'dd.mm - dd.mm'", () => {
    expect(rangeLabel({ from: null, till: null })).toBe('Выбрать даты');
    expect(rangeLabel({ from: '2030-03-10', till: '2030-03-10' })).toBe('10.03');
    expect(rangeLabel({ from: '2030-03-10', till: '2030-04-02' })).toBe('10.03 - 02.04');
  });
});
