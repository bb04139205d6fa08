/**
 * The arithmetic of the plan's pan and zoom (plan/pan-zoom.ts): the plan element moves by
 * `scale(s) translate(x px, y px)` about its centre.
 */
import { PAN_CONTAIN_FROM_SCALE } from '../../store/spec.js';

export interface PanZoomTransform {
  x: number;
  y: number;
  scale: number;
}

/**
 * The plan moves by `scale(s) translate(x, y)` about its centre, so its edge reaches the middle
 * of the view exactly when |x| = W/2: within that, at least half the view is covered (the spec's
 * 50 % overlap). Below 1.1 the whole plan fits, and it stays centred.
 */
export function clampPan(x: number, y: number, scale: number, width: number, height: number): [number, number] {
  if (scale < PAN_CONTAIN_FROM_SCALE) return [0, 0];
  const cx = Math.max(-width / 2, Math.min(width / 2, x));
  const cy = Math.max(-height / 2, Math.min(height / 2, y));
  return [cx, cy];
}

/**
 * The transform that shows `box`: the SVG fits the element (preserveAspectRatio meet), a plan
 * point p sits at o + p·f in the element, and `scale(s) translate(t)` about the element's centre c
 * puts it at c + s·(p' − c + t): centring the box's middle gives t = c − p'.
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
): PanZoomTransform {
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

/**
 * Zooming to `scale` about a point q keeps the plan point under q where it is: with q − c the
 * point's offset from the element's centre, c + s·(p − c + t) = q gives
 * t' = t + (q − c)·(1/s' − 1/s).
 */
export function zoomAbout(t: PanZoomTransform, scale: number, dx: number, dy: number): PanZoomTransform {
  const k = 1 / scale - 1 / t.scale;
  return { scale, x: t.x + dx * k, y: t.y + dy * k };
}
