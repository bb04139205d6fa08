/**
 * The places of the plan drawn on one canvas (decision 0025). The hall SVG without its places
 * stays underneath for the static drawing and is what panzoom moves; the canvas covers the
 * viewport, does not move, and is drawn with the SVG's own screen matrix (getScreenCTM), so both
 * agree at every zoom and the places stay crisp: they are drawn again at the new scale, never
 * stretched.
 *
 * - Only the places in view are drawn, found through the spatial grid.
 * - Level of detail: while seats are too small on screen to aim at (SEAT_MIN_PX: an arena or a
 *   stadium seen whole), or more than SEAT_BUDGET would be in view, the sections are drawn
 *   instead, filled by whether they have free places, with their names, free counts and prices;
 *   zooming in or choosing a section shows its seats.
 * - A change of a few places (a selection, a call in flight, the hover) repaints only the small
 *   squares around them.
 */
import type { PlanModel } from './model.js';
import type { SpatialGrid } from './spatial.js';

/** Seats smaller than this radius on screen (CSS px) cannot be aimed at: the plan shows sections. */
export const SEAT_MIN_PX = 1.8;
/** More places than this in view and the plan shows sections instead of seats (a frame's budget). */
export const SEAT_BUDGET = 20_000;
/** On the overview, a click this close to a section's seats (CSS px) opens that section. */
const SECTION_REACH_PX = 10;
/** Below this radius on screen (CSS px) seats are squares: cheaper, and no one sees the difference. */
const ROUND_FROM_PX = 2.5;
/** From this radius on screen the seat number is written in the seat. */
const NUMBER_FROM_PX = 9;

export const Look = { Off: 0, Free: 1, Mine: 2, Busy: 3, Dim: 4 } as const;
export type Look = (typeof Look)[keyof typeof Look];

export interface PlanColors {
  off: string;
  ink: string;
  ring: string;
}

export interface SectionLook {
  fill: string;
  /** The section's name, and a shorter one for narrow sections. */
  label: string;
  short: string;
  /** Free places and prices, and a shorter wording. */
  sub: string;
  shortSub: string;
}

export interface CanvasPlanOptions {
  model: PlanModel;
  grid: SpatialGrid;
  /** How place i looks now. */
  look: (i: number) => Look;
  /** Fill colour of place i's price category (normalised hex). */
  color: (i: number) => string;
  /** How a section looks in the overview. */
  section: (s: number) => SectionLook;
  colors?: Partial<PlanColors>;
}

type Matrix = { a: number; d: number; e: number; f: number };

/** The SVG's user units → client pixels (panzoom's CSS transform included). */
function screenMatrix(svg: SVGSVGElement): Matrix {
  const m = typeof svg.getScreenCTM === 'function' ? svg.getScreenCTM() : null;
  if (m && m.a > 0) return { a: m.a, d: m.d, e: m.e, f: m.f };
  // Environments without layout (server tests): one unit a pixel, from the SVG's corner.
  const r = svg.getBoundingClientRect();
  return { a: 1, d: 1, e: r.left, f: r.top };
}

