/** Section navigation of the older variant (spec 2.1): #section:{id}, #section, the section list and hint. */
import {
  createSectionNavigation,
  HallView,
  parseSectionHash,
  SectionList,
  type SectionView,
  sectionHash,
  sectionHint,
  sectionSummaries,
} from '@partera/core';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { config, hallMap, hallRoutes } from './support/hall.js';
import { hallContext } from './support/hall-context.js';
import { http, serve } from './support/server.js';

const NBSP = '\u00a0';

beforeEach(() => window.history.replaceState(null, '', '/performance/77/?x=1'));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

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

/** Panzoom's `scale(s) translate(x px, y px)` of the plan, as numbers. */
function planTransform(canvas: HTMLElement): { scale: number; x: number; y: number } | null {
  const m = /scale\(([-\d.e]+)\) translate\(([-\d.e]+)px, ([-\d.e]+)px\)/.exec(canvas.style.transform);
  return m ? { scale: Number(m[1]), x: Number(m[2]), y: Number(m[3]) } : null;
}

/** happy-dom lays nothing out: the plan's view is given a size. */
function viewSize(width: number, height: number): void {
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(width);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(height);
}

async function openByLink(hash: string) {
  window.history.replaceState(null, '', `/performance/77/?x=1${hash}`);
  serve(hallRoutes());
  const view = render(<HallView config={config()} http={http} />);
  await screen.findByRole('button', { name: 'Увеличить' });
  return view.container.querySelector<HTMLElement>('.pt-hall-canvas')!;
}

/**
 * Panzoom's constructor queues a pan to its start position on a zero timer, before the section
 * is shown, and its moves are applied at the next animation frame: a zero timer queued now runs
 * after that one (timers of equal delay run in order), and a frame asked for then comes after its.
 */
async function afterPanzoomStart(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  await new Promise((resolve) => requestAnimationFrame(resolve));
}

describe('a #section:{id} link', () => {
  // The test hall's viewBox is 400 × 300; Партер's seats are at x 100–200, y 60–80 with r 6, so
  // its box is [94, 54, 206, 86] and its middle (150, 70).
  it('opens the plan on the section and keeps it there once Panzoom has started', async () => {
    viewSize(400, 300);
    const canvas = await openByLink('#section:10');
    // The view shows the plan at 1 px a unit: centring (150, 70) moves the plan by (50, 80).
    await waitFor(() => expect(planTransform(canvas)).toMatchObject({ x: 50, y: 80 }));
    const shown = planTransform(canvas)!;
    // The box fills 90 % of the view's width: 0.9 × 400 / 112.
    expect(shown.scale).toBeCloseTo((0.9 * 400) / 112, 5);

    await afterPanzoomStart();
    expect(planTransform(canvas)).toEqual(shown);
  });

  it('zooms in until the section’s seats are 5 px across, even past the section’s own fit', async () => {
    // A view of 40 × 30: 0.1 px a unit, so seats of radius 6 need 5 / 6 / 0.1 = 8.33 times.
    viewSize(40, 30);
    const canvas = await openByLink('#section:10');
    await waitFor(() => expect(planTransform(canvas)?.scale).toBeCloseTo(5 / 6 / 0.1, 5));
    // Fitting the box alone would have taken 0.9 × 40 / 11.2 = 3.2.
    expect(planTransform(canvas)).toMatchObject({ x: 5, y: 8 });
  });
});
