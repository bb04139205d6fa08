/**
 * The plan's own pan and zoom (decision 0033), framework-free: wheel, drag, two-finger pinch and
 * keys move one element by `scale(s) translate(x px, y px)` about its centre.
 *
 * The spec's rules (hall-basket-checkout.md 9): zoom is at least 1 and at most the hall's maximum
 * (10, or more for a large SVG area: `maxZoomForArea`), a button or key step multiplies it by
 * e^0.4 (sensitivity 0.4), and while zoom is at least 1.1 panning keeps at least half of the view
 * covered by the plan; below 1.1 the whole plan fits and stays centred.
 *
 * A press becomes a drag only once it has moved more than DRAG_TOLERANCE_PX, so a click with a
 * shaking hand neither moves the plan nor is taken for a drag.
 */
import { clampPan, type PanZoomTransform, zoomAbout } from './pan-zoom-math.js';

export { boxTransform, clampPan, type PanZoomTransform, zoomAbout } from './pan-zoom-math.js';

/** A pointer that moved further than this between down and up was dragging the plan. */
export const DRAG_TOLERANCE_PX = 6;
/** A wheel notch is a third of a step (as a button's e^0.4 in three notches). */
const WHEEL_SHARE = 1 / 3;
/** An arrow key pans by this share of the view. */
const KEY_PAN_SHARE = 0.1;
/** Arrows move the view that way (the plan the other way). */
const PAN_KEYS: Record<string, readonly [number, number]> = {
  ArrowLeft: [1, 0],
  ArrowRight: [-1, 0],
  ArrowUp: [0, 1],
  ArrowDown: [0, -1],
};
/** Presses on these are not the plan's. */
const CONTROLS = 'button,a,input,select,textarea,summary,label';
/** + and = zoom in a step, − out. */
const ZOOM_KEYS: Record<string, number> = { '+': 1, '=': 1, '-': -1 };

export interface PanZoomOptions {
  min: number;
  max: number;
  /** The spec's sensitivity: a step multiplies the zoom by e^step. */
  step: number;
  /** Framed in a partner page the wheel scrolls that page; zooming then needs Ctrl/⌘. */
  wheelNeedsModifier: boolean;
  onChange: (t: PanZoomTransform) => void;
}

interface Press {
  x: number;
  y: number;
}

export class PanZoom {
  private t: PanZoomTransform;
  /** Pointers down on the view, by id: where each was last seen. */
  private readonly pointers = new Map<number, Press>();
  /** The one-pointer drag: where it started and the transform then, once past the tolerance. */
  private drag: { start: Press; from: PanZoomTransform; moving: boolean } | null = null;
  private readonly doc: Document;

  constructor(
    private readonly elem: HTMLElement,
    private readonly view: HTMLElement,
    private readonly o: PanZoomOptions,
  ) {
    this.doc = view.ownerDocument;
    this.t = { x: 0, y: 0, scale: o.min };
    elem.style.transformOrigin = '50% 50%';
    elem.style.cursor = 'grab';
    this.apply();
    view.addEventListener('wheel', this.onWheel, { passive: false });
    view.addEventListener('pointerdown', this.onDown);
    view.addEventListener('keydown', this.onKey);
  }

  destroy(): void {
    this.view.removeEventListener('wheel', this.onWheel);
    this.view.removeEventListener('pointerdown', this.onDown);
    this.view.removeEventListener('keydown', this.onKey);
    this.release();
    this.elem.style.transform = '';
    this.elem.style.cursor = '';
  }

  get transform(): PanZoomTransform {
    return { ...this.t };
  }

  /** Moves the plan to `t`, within the zoom limits and the pan rule. */
  set(t: PanZoomTransform): void {
    const scale = this.limit(t.scale);
    const [x, y] = clampPan(t.x, t.y, scale, this.elem.offsetWidth, this.elem.offsetHeight);
    if (x === this.t.x && y === this.t.y && scale === this.t.scale) return;
    this.t = { x, y, scale };
    this.apply();
    this.o.onChange(this.transform);
  }

  /** Zooms to `scale` about a point of the window (client px), by default the view's middle. */
  zoomTo(scale: number, clientX?: number, clientY?: number): void {
    const [dx, dy] = clientX === undefined || clientY === undefined ? [0, 0] : this.offset(clientX, clientY);
    this.set(zoomAbout(this.t, this.limit(scale), dx, dy));
  }

  private limit(scale: number): number {
    return Math.min(this.o.max, Math.max(this.o.min, scale));
  }

  /** A point of the window from the element's untransformed centre c (its drawn box's centre is c + s·t). */
  private offset(clientX: number, clientY: number): [number, number] {
    const r = this.elem.getBoundingClientRect();
    const { x, y, scale } = this.t;
    return [clientX - (r.left + r.width / 2 - scale * x), clientY - (r.top + r.height / 2 - scale * y)];
  }

  zoomIn(): void {
    this.zoomTo(this.t.scale * Math.exp(this.o.step));
  }

