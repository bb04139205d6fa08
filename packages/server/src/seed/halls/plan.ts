import { escapeXml } from '../../media/xml.js';

export { escapeXml };
/**
 * A hall plan as the generators draw it, before it has database ids: sections, places with
 * integer coordinates, and decoration. The seed gives it ids, stores it in halls / sections /
 * places, and renders the SVG from the same numbers, so circles and rows always agree.
 */
export type HallKind = 'theatre' | 'concert' | 'club' | 'exhibition' | 'arena' | 'stadium';

export interface PlanPlace {
  row: string;
  number: string;
  x: number;
  y: number;
  type: 'seat' | 'sofa' | 'table';
  /** Price desirability, 0 best … 1 worst; equal for a whole row, so pairs and groups share a price. */
  rank: number;
  /** Sold in the premium ('Привилегии') category when a performance has one. */
  premium: boolean;
  /** Hall-local group number (> 0): places sold together (a sofa, a table). */
  group: number;
  /** Index (in the same section) of the exclusive partner place. */
  pair: number | null;
  description: string;
}

export interface SeatedSection {
  kind: 'seated';
  name: string;
  places: PlanPlace[];
}

export interface EntranceSection {
  kind: 'entrance';
  name: string;
  capacity: number;
  rank: number;
  /** SVG shape (rect or path) of the standing area, no fill decided by the widget. */
  shape: string;
  labelX: number;
  labelY: number;
}

export type PlanSection = SeatedSection | EntranceSection;

export interface HallPlan {
  kind: HallKind;
  width: number;
  height: number;
  /** Circle radius of every place. */
  radius: number;
  sections: PlanSection[];
  /** Stage, field, labels: drawn under the places. */
  decor: string[];
  /** Draw row numbers at both ends of every row (small halls only: they cost bytes). */
  rowLabels: boolean;
  /**
   * The stage as the decoration draws it (its edge facing the audience at y + height): stored with
   * the hall, the views from the seats are drawn from it (media/seat-view.ts). None: no views.
   */
  stage?: { x: number; y: number; width: number; height: number };
  /** false: the venue has no plan at all (no SVG is stored), it is sold by sections. */
  drawn?: boolean;
}

export interface Point {
  x: number;
  y: number;
}

export function place(
  row: string | number,
  number: string | number,
  at: Point,
  rank: number,
  extra: Partial<Pick<PlanPlace, 'type' | 'premium' | 'group' | 'pair' | 'description'>> = {},
): PlanPlace {
  return {
    row: String(row),
    number: String(number),
    x: Math.round(at.x),
    y: Math.round(at.y),
    type: extra.type ?? 'seat',
    rank: Math.round(rank * 1000) / 1000,
    premium: extra.premium ?? false,
    group: extra.group ?? 0,
    pair: extra.pair ?? null,
    description: extra.description ?? '',
  };
}

/** Seats along a circular arc around (cx, cy), angle 0 pointing down (+y), positive to the right. */
export function arcPoint(cx: number, cy: number, radius: number, angle: number): Point {
  return { x: cx + radius * Math.sin(angle), y: cy + radius * Math.cos(angle) };
}

/**
 * Arc-length offsets of `count` seats `spacing` apart, centred on 0, with an aisle of `aisle`
 * pixels in the middle when asked (left half gets the smaller share of an odd count).
 */
export function rowOffsets(count: number, spacing: number, aisle = 0): number[] {
  if (aisle <= 0) return Array.from({ length: count }, (_, i) => (i - (count - 1) / 2) * spacing);
  const left = Math.floor(count / 2);
  const right = count - left;
  const half = aisle / 2;
  const out: number[] = [];
  for (let i = 0; i < left; i++) out.push(-half - (left - 1 - i) * spacing);
  for (let i = 0; i < right; i++) out.push(half + i * spacing);
  // Centre the two blocks when they differ in size.
  const shift = (out[0]! + out[out.length - 1]!) / 2;
  return out.map((o) => o - shift);
}

export function text(x: number, y: number, content: string, size: number, extra = ''): string {
  return `<text x="${Math.round(x)}" y="${Math.round(y)}" font-size="${size}" text-anchor="middle"${extra ? ` ${extra}` : ''}>${escapeXml(content)}</text>`;
}

/**
 * A soft outline under a block of seats: the polygon through its outermost seats, stroked wide
 * with round joins so it pads every seat by `pad` pixels.
 */
export function outline(points: readonly Point[], pad: number, fill = '#eef0f4'): string {
  if (points.length === 0) return '';
  const d = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${Math.round(p.x)} ${Math.round(p.y)}`).join('');
  return `<path d="${d}Z" fill="${fill}" stroke="${fill}" stroke-width="${pad * 2}" stroke-linejoin="round"/>`;
}

/** The outline polygon of a block whose rows are listed front to back, seats in order. */
export function blockOutline(rows: readonly (readonly Point[])[], pad: number, fill?: string): string {
  const first = rows[0];
  const last = rows[rows.length - 1];
  if (!first || !last || first.length === 0) return '';
  const middle = rows.slice(1, -1);
  const pts: Point[] = [...thinRow(first), ...middle.map((r) => r[r.length - 1]!)];
  if (rows.length > 1) pts.push(...thinRow(last).reverse());
  pts.push(...middle.map((r) => r[0]!).reverse());
  return outline(pts, pad, fill);
}

/** At most `max` points of a row, its two ends always kept. */
function thinRow(row: readonly Point[], max = 12): Point[] {
  if (row.length <= max) return row.slice();
  return Array.from({ length: max }, (_, i) => row[Math.round((i * (row.length - 1)) / (max - 1))]!);
}
