import { describe, expect, it } from 'vitest';
import { SuggestController } from '../src/client/lib/search-suggest.js';
import { searchVariantOf } from '../src/server/search-config.js';
import { datePresets } from '../src/server/search-pages.js';

/** Timers run by hand: the debounce is tested without waiting. */
function manualTimers() {
  const pending = new Map<number, () => void>();
  let next = 0;
  return {
    set: (fn: () => void) => {
      pending.set(++next, fn);
      return next;
    },
    clear: (h: unknown) => pending.delete(h as number),
    pending,
    flush: () => {
      const fns = [...pending.values()];
      pending.clear();
      for (const fn of fns) fn();
    },
  };
}

function setup(answerFor: (text: string) => Promise<string[]> = async (t) => [`${t}-1`, `${t}-2`, `${t}-3`]) {
  const timers = manualTimers();
  const asked: string[] = [];
  const shown: string[][] = [];
  const selected: number[] = [];
  const controller = new SuggestController<string[]>({
    ask: (text) => {
      asked.push(text);
      return answerFor(text);
    },
    isEmpty: (a) => a.length === 0,
    view: {
      show: (a) => {
        shown.push(a);
        return a.length;
      },
      hide: () => shown.push([]),
      select: (i) => selected.push(i),
    },
    timers,
  });
  return { controller, timers, asked, shown, selected };
}

describe('header suggestions (spec 2.2, 5)', () => {
  it('asks once after the quiet period, only for more than 2 characters or 2 digits', async () => {
    const { controller, timers, asked } = setup();
    controller.input('ще');
    expect(timers.pending.size).toBe(0);
    controller.input('щел');
    controller.input('щелк');
    expect(timers.pending.size).toBe(1);
    timers.flush();
    expect(asked).toEqual(['щелк']);
    controller.input('25');
    timers.flush();
    expect(asked).toEqual(['щелк', '25']);
  });

  it('drops an answer that a later text overtook', async () => {
    let release: (v: string[]) => void = () => {};
    const { controller, shown } = setup((t) =>
      t === 'abc' ? new Promise((r) => (release = r)) : Promise.resolve([t]),
    );
    const first = controller.ask('abc');
    controller.input('abcd');
    await controller.ask('abcd');
    release(['old']);
    await first;
    expect(shown).toEqual([['abcd']]);
  });

  it('arrows wrap from -1, only while the list is shown and the mouse is away', async () => {
    const { controller } = setup();
    expect(controller.move(1)).toBe(false);
    controller.input('сад');
    await controller.ask('сад');
    expect(controller.selected).toBe(-1);
    expect(controller.move(-1)).toBe(true);
    expect(controller.selected).toBe(2);
    controller.move(1);
    expect(controller.selected).toBe(0);
    controller.mouseOver = true;
    expect(controller.move(1)).toBe(false);
    expect(controller.selected).toBe(0);
    controller.mouseOver = false;
    controller.hide();
    expect(controller.move(1)).toBe(false);
  });

  it('the variant comes from configuration, the newer one by default', () => {
    expect(searchVariantOf({})).toBe('grouped');
    expect(searchVariantOf({ SEARCH_SUGGESTIONS: 'list' })).toBe('list');
  });
});

describe('hot dates of the results page (weeks start on Monday)', () => {
  it('on a Wednesday: this weekend is Saturday–Sunday, this week runs to Sunday', () => {
    // Wednesday 25 November 2026, 12:00 in Moscow.
    const presets = datePresets(new Date('2026-11-25T09:00:00Z'), 'Europe/Moscow');
    expect(presets).toEqual([
      { label: 'Сегодня', mnd: '25.11.2026', mxd: '25.11.2026' },
      { label: 'Завтра', mnd: '26.11.2026', mxd: '26.11.2026' },
      { label: 'В эти выходные', mnd: '28.11.2026', mxd: '29.11.2026' },
      { label: 'На этой неделе', mnd: '25.11.2026', mxd: '29.11.2026' },
    ]);
  });

  it('on a Sunday evening in Moscow (still Sunday there, Monday nowhere yet): the weekend is today', () => {
    const presets = datePresets(new Date('2026-11-29T20:00:00Z'), 'Europe/Moscow');
    expect(presets[0]).toEqual({ label: 'Сегодня', mnd: '29.11.2026', mxd: '29.11.2026' });
    expect(presets[2]).toEqual({ label: 'В эти выходные', mnd: '29.11.2026', mxd: '29.11.2026' });
  });
});
