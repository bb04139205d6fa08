/**
 * The plan's pan and zoom (plan/pan-zoom.ts) in the widget: made once the plan is drawn, with
 * the hall's maximum zoom from its SVG area (spec 9), and what the toolbar and the section
 * navigation ask of it.
 */
import { type RefObject, useCallback, useRef, useState } from 'react';
import { maxZoomForArea, ZOOM_MIN, ZOOM_STEP } from '../../store/spec.js';
import { useDomEffect } from '../../ui/dom-effect.js';
import { boxTransform, PanZoom, type PanZoomTransform } from './pan-zoom.js';

export interface PanzoomControls {
  scale: number;
  /** Where the plan is now. */
  transform: () => PanZoomTransform;
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

export function usePanZoom(
  canvas: RefObject<HTMLDivElement | null>,
  viewport: RefObject<HTMLDivElement | null>,
  options: { ready: boolean; area: number; wheelNeedsModifier: boolean; onChange?: (t: PanZoomTransform) => void },
): PanzoomControls {
  const { ready, area, wheelNeedsModifier } = options;
  const maxScale = maxZoomForArea(area);
  const [scale, setScale] = useState<number>(ZOOM_MIN);
  const pz = useRef<PanZoom | null>(null);
  const onChange = useRef(options.onChange);
  onChange.current = options.onChange;

  useDomEffect(() => {
    const elem = canvas.current;
    const view = viewport.current;
    if (!ready || !elem || !view) return;
    const instance = new PanZoom(elem, view, {
      min: ZOOM_MIN,
      max: maxScale,
      step: ZOOM_STEP,
      wheelNeedsModifier,
      onChange: (t) => {
        setScale(t.scale);
        onChange.current?.(t);
      },
    });
    pz.current = instance;
    return () => {
      instance.destroy();
      pz.current = null;
      setScale(ZOOM_MIN);
    };
  }, [ready, maxScale, wheelNeedsModifier, canvas, viewport]);

  const zoomIn = useCallback(() => pz.current?.zoomIn(), []);
  const zoomOut = useCallback(() => pz.current?.zoomOut(), []);
  const zoomToBox = useCallback<PanzoomControls['zoomToBox']>(
    (box, plan, opts) => {
      const p = pz.current;
      const elem = canvas.current;
      if (!p || !elem) return;
      const size = { width: elem.offsetWidth, height: elem.offsetHeight };
      p.set(boxTransform(box, plan, size, { min: ZOOM_MIN, max: maxScale }, opts));
    },
    [canvas, maxScale],
  );
  const reset = useCallback(() => pz.current?.set({ x: 0, y: 0, scale: ZOOM_MIN }), []);
  const transform = useCallback(() => pz.current?.transform ?? { x: 0, y: 0, scale: ZOOM_MIN }, []);
  return { scale, transform, minScale: ZOOM_MIN, maxScale, zoomIn, zoomOut, zoomToBox, reset };
}
