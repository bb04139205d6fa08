import { deltaEncode, type HallLayout, type LayoutSection, runsEncode } from '@partera/contract';
import type { Queryable } from '../../db/index.js';
import { compressBody, type Encoding, entityTag } from '../../http/compression.js';

/**
 * A hall's layout for the canvas plan (decision 0025): the static drawing and the places as
 * columns. It is the same for every performance in the hall, so each process builds it once per
 * hall, compressed both ways, and browsers keep it by its entity tag.
 */

interface PlaceRow {
  id: number;
  section_id: number;
  row_label: string;
  number: string;
  x: number;
  y: number;
  type: string;
  group_id: number;
  exclusive_pair_place_id: number | null;
  description: string;
}

/** Radius of the places' circles in the hall SVG (decision 0001: every place is a circle.place). */
const CIRCLE_RADIUS = /<circle\b[^>]*\bclass="place"[^>]*\br="([\d.]+)"/;
const DEFAULT_RADIUS = 5;
/** The place circles themselves: the canvas draws them, the static drawing keeps the rest. */
const PLACE_CIRCLES = /<circle\b[^>]*\bclass="place"[^>]*?(?:\/>|>\s*<\/circle>)\s*/g;

/** Convex hull (Andrew's monotone chain) of points, counter-clockwise, as [x0, y0, x1, y1, …]. */
export function convexHull(xs: readonly number[], ys: readonly number[]): number[] {
  const order = xs.map((_, i) => i).sort((a, b) => xs[a]! - xs[b]! || ys[a]! - ys[b]!);
  const cross = (o: number, a: number, b: number) =>
    (xs[a]! - xs[o]!) * (ys[b]! - ys[o]!) - (ys[a]! - ys[o]!) * (xs[b]! - xs[o]!);
  const lower: number[] = [];
  for (const i of order) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, i) <= 0) lower.pop();
    lower.push(i);
  }
  const upper: number[] = [];
  for (let k = order.length - 1; k >= 0; k--) {
    const i = order[k]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, i) <= 0) upper.pop();
    upper.push(i);
  }
  const hull = [...lower.slice(0, -1), ...upper.slice(0, -1)];
  return hull.flatMap((i) => [xs[i]!, ys[i]!]);
}

/** A hull pushed out by `margin` from its centre, so the outline goes round the circles, not through them. */
function inflate(hull: number[], margin: number): number[] {
  const n = hull.length / 2;
  if (n === 0) return hull;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < n; i++) {
    cx += hull[2 * i]!;
    cy += hull[2 * i + 1]!;
  }
  cx /= n;
  cy /= n;
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const dx = hull[2 * i]! - cx;
    const dy = hull[2 * i + 1]! - cy;
    const len = Math.hypot(dx, dy) || 1;
    out.push(Math.round(hull[2 * i]! + (dx / len) * margin), Math.round(hull[2 * i + 1]! + (dy / len) * margin));
  }
  return out;
}

const integer = /^-?\d{1,9}$/;

