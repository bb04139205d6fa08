/**
 * The plan's own pan and zoom (plan/pan-zoom.ts, decision 0033) against the spec's rules
 * (hall-basket-checkout.md 9): zoom between 1 and the hall's maximum by its SVG area, a step of
 * e^0.4, at least half of the view covered by the plan while zoom is at least 1.1; pinch with
 * two pointers about their middle; a press that moves a few pixels is a click, not a drag.
 *
 * happy-dom lays nothing out: the view is 800 × 600 at the window's corner, and the plan
 * element's drawn box follows its transform as a browser's would (scale about its centre).
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DRAG_TOLERANCE_PX, PanZoom, type PanZoomTransform } from '../src/seat-map/plan/pan-zoom.js';
import { maxZoomForArea, ZOOM_STEP } from '../src/store/spec.js';
import { hallRoutes, resetTicketCount } from './support/hall.js';
import { renderHall } from './support/hall-view.js';
import { serve } from './support/server.js';

const W = 800;
const H = 600;

function parse(el: HTMLElement): PanZoomTransform {
  const m = /scale\(([-\d.e]+)\) translate\(([-\d.e]+)px, ([-\d.e]+)px\)/.exec(el.style.transform);
  if (!m) throw new Error(`no transform: ${el.style.transform}`);
  return { scale: Number(m[1]), x: Number(m[2]), y: Number(m[3]) };
}

function setup(options: { max?: number; wheelNeedsModifier?: boolean } = {}) {
  const view = document.createElement('div');
  const elem = document.createElement('div');
  const button = document.createElement('button');
  view.append(elem, button);
  document.body.append(view);
  for (const el of [view, elem]) {
    Object.defineProperty(el, 'offsetWidth', { value: W });
    Object.defineProperty(el, 'offsetHeight', { value: H });
    Object.defineProperty(el, 'clientWidth', { value: W });
    Object.defineProperty(el, 'clientHeight', { value: H });
  }
  // The drawn box: the element's centre c moves to c + s·t and its size is scaled by s.
  elem.getBoundingClientRect = () => {
    const { scale: s, x, y } = parse(elem);
    const cx = W / 2 + s * x;
    const cy = H / 2 + s * y;
    return DOMRect.fromRect({ x: cx - (W * s) / 2, y: cy - (H * s) / 2, width: W * s, height: H * s });
  };
  const changes: PanZoomTransform[] = [];
  const pz = new PanZoom(elem, view, {
    min: 1,
    max: options.max ?? 10,
    step: ZOOM_STEP,
    wheelNeedsModifier: options.wheelNeedsModifier ?? false,
    onChange: (t) => changes.push(t),
  });
  /** The plan point (element units, before the transform) under a point of the window. */
  const planPointAt = (qx: number, qy: number) => {
    const { scale: s, x, y } = pz.transform;
    return { x: W / 2 + (qx - W / 2) / s - x, y: H / 2 + (qy - H / 2) / s - y };
  };
  return { view, elem, button, pz, changes, planPointAt };
}

const pointer = (target: EventTarget, type: string, id: number, x: number, y: number, kind = 'touch') =>
  target.dispatchEvent(
    new PointerEvent(type, {
      pointerId: id,
      pointerType: kind,
      clientX: x,
      clientY: y,
      button: 0,
      buttons: type === 'pointerup' ? 0 : 1,
      bubbles: true,
    }),
  );

/** How much of the view the plan's drawn box covers, as a share of each side. */
function covered(elem: HTMLElement): { x: number; y: number } {
  const r = elem.getBoundingClientRect();
  const x = Math.max(0, Math.min(W, r.right) - Math.max(0, r.left)) / W;
  const y = Math.max(0, Math.min(H, r.bottom) - Math.max(0, r.top)) / H;
  return { x, y };
}