export function pointInPolygon(x: number, y: number, poly: readonly number[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 2; i < poly.length; j = i, i += 2) {
    const xi = poly[i]!;
    const yi = poly[i + 1]!;
    const xj = poly[j]!;
    const yj = poly[j + 1]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export class CanvasPlan {
  readonly canvas: HTMLCanvasElement;
  mode: 'seats' | 'sections' = 'seats';
  private readonly ctx: CanvasRenderingContext2D | null;
  private readonly colors: PlanColors;
  private frame = 0;
  private m: Matrix = { a: 1, d: 1, e: 0, f: 0 };
  private origin = { left: 0, top: 0 };
  private dpr = 1;
  private readonly resize: ResizeObserver | null;
  hovered = -1;
  private readonly outlined: boolean;
  /** Label widths on screen by font and text (the overview's labels, measured once). */
  private readonly widths = new Map<string, number>();

  constructor(
    private readonly host: HTMLElement,
    private readonly svg: SVGSVGElement,
    private readonly o: CanvasPlanOptions,
  ) {
    this.colors = { off: '#dcdce2', ink: '#1d1b2e', ring: '#ffffff', ...o.colors };
    this.outlined = o.model.layout.sections.some((sec) => sec.hull.length >= 6);
    const canvas = host.ownerDocument.createElement('canvas');
    canvas.className = 'pt-plan-canvas';
    canvas.setAttribute('aria-hidden', 'true');
    canvas.style.cssText = 'position:absolute;inset:0;width:100%;height:100%;pointer-events:none';
    host.append(canvas);
    this.canvas = canvas;
    let ctx: CanvasRenderingContext2D | null = null;
    try {
      ctx = canvas.getContext('2d');
    } catch {
      ctx = null;
    }
    this.ctx = ctx;
    const RO = host.ownerDocument.defaultView?.ResizeObserver;
    this.resize = RO ? new RO(() => this.schedule()) : null;
    this.resize?.observe(host);
  }

  destroy(): void {
    cancelAnimationFrame(this.frame);
    this.resize?.disconnect();
    this.canvas.remove();
  }

  /** Draws everything again at the next frame (once however often it is asked). */
  schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  /** The plan's visible rectangle in plan units, for a screen matrix and the host's corner. */
  private view(m = this.m, origin = this.origin): [number, number, number, number] {
    const w = this.host.clientWidth;
    const h = this.host.clientHeight;
    const x0 = (origin.left - m.e) / m.a;
    const y0 = (origin.top - m.f) / m.d;
    return [x0, y0, x0 + w / m.a, y0 + h / m.d];
  }

  /** Where the plan is on screen now (the picture drawn keeps its own until the next frame). */
  private measure(): { m: Matrix; origin: { left: number; top: number } } {
    const r = this.host.getBoundingClientRect();
    return { m: screenMatrix(this.svg), origin: { left: r.left, top: r.top } };
  }

  /**
   * Which of the two pictures a zoom shows: the sections while seats are too small to aim at, or
   * too many to draw in a frame; a plan without section outlines (a spec map from elsewhere)
   * always shows its seats.
   */
  private modeAt(m: Matrix, origin: { left: number; top: number }): 'seats' | 'sections' {
    if (!this.outlined) return 'seats';
    if (this.o.model.layout.radius * m.a < SEAT_MIN_PX) return 'sections';
    const [x0, y0, x1, y1] = this.view(m, origin);
    return this.o.grid.countAbout(x0, y0, x1, y1) > SEAT_BUDGET ? 'sections' : 'seats';
  }

  draw(): void {
    const now = this.measure();
    this.m = now.m;
    this.origin = now.origin;
    this.mode = this.modeAt(now.m, now.origin);
    const ctx = this.ctx;
    if (!ctx) return;
    const w = this.host.clientWidth;
    const h = this.host.clientHeight;
    this.dpr = this.host.ownerDocument.defaultView?.devicePixelRatio || 1;
    const bw = Math.max(1, Math.round(w * this.dpr));
    const bh = Math.max(1, Math.round(h * this.dpr));
    if (this.canvas.width !== bw || this.canvas.height !== bh) {
      this.canvas.width = bw;
      this.canvas.height = bh;
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, bw, bh);
    this.toPlan(ctx);
    if (this.mode === 'sections') this.drawSections(ctx);
    else this.drawPlaces(ctx, this.view());
  }

  private toPlan(ctx: CanvasRenderingContext2D): void {
    const { a, d, e, f } = this.m;
    const k = this.dpr;
    ctx.setTransform(a * k, 0, 0, d * k, (e - this.origin.left) * k, (f - this.origin.top) * k);
  }

  private drawSections(ctx: CanvasRenderingContext2D): void {
    const { sections } = this.o.model.layout;
    const px = 1 / this.m.a;
    sections.forEach((s, i) => {
      if (s.kind !== 'seated' || s.hull.length < 6) return;
      const look = this.o.section(i);
      ctx.beginPath();
      ctx.moveTo(s.hull[0]!, s.hull[1]!);
      for (let k = 2; k < s.hull.length; k += 2) ctx.lineTo(s.hull[k]!, s.hull[k + 1]!);
      ctx.closePath();
      ctx.fillStyle = look.fill;
      ctx.fill();
      ctx.lineWidth = px;
      ctx.strokeStyle = 'rgba(29,27,46,.35)';
      ctx.stroke();
    });
    // Labels at a fixed size on screen: the longest wording that fits the section's width, and
    // none where it would overlap a label already written.
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    const placed: Array<[number, number, number, number]> = [];
    // Widths in screen pixels do not depend on the zoom: measured once per text and size.
    const width = (text: string, font: string) => {
      const key = `${font}|${text}`;
      let w = this.widths.get(key);
      if (w === undefined) {
        ctx.save();
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.font = font;
        w = ctx.measureText(text).width;
        ctx.restore();
        this.widths.set(key, w);
      }
      return w;
    };
    const LABEL = '600 12px system-ui,sans-serif';
    const SUB = '11px system-ui,sans-serif';
    const overlaps = (r: [number, number, number, number]) =>
      placed.some((q) => r[0] < q[2] && r[2] > q[0] && r[1] < q[3] && r[3] > q[1]);
    sections.forEach((s, i) => {
      if (s.kind !== 'seated' || s.hull.length < 6) return;
      const [x0, y0, x1, y1] = s.box;
      const room = (x1 - x0) * this.m.a - 6;
      const look = this.o.section(i);
      const label = [look.label, look.short].find((t) => width(t, LABEL) <= room);
      if (!label) return;
      const sub = [look.sub, look.shortSub].find((t) => width(t, SUB) <= room);
      const cx = (x0 + x1) / 2;
      const cy = (y0 + y1) / 2;
      const half = ((Math.max(width(label, LABEL), sub ? width(sub, SUB) : 0) + 4) * px) / 2;
      const rect: [number, number, number, number] = [cx - half, cy - 15 * px, cx + half, cy + 15 * px];
      if (overlaps(rect)) return;
      placed.push(rect);
      ctx.lineWidth = 3 * px;
      ctx.strokeStyle = '#fff';
      ctx.fillStyle = this.colors.ink;
      ctx.font = `600 ${12 * px}px system-ui,sans-serif`;
      const labelY = sub ? cy - 7 * px : cy;
      ctx.strokeText(label, cx, labelY);
      ctx.fillText(label, cx, labelY);
      if (!sub) return;
      ctx.font = `${11 * px}px system-ui,sans-serif`;
      ctx.strokeText(sub, cx, cy + 8 * px);
      ctx.fillText(sub, cx, cy + 8 * px);
    });
  }

  /** Draws the places whose circles meet the rectangle, one path per colour. */
  private drawPlaces(ctx: CanvasRenderingContext2D, rect: [number, number, number, number]): void {
    const { model, grid } = this.o;
    const r = model.layout.radius;
    const screenR = r * this.m.a;
    const round = screenR >= ROUND_FROM_PX;
    // One path per colour and alpha: dimmed (filtered out), waiting for a call, or plain.
    const buckets = new Map<string, { fill: string; alpha: number; list: number[] }>();
    const mine: number[] = [];
    const [x0, y0, x1, y1] = rect;
    grid.query(x0 - r, y0 - r, x1 + r, y1 + r, (i) => {
      const look = this.o.look(i);
      if (look === Look.Mine) return void mine.push(i);
      const fill = look === Look.Off ? this.colors.off : this.o.color(i);
      const alpha = look === Look.Dim ? 0.18 : look === Look.Busy ? 0.45 : 1;
      const key = `${fill}|${alpha}`;
      const bucket = buckets.get(key);
      if (bucket) bucket.list.push(i);
      else buckets.set(key, { fill, alpha, list: [i] });
    });
    const shape = (list: number[], radius: number) => {
      ctx.beginPath();
      for (const i of list) {
        const x = model.xs[i]!;
        const y = model.ys[i]!;
        if (round) {
          ctx.moveTo(x + radius, y);
          ctx.arc(x, y, radius, 0, Math.PI * 2);
        } else ctx.rect(x - radius, y - radius, radius * 2, radius * 2);
      }
    };
    for (const { fill, alpha, list } of buckets.values()) {
      ctx.globalAlpha = alpha;
      ctx.fillStyle = fill;
      shape(list, r);
      ctx.fill();
    }
    ctx.globalAlpha = 1;
    if (mine.length > 0) {
      ctx.fillStyle = this.colors.ink;
      shape(mine, r);
      ctx.fill();
      if (round) {
        ctx.strokeStyle = this.colors.ring;
        ctx.lineWidth = Math.min(r * 0.35, 1.6 / this.m.a);
        shape(mine, r * 0.78);
        ctx.stroke();
      }
    }
    if (this.hovered >= 0 && round && this.o.look(this.hovered) !== Look.Off) {
      const x = model.xs[this.hovered]!;
      const y = model.ys[this.hovered]!;
      if (x >= x0 - r && x <= x1 + r && y >= y0 - r && y <= y1 + r) {
        ctx.strokeStyle = this.colors.ink;
        ctx.lineWidth = 1.5 / this.m.a;
        ctx.beginPath();
        ctx.arc(x, y, r, 0, Math.PI * 2);
        ctx.stroke();
      }
    }
    if (screenR >= NUMBER_FROM_PX) this.drawNumbers(ctx, rect, mine);
  }

  private drawNumbers(ctx: CanvasRenderingContext2D, rect: [number, number, number, number], mine: number[]): void {
    const { model, grid } = this.o;
    const r = model.layout.radius;
    const own = new Set(mine);
    ctx.font = `600 ${r * 0.95}px system-ui,sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    const [x0, y0, x1, y1] = rect;
    grid.query(x0 - r, y0 - r, x1 + r, y1 + r, (i) => {
      const look = this.o.look(i);
      if (look === Look.Off || look === Look.Dim) return;
      ctx.fillStyle = own.has(i) ? this.colors.ring : 'rgba(255,255,255,.92)';
      const text = model.numberText.get(i) ?? String(model.numbers[i]);
      ctx.fillText(text, model.xs[i]!, model.ys[i]! + r * 0.05, r * 1.7);
    });
  }

  /**
   * Repaints only around the given places: their squares are cleared and every place meeting
   * them drawn again. Falls back to a full frame in the overview.
   */
  repaint(indices: Iterable<number>): void {
    const ctx = this.ctx;
    if (!ctx || this.mode !== 'seats' || this.frame) {
      this.schedule();
      return;
    }
    const { model } = this.o;
    const pad = model.layout.radius + 2 / this.m.a;
    for (const i of indices) {
      if (i < 0) continue;
      const x = model.xs[i]!;
      const y = model.ys[i]!;
      const rect: [number, number, number, number] = [x - pad, y - pad, x + pad, y + pad];
      ctx.save();
      ctx.beginPath();
      ctx.rect(rect[0], rect[1], pad * 2, pad * 2);
      ctx.clip();
      ctx.clearRect(rect[0], rect[1], pad * 2, pad * 2);
      this.drawPlaces(ctx, rect);
      ctx.restore();
    }
  }

  /** Which picture the plan shows where it is now (the frame drawn may be a moment behind). */
  currentMode(): 'seats' | 'sections' {
    const { m, origin } = this.measure();
    return this.modeAt(m, origin);
  }

  lookOf(i: number): Look {
    return this.o.look(i);
  }

  /** What is under a client point: a place (seats) or a section (overview), or nothing. */
  pick(clientX: number, clientY: number): { kind: 'place' | 'section'; index: number } | null {
    const { m, origin } = this.measure();
    const x = (clientX - m.e) / m.a;
    const y = (clientY - m.f) / m.d;
    const { model, grid } = this.o;
    if (this.modeAt(m, origin) === 'sections') {
      const s = model.layout.sections.findIndex((sec) => sec.hull.length >= 6 && pointInPolygon(x, y, sec.hull));
      if (s >= 0) return { kind: 'section', index: s };
      // Just outside an outline (its edge seats): the section of the nearest place counts.
      const near = grid.nearest(x, y, SECTION_REACH_PX / m.a);
      return near >= 0 ? { kind: 'section', index: model.sectionOf[near]! } : null;
    }
    // A finger is wider than a seat: a few pixels round the circle still count.
    const reach = model.layout.radius + 4 / m.a;
    const i = grid.nearest(x, y, reach);
    return i >= 0 ? { kind: 'place', index: i } : null;
  }

  /** The plan point under a client point. */
  toPlanPoint(clientX: number, clientY: number): { x: number; y: number } {
    const { m } = this.measure();
    return { x: (clientX - m.e) / m.a, y: (clientY - m.f) / m.d };
  }

  /** Where a place is on screen (client pixels), and its radius there. */
  screenPoint(i: number): { x: number; y: number; r: number } {
    const { m } = this.measure();
    const { model } = this.o;
    return { x: m.e + model.xs[i]! * m.a, y: m.f + model.ys[i]! * m.d, r: model.layout.radius * m.a };
  }
}