/** Reads a hall's layout; null when the hall does not exist. */
export async function loadHallLayout(db: Queryable, hallId: number): Promise<HallLayout | null> {
  const [hall, sections, places] = await Promise.all([
    db.query<{ width: number; height: number; svg: string | null }>(
      'SELECT width, height, svg FROM halls WHERE id = $1',
      [hallId],
    ),
    db.query<{ id: number; name: string; kind: 'seated' | 'entrance' }>(
      'SELECT id, name, kind FROM sections WHERE hall_id = $1 ORDER BY sort, id',
      [hallId],
    ),
    db.query<PlaceRow>(
      `SELECT id, section_id, row_label, number, x, y, type, group_id, exclusive_pair_place_id, description
         FROM places WHERE hall_id = $1 ORDER BY id`,
      [hallId],
    ),
  ]);
  const h = hall.rows[0];
  if (!h) return null;
  // A hall without a plan (sold by sections, decision 0029) gets an empty drawing of its size,
  // so a widget that inserts the drawing before it decides on the list view has an <svg> root.
  const svg =
    h.svg ??
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${Math.max(1, h.width)} ${Math.max(1, h.height)}"></svg>`;
  const radius = Number(CIRCLE_RADIUS.exec(svg)?.[1] ?? DEFAULT_RADIUS) || DEFAULT_RADIUS;
  const rows = places.rows;
  const sectionIndex = new Map(sections.rows.map((s, i) => [s.id, i]));
  const indexOfPlace = new Map(rows.map((p, i) => [p.id, i]));
  const rowLabels: string[] = [];
  const rowIndex = new Map<string, number>();
  const columns = {
    section: [] as number[],
    row: [] as number[],
    number: [] as number[],
    numberText: [] as Array<[number, string]>,
    group: [] as Array<[number, number]>,
    pair: [] as Array<[number, number]>,
    type: [] as Array<[number, string]>,
    description: [] as Array<[number, string]>,
  };
  const bySection = sections.rows.map(() => ({ xs: [] as number[], ys: [] as number[] }));
  rows.forEach((p, i) => {
    const s = sectionIndex.get(p.section_id) ?? 0;
    columns.section.push(s);
    bySection[s]?.xs.push(p.x);
    bySection[s]?.ys.push(p.y);
    let r = rowIndex.get(p.row_label);
    if (r === undefined) {
      r = rowLabels.push(p.row_label) - 1;
      rowIndex.set(p.row_label, r);
    }
    columns.row.push(r);
    if (integer.test(p.number)) columns.number.push(Number(p.number));
    else {
      columns.number.push(0);
      columns.numberText.push([i, p.number]);
    }
    if (p.group_id > 0) columns.group.push([i, p.group_id]);
    const partner = p.exclusive_pair_place_id === null ? undefined : indexOfPlace.get(p.exclusive_pair_place_id);
    if (partner !== undefined) columns.pair.push([i, partner]);
    if (p.type !== 'seat') columns.type.push([i, p.type]);
    if (p.description) columns.description.push([i, p.description]);
  });
  const layoutSections: LayoutSection[] = sections.rows.map((s, i) => {
    const { xs, ys } = bySection[i]!;
    if (xs.length === 0) return { id: s.id, name: s.name, kind: s.kind, hull: [], box: [0, 0, 0, 0] };
    // A loop, not Math.min(...xs): a section of a stadium may have more places than a call takes arguments.
    const box: LayoutSection['box'] = [Infinity, Infinity, -Infinity, -Infinity];
    for (let k = 0; k < xs.length; k++) {
      box[0] = Math.min(box[0], xs[k]!);
      box[1] = Math.min(box[1], ys[k]!);
      box[2] = Math.max(box[2], xs[k]!);
      box[3] = Math.max(box[3], ys[k]!);
    }
    box[0] -= radius;
    box[1] -= radius;
    box[2] += radius;
    box[3] += radius;
    const hull = convexHull(xs, ys);
    // Places in one line have no area to outline: their box, a margin round it, stands in.
    const outline =
      hull.length >= 6
        ? inflate(hull, radius * 2)
        : [
            box[0] - radius,
            box[1] - radius,
            box[2] + radius,
            box[1] - radius,
            box[2] + radius,
            box[3] + radius,
            box[0] - radius,
            box[3] + radius,
          ];
    return { id: s.id, name: s.name, kind: s.kind, hull: outline, box };
  });
  return {
    hallId,
    width: h.width,
    height: h.height,
    radius,
    svg: svg.replace(PLACE_CIRCLES, ''),
    sections: layoutSections,
    places: {
      count: rows.length,
      id: deltaEncode(rows.map((p) => p.id)),
      // Coordinates are stored as reals; the plan draws at whole units.
      x: deltaEncode(rows.map((p) => Math.round(p.x))),
      y: deltaEncode(rows.map((p) => Math.round(p.y))),
      section: runsEncode(columns.section),
      rows: rowLabels,
      row: runsEncode(columns.row),
      number: deltaEncode(columns.number),
      numberText: columns.numberText,
      group: columns.group,
      pair: columns.pair,
      type: columns.type,
      description: columns.description,
    },
  };
}

interface CachedLayout {
  tag: string;
  builtAt: number;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** Hall place ids in layout order: the per-performance state is written against them. */
  placeIds: Int32Array;
}

/**
 * Layouts by hall, built once per process (single flight) and kept `keepMs`: a hall's places do
 * not change while it sells, and an operator who redraws a hall sees it within that time.
 */
export class HallLayoutCache {
  private readonly entries = new Map<number, CachedLayout>();
  private readonly building = new Map<number, Promise<CachedLayout | null>>();

  constructor(
    private readonly db: Queryable,
    private readonly keepMs = 10 * 60_000,
    private readonly maxEntries = 64,
  ) {}

  async get(hallId: number): Promise<CachedLayout | null> {
    const cached = this.entries.get(hallId);
    if (cached && performance.now() - cached.builtAt < this.keepMs) return cached;
    let pending = this.building.get(hallId);
    if (!pending) {
      pending = this.build(hallId).finally(() => this.building.delete(hallId));
      this.building.set(hallId, pending);
    }
    return pending;
  }

  /** The body in the encoding asked for. */
  static body(layout: CachedLayout, encoding: Encoding): Buffer {
    return encoding === 'identity' ? layout.identity : layout[encoding];
  }

  private async build(hallId: number): Promise<CachedLayout | null> {
    const layout = await loadHallLayout(this.db, hallId);
    if (!layout) return null;
    const identity = Buffer.from(JSON.stringify(layout));
    const [gzip, br] = await Promise.all([compressBody(identity, 'gzip'), compressBody(identity, 'br')]);
    const placeIds = new Int32Array(layout.places.count);
    let id = 0;
    layout.places.id.forEach((d, i) => {
      id += d;
      placeIds[i] = id;
    });
    const entry = { tag: entityTag(identity), builtAt: performance.now(), identity, gzip, br, placeIds };
    this.entries.delete(hallId);
    this.entries.set(hallId, entry);
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(key);
    }
    return entry;
  }
}

const caches = new WeakMap<object, HallLayoutCache>();

/** The app's layout cache (one per app, so per process). */
export function hallLayoutCacheOf(deps: { db: Queryable }): HallLayoutCache {
  let cache = caches.get(deps);
  if (!cache) {
    cache = new HallLayoutCache(deps.db);
    caches.set(deps, cache);
  }
  return cache;
}