/** happy-dom's WheelEvent takes only the deltas from its init: the rest is given as a browser would. */
function wheel(target: EventTarget, init: { deltaY: number; clientX?: number; clientY?: number; ctrlKey?: boolean }) {
  const e = new WheelEvent('wheel', { deltaY: init.deltaY, cancelable: true, bubbles: true });
  for (const key of ['clientX', 'clientY', 'ctrlKey'] as const) {
    if (init[key] !== undefined) Object.defineProperty(e, key, { value: init[key] });
  }
  target.dispatchEvent(e);
  return e;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe('zoom limits (spec 9: minimum 1, maximum by the SVG area, sensitivity 0.4)', () => {
  it('take the maximum from the area: 10, 15 over 2.25M, 20 over 4M, 25 over 6.25M, 35 over 9M', () => {
    expect(maxZoomForArea(2_250_000)).toBe(10);
    expect(maxZoomForArea(2_250_001)).toBe(15);
    expect(maxZoomForArea(4_000_001)).toBe(20);
    expect(maxZoomForArea(6_250_001)).toBe(25);
    expect(maxZoomForArea(9_000_001)).toBe(35);
  });

  it('step by e^0.4 and stop at the maximum and at 1', () => {
    const { pz, elem } = setup({ max: 15 });
    pz.zoomIn();
    expect(parse(elem).scale).toBeCloseTo(Math.exp(0.4), 10);
    for (let i = 0; i < 20; i++) pz.zoomIn();
    expect(parse(elem).scale).toBe(15);
    for (let i = 0; i < 20; i++) pz.zoomOut();
    expect(parse(elem).scale).toBe(1);
  });

  it('zoom with the wheel a third of a step a notch, about the pointer', () => {
    const { pz, view, planPointAt } = setup();
    pz.zoomTo(3);
    const before = planPointAt(600, 150);
    wheel(view, { deltaY: -100, clientX: 600, clientY: 150 });
    expect(pz.transform.scale).toBeCloseTo(3 * Math.exp(0.4 / 3), 10);
    const after = planPointAt(600, 150);
    expect(after.x).toBeCloseTo(before.x, 6);
    expect(after.y).toBeCloseTo(before.y, 6);
  });

  it('leave the wheel to a partner page unless Ctrl or ⌘ is held (framed)', () => {
    const { pz, view } = setup({ wheelNeedsModifier: true });
    const plain = wheel(view, { deltaY: -100 });
    expect(pz.transform.scale).toBe(1);
    expect(plain.defaultPrevented).toBe(false);
    wheel(view, { deltaY: -100, ctrlKey: true });
    expect(pz.transform.scale).toBeGreaterThan(1);
  });
});

describe('panning (spec 9: from zoom 1.1 at least 50 % of the view stays covered)', () => {
  it('keep the plan centred while zoom is below 1.1', () => {
    const { pz, view, elem } = setup();
    pz.zoomTo(1.05);
    pointer(view, 'pointerdown', 1, 400, 300, 'mouse');
    pointer(view, 'pointermove', 1, 700, 500, 'mouse');
    pointer(view, 'pointerup', 1, 700, 500, 'mouse');
    expect(parse(elem)).toMatchObject({ x: 0, y: 0 });
  });

  it('stop a drag where the plan still covers half of the view, on every side', () => {
    const { pz, view, elem } = setup();
    pz.zoomTo(1.1);
    for (const [dx, dy] of [
      [5000, 0],
      [-5000, 0],
      [0, 5000],
      [0, -5000],
      [5000, -5000],
    ] as const) {
      pointer(view, 'pointerdown', 1, 400, 300, 'mouse');
      pointer(view, 'pointermove', 1, 400 + dx, 300 + dy, 'mouse');
      pointer(view, 'pointerup', 1, 400 + dx, 300 + dy, 'mouse');
      const c = covered(elem);
      expect(c.x).toBeGreaterThanOrEqual(0.5 - 1e-9);
      expect(c.y).toBeGreaterThanOrEqual(0.5 - 1e-9);
    }
    // The edge is where the limit is: exactly half at 1.1 when pushed all the way right.
    pointer(view, 'pointerdown', 1, 400, 300, 'mouse');
    pointer(view, 'pointermove', 1, 9000, 300, 'mouse');
    pointer(view, 'pointerup', 1, 9000, 300, 'mouse');
    expect(parse(elem).x).toBe(W / 2);
  });

  it('follow the pointer one to one within the limits, and pan with the arrow keys on the view', () => {
    const { pz, view, elem, button } = setup();
    pz.zoomTo(4);
    pointer(view, 'pointerdown', 1, 400, 300, 'mouse');
    pointer(view, 'pointermove', 1, 480, 260, 'mouse');
    expect(parse(elem)).toMatchObject({ x: 20, y: -10 });
    pointer(view, 'pointerup', 1, 480, 260, 'mouse');
    view.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true, cancelable: true }));
    // A tenth of the view's width, on screen: 80 px at zoom 4 is 20 units.
    expect(parse(elem).x).toBeCloseTo(40, 10);
    view.dispatchEvent(new KeyboardEvent('keydown', { key: '+', bubbles: true, cancelable: true }));
    expect(pz.transform.scale).toBeCloseTo(4 * Math.exp(0.4), 10);
    // Keys pressed on a button inside the view are the button's.
    button.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true, cancelable: true }));
    expect(parse(elem).x).toBeCloseTo(40, 10);
  });
});