  zoomOut(): void {
    this.zoomTo(this.t.scale * Math.exp(-this.o.step));
  }

  /** Pans by a distance on screen (px). */
  panBy(dx: number, dy: number): void {
    this.set({ ...this.t, x: this.t.x + dx / this.t.scale, y: this.t.y + dy / this.t.scale });
  }

  private apply(): void {
    const { x, y, scale } = this.t;
    this.elem.style.transform = `scale(${scale}) translate(${x}px, ${y}px)`;
  }

  private readonly onWheel = (e: WheelEvent): void => {
    if (this.o.wheelNeedsModifier && !e.ctrlKey && !e.metaKey) return;
    e.preventDefault();
    const delta = e.deltaY === 0 && e.deltaX ? e.deltaX : e.deltaY;
    if (!delta) return;
    this.zoomTo(this.t.scale * Math.exp((delta < 0 ? 1 : -1) * this.o.step * WHEEL_SHARE), e.clientX, e.clientY);
  };

  private readonly onKey = (e: KeyboardEvent): void => {
    // Only the view itself: a button inside it keeps its own keys.
    if (e.target !== this.view || e.altKey || e.ctrlKey || e.metaKey) return;
    const pan = PAN_KEYS[e.key];
    const zoom = ZOOM_KEYS[e.key];
    if (!pan && !zoom) return;
    e.preventDefault();
    if (zoom) this.zoomTo(this.t.scale * Math.exp(zoom * this.o.step));
    else if (pan)
      this.panBy(pan[0] * this.view.clientWidth * KEY_PAN_SHARE, pan[1] * this.view.clientHeight * KEY_PAN_SHARE);
  };

  private readonly onDown = (e: PointerEvent): void => {
    // The zoom buttons and other controls over the plan keep their presses.
    if (e.button > 0 || (e.target instanceof Element && e.target.closest(CONTROLS))) return;
    // No text selection or native drag starts from the drawing (the click still comes).
    e.preventDefault();
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (this.pointers.size === 1) {
      this.doc.addEventListener('pointermove', this.onMove);
      this.doc.addEventListener('pointerup', this.onUp);
      this.doc.addEventListener('pointercancel', this.onUp);
    }
    this.restartDrag();
  };

  /** A drag starts again from where the pointers are (a second finger lifted, or put down). */
  private restartDrag(): void {
    const [first] = this.pointers.values();
    this.drag = this.pointers.size === 1 && first ? { start: { ...first }, from: this.transform, moving: false } : null;
  }

  private readonly onMove = (e: PointerEvent): void => {
    const before = this.pointers.get(e.pointerId);
    if (!before) return;
    // A mouse released outside the page sent its pointerup elsewhere: the press is over.
    if (e.pointerType === 'mouse' && e.buttons === 0) {
      this.release();
      return;
    }
    const now = { x: e.clientX, y: e.clientY };
    if (this.pointers.size >= 2) {
      const [a, b] = [...this.pointers.values()];
      const other = a === before ? b! : a!;
      this.pointers.set(e.pointerId, now);
      this.pinch(before, now, other);
      return;
    }
    this.pointers.set(e.pointerId, now);
    const drag = this.drag;
    if (!drag) return;
    const dx = now.x - drag.start.x;
    const dy = now.y - drag.start.y;
    if (!drag.moving && Math.hypot(dx, dy) <= DRAG_TOLERANCE_PX) return;
    drag.moving = true;
    this.elem.style.cursor = 'grabbing';
    const s = drag.from.scale;
    this.set({ scale: s, x: drag.from.x + dx / s, y: drag.from.y + dy / s });
  };

  /**
   * One finger of two moved from `before` to `now`: the plan point under the fingers' middle
   * follows the middle, and the zoom changes by the ratio of their distances about it.
   */
  private pinch(before: Press, now: Press, other: Press): void {
    const d0 = Math.hypot(before.x - other.x, before.y - other.y);
    const d1 = Math.hypot(now.x - other.x, now.y - other.y);
    if (!d0 || !d1) return;
    const { x, y, scale } = this.t;
    const mx = (now.x + other.x) / 2;
    const my = (now.y + other.y) / 2;
    const moved = { scale, x: x + (now.x - before.x) / 2 / scale, y: y + (now.y - before.y) / 2 / scale };
    const [dx, dy] = this.offset(mx, my);
    this.set(zoomAbout(moved, this.limit((scale * d1) / d0), dx, dy));
  }

  private readonly onUp = (e: PointerEvent): void => {
    this.pointers.delete(e.pointerId);
    if (this.pointers.size === 0) this.release();
    else this.restartDrag();
  };

  private release(): void {
    this.pointers.clear();
    this.drag = null;
    this.elem.style.cursor = 'grab';
    this.doc.removeEventListener('pointermove', this.onMove);
    this.doc.removeEventListener('pointerup', this.onUp);
    this.doc.removeEventListener('pointercancel', this.onUp);
  }
}
