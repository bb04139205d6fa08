/// <reference path="./panzoom-module.d.ts" />
/**
 * Pan and zoom of the plan (spec 9): minimum 1, maximum by the SVG area, step 0.4; wheel,
 * pinch and drag come from @panzoom/panzoom. Panzoom's own `contain` options keep the plan
 * either wholly inside or wholly covering the view; the spec wants something looser (at zoom
 * ≥ 1.1 at least half of the view stays covered by the plan), so the clamp is done here.
 */
import type { PanzoomObject } from '@panzoom/panzoom';
import Panzoom from '@panzoom/panzoom/dist/panzoom.es.js';
import { type RefObject, useCallback, useRef, useState } from 'react';
import { maxZoomForArea, PAN_CONTAIN_FROM_SCALE, ZOOM_MIN, ZOOM_STEP } from '../store/spec.js';
import { useDomEffect } from '../ui/dom-effect.js';

/**
 * Panzoom moves the element by `scale(s) translate(x, y)` about its centre, so the plan's edge
 * reaches the middle of the view exactly when |x| = W/2: within that, at least half the view
 * is covered. Below 1.1 the whole plan fits, and it stays centred.
 */
export function clampPan(x: number, y: number, scale: number, width: number, height: number): [number, number] {
  if (scale < PAN_CONTAIN_FROM_SCALE) return [0, 0];
  const cx = Math.max(-width / 2, Math.min(width / 2, x));
  const cy = Math.max(-height / 2, Math.min(height / 2, y));
  return [cx, cy];
}

export interface PanzoomTransform {
  x: number;
  y: number;
  scale: number;
}

export interface PanzoomControls {
  scale: number;
  /** Where the plan is now (panzoom units). */
  transform: () => PanzoomTransform;
  minScale: number;
  maxScale: number;
  zoomIn: () => void;
  zoomOut: () => void;
  /** Shows a box of the plan (plan units of a viewBox width × height) filling most of the view. */
  zoomToBox: (
    box: readonly [number, number, number, number],
    plan: { width: number; height: number },
    options?: { minUnitPx?: number; focus?: readonly [number, number] },
  ) => void;
  /** Back to the whole plan. */
  reset: () => void;
}

/**
 * The panzoom position that shows `box`: the SVG fits the element (preserveAspectRatio meet), a
 * plan point p sits at o + p·f in the element, and panzoom's `scale(s) translate(t)` about the
 * element's centre c puts it at c + s·(p' − c + t): centring the box's middle gives t = c − p'.
 */
export function boxTransform(
  box: readonly [number, number, number, number],
  plan: { width: number; height: number },
  el: { width: number; height: number },
  limits: { min: number; max: number },
  /**
   * minUnitPx: at least this many screen pixels per plan unit (so that seats can be aimed at),
   * even when the box then overflows the view; the view is then centred on `focus` (a plan point
   * inside the box) rather than on the box's middle.
   */
  options: { minUnitPx?: number; focus?: readonly [number, number] } = {},
): PanzoomTransform {
  const f = Math.min(el.width / plan.width, el.height / plan.height) || 1;
  const ox = (el.width - plan.width * f) / 2;
  const oy = (el.height - plan.height * f) / 2;
  const [x0, y0, x1, y1] = box;
  const w = Math.max(x1 - x0, 1) * f;
  const h = Math.max(y1 - y0, 1) * f;
  const fits = 0.9 * Math.min(el.width / w, el.height / h);
  const needed = (options.minUnitPx ?? 0) / f;
  const scale = Math.min(limits.max, Math.max(limits.min, fits, needed));
  const [cx, cy] = scale > fits && options.focus ? options.focus : [(x0 + x1) / 2, (y0 + y1) / 2];
  return { scale, x: el.width / 2 - (ox + cx * f), y: el.height / 2 - (oy + cy * f) };
}