describe('click and drag', () => {
  it('a press that moves no more than the tolerance does not move the plan', () => {
    const { pz, view, changes } = setup();
    pz.zoomTo(3);
    const before = pz.transform;
    changes.length = 0;
    pointer(view, 'pointerdown', 7, 300, 300);
    pointer(view, 'pointermove', 7, 300 + DRAG_TOLERANCE_PX * 0.6, 300 + DRAG_TOLERANCE_PX * 0.6);
    pointer(view, 'pointerup', 7, 300 + DRAG_TOLERANCE_PX * 0.6, 300 + DRAG_TOLERANCE_PX * 0.6);
    expect(pz.transform).toEqual(before);
    expect(changes).toEqual([]);
  });

  it('past the tolerance the plan follows from where the press began', () => {
    const { pz, view } = setup();
    pz.zoomTo(2);
    pointer(view, 'pointerdown', 7, 300, 300);
    pointer(view, 'pointermove', 7, 304, 300);
    pointer(view, 'pointermove', 7, 340, 300);
    expect(pz.transform.x).toBeCloseTo(20, 10);
    pointer(view, 'pointerup', 7, 340, 300);
    // Released: later moves do nothing.
    pointer(view, 'pointermove', 7, 600, 300);
    expect(pz.transform.x).toBeCloseTo(20, 10);
  });

  it('a press on a control over the plan (the zoom buttons) is the control’s, not a drag', () => {
    const { pz, view, button } = setup();
    pz.zoomTo(2);
    pointer(button, 'pointerdown', 1, 300, 300, 'mouse');
    pointer(view, 'pointermove', 1, 380, 300, 'mouse');
    pointer(view, 'pointerup', 1, 380, 300, 'mouse');
    expect(pz.transform.x).toBe(0);
  });

  it('a mouse released outside the page ends its drag at its next move', () => {
    const { pz, view } = setup();
    pz.zoomTo(2);
    pointer(view, 'pointerdown', 1, 300, 300, 'mouse');
    pointer(view, 'pointermove', 1, 340, 300, 'mouse');
    view.dispatchEvent(
      new PointerEvent('pointermove', { pointerId: 1, pointerType: 'mouse', clientX: 500, buttons: 0, bubbles: true }),
    );
    expect(pz.transform.x).toBeCloseTo(20, 10);
  });
});

describe('pinch', () => {
  it('two fingers moving apart zoom by the ratio of their distance, about their middle', () => {
    const { pz, view, planPointAt } = setup();
    const middle = planPointAt(400, 200);
    pointer(view, 'pointerdown', 1, 350, 200);
    pointer(view, 'pointerdown', 2, 450, 200);
    pointer(view, 'pointermove', 1, 300, 200);
    pointer(view, 'pointermove', 2, 500, 200);
    expect(pz.transform.scale).toBeCloseTo(2, 10);
    const after = planPointAt(400, 200);
    expect(after.x).toBeCloseTo(middle.x, 6);
    expect(after.y).toBeCloseTo(middle.y, 6);
    // Fingers together again: back to 1, centred (below 1.1 the plan fits).
    pointer(view, 'pointermove', 1, 375, 200);
    pointer(view, 'pointermove', 2, 425, 200);
    expect(pz.transform).toEqual({ scale: 1, x: 0, y: 0 });
  });

  it('two fingers moving together pan; one lifted, the other drags on from where it is', () => {
    const { pz, view } = setup();
    pz.zoomTo(2);
    pointer(view, 'pointerdown', 1, 300, 300);
    pointer(view, 'pointerdown', 2, 500, 300);
    pointer(view, 'pointermove', 1, 300, 340);
    pointer(view, 'pointermove', 2, 500, 340);
    // The middle moved 40 px down: 20 units at zoom 2.
    expect(pz.transform.y).toBeCloseTo(20, 6);
    expect(pz.transform.scale).toBeCloseTo(2, 6);
    pointer(view, 'pointerup', 2, 500, 340);
    pointer(view, 'pointermove', 1, 300, 360);
    pointer(view, 'pointermove', 1, 300, 380);
    expect(pz.transform.y).toBeCloseTo(40, 6);
  });

  it('is capped by the maximum', () => {
    const { pz, view } = setup({ max: 10 });
    pointer(view, 'pointerdown', 1, 390, 300);
    pointer(view, 'pointerdown', 2, 410, 300);
    pointer(view, 'pointermove', 1, 0, 300);
    pointer(view, 'pointermove', 2, 800, 300);
    expect(pz.transform.scale).toBe(10);
  });
});

