/**
 * The hall plan in end-to-end tests. Places are drawn on a canvas (decision 0025), so there is
 * no element per place: the plan's probe (`ptPlan` on its viewport) says which places are for
 * sale, where each is and how it is drawn, and a click at that point goes through the plan's own
 * hit-testing, as a buyer's does. Works on a page and inside a frame.
 */
import { expect, type FrameLocator, type Page } from '@playwright/test';

export type PlanScope = Page | FrameLocator;

export type Look = 'off' | 'free' | 'mine' | 'busy' | 'dim';
export interface ProbedPlace {
  /** Centre in client pixels of the plan's own document (the frame's, inside a frame). */
  x: number;
  y: number;
  r: number;
  look: Look;
  /** The price category's colour (normalised hex), '' for a place not for sale. */
  color: string;
}

/** The probe as the plan puts it on its viewport (packages/core/src/seat-map/plan/use-plan.ts). */
interface Probe {
  mode: () => 'seats' | 'sections';
  place: (id: number) => ProbedPlace | null;
  free: (limit: number) => number[];
}
type ProbedElement = HTMLElement & { ptPlan?: Probe };

const viewport = (scope: PlanScope) => scope.locator('.pt-hall-viewport').first();

/** Waits until the plan is drawn and answers. */
export async function planReady(scope: PlanScope): Promise<void> {
  await expect(viewport(scope).locator('canvas.pt-plan-canvas')).toBeAttached({ timeout: 30_000 });
  await expect.poll(() => viewport(scope).evaluate((el) => Boolean((el as ProbedElement).ptPlan))).toBe(true);
}

/** Ids of places for sale and not in this buyer's basket, in plan order (at most `limit`). */
export function freePlaceIds(scope: PlanScope, limit = 1): Promise<number[]> {
  return viewport(scope).evaluate((el, n) => {
    const probe = (el as ProbedElement).ptPlan;
    if (!probe) throw new Error('the plan is not drawn yet: await planReady() first');
    return probe.free(n);
  }, limit);
}

/** Where a place is and how it is drawn; null for a place not on the plan, or while no plan is drawn. */
export function probePlace(scope: PlanScope, id: number | string): Promise<ProbedPlace | null> {
  return viewport(scope).evaluate((el, placeId) => (el as ProbedElement).ptPlan?.place(placeId) ?? null, Number(id));
}

/** How a place is drawn now: 'free', 'mine' (in this buyer's basket), 'off' (not for sale)… */
export async function placeLook(scope: PlanScope, id: number | string): Promise<Look | undefined> {
  return (await probePlace(scope, id))?.look;
}

/**
 * The colour the canvas shows inside a place ('#rrggbb'), read from its pixels: above the centre
 * where the seat number is written in it, so the number's white is not what is read.
 */
export function placePaint(scope: PlanScope, id: number | string): Promise<string | null> {
  return viewport(scope).evaluate((el, placeId) => {
    const p = (el as ProbedElement).ptPlan?.place(placeId);
    const canvas = el.querySelector<HTMLCanvasElement>('canvas.pt-plan-canvas');
    const ctx = canvas?.getContext('2d');
    if (!p || !canvas || !ctx || el.clientWidth === 0) return null;
    // The canvas is drawn from the viewport's corner at devicePixelRatio (canvas-plan.ts).
    const box = el.getBoundingClientRect();
    const k = canvas.width / el.clientWidth;
    const y = p.r >= 9 ? p.y - 0.7 * p.r : p.y;
    const [r, g, b] = ctx.getImageData(Math.round((p.x - box.left) * k), Math.round((y - box.top) * k), 1, 1).data;
    return `#${[r, g, b].map((c) => (c ?? 0).toString(16).padStart(2, '0')).join('')}`;
  }, Number(id));
}

/** Where a click on the place would land: relative to the viewport, and what would get it instead. */
interface Target {
  mode: 'seats' | 'sections';
  x: number;
  y: number;
  /** What is on top at that point when it is not the plan itself (a zoom button, a tooltip…). */
  blocker: string | null;
}

function target(scope: PlanScope, id: number): Promise<Target | null> {
  return viewport(scope).evaluate((el, placeId) => {
    const probe = (el as ProbedElement).ptPlan;
    let p = probe?.place(placeId);
    if (!probe || !p) return null;
    // A place below the fold of a long page: scroll it to the middle of the window first.
    const win = el.ownerDocument.defaultView!;
    if (p.y < 0 || p.y > win.innerHeight || p.x < 0 || p.x > win.innerWidth) {
      win.scrollBy(p.x < 0 || p.x > win.innerWidth ? p.x - win.innerWidth / 2 : 0, p.y - win.innerHeight / 2);
      p = probe.place(placeId)!;
    }
    const box = el.getBoundingClientRect();
    const nameOf = (e: Element | null) => {
      if (!e) return 'nothing';
      const classes = (e.getAttribute('class') ?? '').trim().split(/\s+/).filter(Boolean);
      return [e.tagName.toLowerCase(), ...classes].join('.');
    };
    let blocker: string | null = null;
    if (p.x < box.left || p.x > box.right || p.y < box.top || p.y > box.bottom) blocker = 'outside the plan’s view';
    else {
      const top = el.ownerDocument.elementFromPoint(p.x, p.y);
      // A control of the plan's own (the zoom buttons) on top of the place would take the click.
      const control = top?.closest('button, a, input, select, fieldset, [role="dialog"]');
      const own = control && el.contains(control) ? control : null;
      if (!top || !el.contains(top) || own) blocker = nameOf(own ?? top);
      // The page's own bars (the hall page's sticky basket bar) cover the bottom of the window:
      // the page scrolls the place towards the middle, and the next look finds it clear.
      if (top && !top.closest('.pt-hall')) window.scrollBy(0, p.y - window.innerHeight / 2);
    }
    return { mode: probe.mode(), x: p.x - box.left, y: p.y - box.top, blocker };
  }, id);
}

/**
 * Clicks a place where it is drawn, through the plan's own hit-testing. When the plan shows
 * sections (a large hall seen whole) the first click opens the place's section, then the place
 * is clicked. Waits while something (a tooltip, the mini basket) covers the place's point.
 */
export async function clickPlace(scope: PlanScope, id: number | string): Promise<void> {
  const placeId = Number(id);
  const view = viewport(scope);
  for (let step = 0; step < 2; step++) {
    const last: { at: Target | null } = { at: null };
    await expect
      .poll(
        async () => {
          last.at = await target(scope, placeId);
          return last.at ? (last.at.blocker ?? 'clear') : 'not on the plan';
        },
        { message: `place ${placeId} can be clicked` },
      )
      .toBe('clear');
    const { mode, x, y } = last.at!;
    await view.click({ position: { x, y } });
    if (mode === 'seats') return;
    await expect.poll(() => view.evaluate((el) => (el as ProbedElement).ptPlan?.mode())).toBe('seats');
  }
}

/** Those of the places that are drawn inside the plan's own view (not beyond its edge at this zoom). */
export function placesInView(scope: PlanScope, ids: readonly number[]): Promise<number[]> {
  return viewport(scope).evaluate((el, list) => {
    const probe = (el as ProbedElement).ptPlan;
    const box = el.getBoundingClientRect();
    return list.filter((id) => {
      const p = probe?.place(id);
      return p && p.x >= box.left && p.x <= box.right && p.y >= box.top && p.y <= box.bottom;
    });
  }, ids);
}