export function usePanzoom(
  canvas: RefObject<HTMLDivElement | null>,
  viewport: RefObject<HTMLDivElement | null>,
  options: { ready: boolean; area: number; wheelNeedsModifier: boolean; onChange?: (t: PanzoomTransform) => void },
): PanzoomControls {
  const { ready, area, wheelNeedsModifier } = options;
  const maxScale = maxZoomForArea(area);
  const [scale, setScale] = useState<number>(ZOOM_MIN);
  const pz = useRef<PanzoomObject | null>(null);
  /** Set while zoomToBox moves the plan in two steps: the first step's position is not corrected. */
  const positioning = useRef(false);
  const onChange = useRef(options.onChange);
  onChange.current = options.onChange;

  useDomEffect(() => {
    const elem = canvas.current;
    const view = viewport.current;
    if (!ready || !elem || !view) return;
    const defaultSetTransform = Panzoom.defaultOptions.setTransform!;
    const instance: PanzoomObject = Panzoom(elem, {
      minScale: ZOOM_MIN,
      maxScale,
      step: ZOOM_STEP,
      cursor: 'grab',
      // Keep the pointerdown bubbling: the plan's own delegated handlers tell a tap from a drag.
      handleStartEvent: (e: Event) => e.preventDefault(),
      setTransform: (el: HTMLElement | SVGElement, value, opts) => {
        const [x, y] = clampPan(value.x, value.y, value.scale, elem.offsetWidth, elem.offsetHeight);
        if ((x !== value.x || y !== value.y) && !positioning.current) {
          // Bring panzoom's own position back inside, so the next move starts from the edge.
          queueMicrotask(() => instance.pan(x, y, { animate: false, force: true, silent: true }));
        }
        defaultSetTransform(el, { ...value, x, y }, opts);
      },
    });
    pz.current = instance;
    const changed = (e: Event) => {
      const { x, y, scale: s } = (e as CustomEvent<PanzoomTransform>).detail;
      setScale(s);
      onChange.current?.({ x, y, scale: s });
    };
    const wheel = (e: WheelEvent) => {
      // Framed in a partner page the wheel scrolls that page; zooming then needs Ctrl/⌘.
      if (wheelNeedsModifier && !e.ctrlKey && !e.metaKey) return;
      instance.zoomWithWheel(e);
    };
    elem.addEventListener('panzoomchange', changed);
    view.addEventListener('wheel', wheel, { passive: false });
    return () => {
      elem.removeEventListener('panzoomchange', changed);
      view.removeEventListener('wheel', wheel);
      instance.destroy();
      instance.resetStyle();
      pz.current = null;
    };
  }, [ready, maxScale, wheelNeedsModifier, canvas, viewport]);

  const zoomIn = useCallback(() => pz.current?.zoomIn(), []);
  const zoomOut = useCallback(() => pz.current?.zoomOut(), []);
  const zoomToBox = useCallback(
    (
      box: readonly [number, number, number, number],
      plan: { width: number; height: number },
      options?: { minUnitPx?: number; focus?: readonly [number, number] },
    ) => {
      const p = pz.current;
      const elem = canvas.current;
      if (!p || !elem) return;
      const size = { width: elem.offsetWidth, height: elem.offsetHeight };
      const t = boxTransform(box, plan, size, { min: ZOOM_MIN, max: maxScale }, options);
      // Panzoom's constructor queues a pan to its start position for once its size is known (a
      // timer): a position set before that runs would be undone, as a #section:{id} link's was.
      // The position shown here becomes the start position, so that pan lands where the plan is,
      // whenever it runs; reset() names the whole plan's position itself.
      p.setOptions({ startX: t.x, startY: t.y, startScale: t.scale });
      positioning.current = true;
      try {
        p.zoom(t.scale, { animate: false });
        p.pan(t.x, t.y, { animate: false, force: true });
      } finally {
        positioning.current = false;
      }
    },
    [canvas, maxScale],
  );
  const reset = useCallback(
    () => pz.current?.reset({ animate: false, startX: 0, startY: 0, startScale: ZOOM_MIN }),
    [],
  );
  const transform = useCallback((): PanzoomTransform => {
    const p = pz.current;
    return p ? { ...p.getPan(), scale: p.getScale() } : { x: 0, y: 0, scale: ZOOM_MIN };
  }, []);
  return { scale, transform, minScale: ZOOM_MIN, maxScale, zoomIn, zoomOut, zoomToBox, reset };
}