describe('HallView: the plan moved by its own gestures', () => {
  const selects = (seen: ReturnType<typeof serve>) =>
    seen.filter((r) => r.method === 'POST' && r.path === '/hallPlace/select/');
  const planTransform = () => parse(document.querySelector<HTMLElement>('.pt-hall-canvas')!);

  async function zoomedHall() {
    resetTicketCount();
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(W);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(H);
    const seen = serve(hallRoutes());
    const hall = await renderHall();
    fireEvent.click(screen.getByRole('button', { name: 'Увеличить' }));
    return { seen, ...hall };
  }

  it('a click that shook a few pixels takes the seat and leaves the plan where it was', async () => {
    const { seen, viewport, placeAt } = await zoomedHall();
    const before = planTransform();
    const { x, y } = placeAt(105);
    fireEvent.pointerDown(viewport, { pointerType: 'mouse', clientX: x, clientY: y, buttons: 1 });
    fireEvent.pointerMove(viewport, { pointerType: 'mouse', clientX: x + 2, clientY: y + 2, buttons: 1 });
    fireEvent.pointerUp(viewport, { pointerType: 'mouse', clientX: x + 2, clientY: y + 2 });
    fireEvent.click(viewport, { clientX: x + 2, clientY: y + 2 });
    await waitFor(() => expect(selects(seen)).toHaveLength(1));
    expect(planTransform()).toEqual(before);
  });

  it('a drag moves the plan and takes nothing', async () => {
    const { seen, viewport, placeAt } = await zoomedHall();
    const before = planTransform();
    const { x, y } = placeAt(105);
    fireEvent.pointerDown(viewport, { pointerType: 'mouse', clientX: x, clientY: y, buttons: 1 });
    fireEvent.pointerMove(viewport, { pointerType: 'mouse', clientX: x + 40, clientY: y, buttons: 1 });
    fireEvent.pointerUp(viewport, { pointerType: 'mouse', clientX: x + 40, clientY: y });
    fireEvent.click(viewport, { clientX: x + 40, clientY: y });
    expect(planTransform().x).toBeCloseTo(before.x + 40 / before.scale, 6);
    // The flow comes with the tools: give a click that would select the time to do so.
    await screen.findByText('Секторы', { selector: 'summary' });
    await new Promise((r) => setTimeout(r, 20));
    expect(selects(seen)).toHaveLength(0);
  });

  it('draws the places again after every move of the plan', async () => {
    const { viewport } = await zoomedHall();
    // The canvas's (fake) context: each drawing of the view starts by clearing it.
    const canvas = viewport.querySelector('canvas')!;
    const clear = vi.fn();
    Object.assign(canvas.getContext('2d')!, { clearRect: clear });
    wheel(viewport, { deltaY: -100, clientX: 100, clientY: 100 });
    await waitFor(() => expect(clear).toHaveBeenCalledTimes(1));
    fireEvent.pointerDown(viewport, { pointerType: 'touch', clientX: 100, clientY: 100, buttons: 1 });
    fireEvent.pointerMove(viewport, { pointerType: 'touch', clientX: 150, clientY: 100, buttons: 1 });
    await waitFor(() => expect(clear).toHaveBeenCalledTimes(2));
    fireEvent.pointerMove(viewport, { pointerType: 'touch', clientX: 160, clientY: 100, buttons: 1 });
    await waitFor(() => expect(clear).toHaveBeenCalledTimes(3));
    fireEvent.pointerUp(viewport, { pointerType: 'touch', clientX: 160, clientY: 100 });
  });
});
