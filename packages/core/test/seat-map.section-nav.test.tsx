/** Section navigation of the older variant (spec 2.1): #section:{id}, #section, the section list and hint. */
import {
  createSectionNavigation,
  parseSectionHash,
  SectionList,
  type SectionView,
  sectionHash,
  sectionHint,
  sectionSummaries,
} from '@partera/core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hallMap } from './support/hall.js';
import { hallContext } from './support/hall-context.js';

const NBSP = '\u00a0';

beforeEach(() => window.history.replaceState(null, '', '/performance/77/?x=1'));
afterEach(() => cleanup());

describe('the section hash', () => {
  it('#section:{id} opens a section, a bare #section the overview, anything else nothing', () => {
    expect(parseSectionHash('#section:30')).toEqual({ kind: 'section', sectionId: 30 });
    expect(parseSectionHash('#section')).toEqual({ kind: 'overview' });
    expect(parseSectionHash('#sections')).toBeNull();
    expect(parseSectionHash('')).toBeNull();
    expect(sectionHash({ kind: 'section', sectionId: 10 })).toBe('#section:10');
    expect(sectionHash({ kind: 'overview' })).toBe('#section');
  });
});

describe('the section navigation', () => {
  it('starts from the URL, pushes the buyer’s choice, and follows back/forward', () => {
    window.history.replaceState(null, '', '/performance/77/?x=1#section:10');
    const nav = createSectionNavigation();
    const seen: (SectionView | null)[] = [];
    nav.subscribe((v) => seen.push(v));
    expect(nav.current()).toEqual({ kind: 'section', sectionId: 10 });

    const before = window.history.length;
    nav.show({ kind: 'section', sectionId: 30 });
    expect(window.location.hash).toBe('#section:30');
    expect(window.location.search).toBe('?x=1');
    expect(window.history.length).toBe(before + 1);
    nav.show({ kind: 'section', sectionId: 30 });
    expect(window.history.length).toBe(before + 1);

    // Back: the browser puts the old URL back and says so.
    window.history.replaceState(null, '', '/performance/77/?x=1#section');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(nav.current()).toEqual({ kind: 'overview' });
    window.history.replaceState(null, '', '/performance/77/?x=1#section:50');
    window.dispatchEvent(new Event('hashchange'));
    expect(seen).toEqual([
      { kind: 'section', sectionId: 30 },
      { kind: 'overview' },
      { kind: 'section', sectionId: 50 },
    ]);
    nav.dispose();
    window.dispatchEvent(new Event('hashchange'));
    expect(seen).toHaveLength(3);
  });
});

describe('the section list and hint', () => {
  it('reads "{num} билет" / "билета" / "билетов"', () => {
    expect([1, 2, 5, 21, 0].map(sectionHint)).toEqual(['1 билет', '2 билета', '5 билетов', '21 билет', '0 билетов']);
  });

  it('counts free places and price ranges per section, less the seats the buyer took', () => {
    const ctx = hallContext();
    ctx.state.selected[101] = true;
    const parter = sectionSummaries(ctx.data, ctx.state).find((s) => s.sectionId === 10)!;
    expect(parter).toMatchObject({ free: 11, priceMin: 120000, priceMax: 250000 });
  });

  it('lists the overview and each section; a choice moves the URL and marks the section', async () => {
    const ctx = hallContext({ map: hallMap() });
    const nav = createSectionNavigation();
    render(<SectionList ctx={ctx} navigation={nav} />);
    const list = screen.getByRole('navigation', { name: 'Секторы' });
    const parter = within(list).getByRole('button', { name: /^Партер/ });
    expect(parter.textContent).toBe(`Партер 12 билетов 1${NBSP}200${NBSP}₽ – 2${NBSP}500${NBSP}₽`);
    expect(within(list).getByRole('button', { name: /^Ложа у сцены 2 билета/ })).toBeTruthy();
    expect(within(list).getByRole('button', { name: /^Балкон 0 билетов/ })).toHaveProperty('disabled', true);

    fireEvent.click(parter);
    expect(window.location.hash).toBe('#section:10');
    expect(parter.getAttribute('aria-current')).toBe('location');

    await act(async () => {
      window.history.replaceState(null, '', '/performance/77/?x=1#section');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(parter.getAttribute('aria-current')).toBeNull();
    expect(within(list).getByRole('button', { name: 'Весь зал' }).getAttribute('aria-current')).toBe('location');
    nav.dispose();
  });
});
