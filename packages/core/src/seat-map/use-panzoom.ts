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
        if (x !== value.x || y !== value.y) {
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
  const transform = useCallback((): PanzoomTransform => {
    const p = pz.current;
    return p ? { ...p.getPan(), scale: p.getScale() } : { x: 0, y: 0, scale: ZOOM_MIN };
  }, []);
  return { scale, transform, minScale: ZOOM_MIN, maxScale, zoomIn, zoomOut };
}
