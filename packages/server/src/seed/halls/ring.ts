import type { Point } from './plan.js';

/**
 * The rows of an arena or a stadium: curves parallel to a rounded rectangle around the ice or
 * the pitch. A row at distance d from the base curve is the same rounded rectangle grown by d,
 * so straight parts keep their length and corners grow; sector borders drawn along the normals
 * of the base curve give straight blocks on the sides and wedges in the corners.
 *
 * The curve starts at the left end of the top straight and runs clockwise (screen coordinates).
 */
export class RoundedRing {
  private readonly straightX: number;
  private readonly straightY: number;

  constructor(
    readonly cx: number,
    readonly cy: number,
    readonly halfWidth: number,
    readonly halfHeight: number,
    readonly radius: number,
  ) {
    this.straightX = 2 * (halfWidth - radius);
    this.straightY = 2 * (halfHeight - radius);
  }

  /** Lengths of the 8 segments (top, corner, right, corner, bottom, corner, left, corner) at offset d. */
  segmentLengths(d: number): number[] {
    const arc = (Math.PI / 2) * (this.radius + d);
    return [this.straightX, arc, this.straightY, arc, this.straightX, arc, this.straightY, arc];
  }

  /** Segment index and fraction within it of a position u ∈ [0, 1] along the base curve. */
  segmentAt(u: number): { index: number; fraction: number } {
    const lengths = this.segmentLengths(0);
    const total = lengths.reduce((a, b) => a + b, 0);
    let s = Math.min(Math.max(u, 0), 1) * total;
    for (let i = 0; i < lengths.length; i++) {
      const len = lengths[i]!;
      if (s <= len || i === lengths.length - 1) return { index: i, fraction: len === 0 ? 0 : Math.min(s / len, 1) };
      s -= len;
    }
    return { index: 7, fraction: 1 };
  }

  /** Base-curve position u at the start of segment `index` plus `fraction` of it. */
  positionOf(index: number, fraction: number): number {
    const lengths = this.segmentLengths(0);
    const total = lengths.reduce((a, b) => a + b, 0);
    let s = 0;
    for (let i = 0; i < index; i++) s += lengths[i]!;
    return (s + fraction * lengths[index]!) / total;
  }

  /** Arc length along the row at offset d that corresponds to base position u (same normal). */
  rowDistance(u: number, d: number): number {
    const { index, fraction } = this.segmentAt(u);
    const lengths = this.segmentLengths(d);
    let s = 0;
    for (let i = 0; i < index; i++) s += lengths[i]!;
    return s + fraction * lengths[index]!;
  }

  /** The point at arc length s along the row at offset d. */
  rowPoint(s: number, d: number): Point {
    const lengths = this.segmentLengths(d);
    let rest = s;
    let index = 0;
    while (index < 7 && rest > lengths[index]!) {
      rest -= lengths[index]!;
      index++;
    }
    const f = lengths[index]! === 0 ? 0 : rest / lengths[index]!;
    const { cx, cy } = this;
    const ix = this.halfWidth - this.radius;
    const iy = this.halfHeight - this.radius;
    const r = this.radius + d;
    const corner = (ox: number, oy: number, from: number): Point => {
      const a = from + f * (Math.PI / 2);
      return { x: cx + ox + r * Math.cos(a), y: cy + oy + r * Math.sin(a) };
    };
    switch (index) {
      case 0:
        return { x: cx - ix + f * 2 * ix, y: cy - this.halfHeight - d };
      case 1:
        return corner(ix, -iy, -Math.PI / 2);
      case 2:
        return { x: cx + this.halfWidth + d, y: cy - iy + f * 2 * iy };
      case 3:
        return corner(ix, iy, 0);
      case 4:
        return { x: cx + ix - f * 2 * ix, y: cy + this.halfHeight + d };
      case 5:
        return corner(-ix, iy, Math.PI / 2);
      case 6:
        return { x: cx - this.halfWidth - d, y: cy + iy - f * 2 * iy };
      default:
        return corner(-ix, -iy, Math.PI);
    }
  }

  /**
   * Seats of one row of a sector between base positions u0 and u1, `spacing` apart along the
   * row, leaving half an aisle of `aisle` pixels at each end. Centred in the space left.
   */
  seats(u0: number, u1: number, d: number, spacing: number, aisle: number): Point[] {
    const s0 = this.rowDistance(u0, d) + aisle / 2;
    const s1 = this.rowDistance(u1, d) - aisle / 2;
    const length = s1 - s0;
    if (length < 0) return [];
    const count = Math.floor(length / spacing) + 1;
    const start = s0 + (length - (count - 1) * spacing) / 2;
    return Array.from({ length: count }, (_, i) => this.rowPoint(start + i * spacing, d));
  }

  /** The rounded rectangle grown by d as an SVG rect (for the ice, the pitch or a tier edge). */
  rect(d: number, attributes: string): string {
    const r = Math.max(0, this.radius + d);
    const x = Math.round(this.cx - this.halfWidth - d);
    const y = Math.round(this.cy - this.halfHeight - d);
    const w = Math.round(2 * (this.halfWidth + d));
    const h = Math.round(2 * (this.halfHeight + d));
    return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${Math.round(r)}" ${attributes}/>`;
  }
}
