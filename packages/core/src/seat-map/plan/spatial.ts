/**
 * A uniform grid over the plan: which places lie in a rectangle, and which is under a point,
 * without looking at the other 85 000. Cells hold place indices in one flat array (counting
 * sort): cell c's places are items[start[c] .. start[c + 1]).
 */
export class SpatialGrid {
  readonly cell: number;
  private readonly cols: number;
  private readonly rows: number;
  private readonly minX: number;
  private readonly minY: number;
  private readonly start: Int32Array;
  private readonly items: Int32Array;

  constructor(
    private readonly xs: Float32Array,
    private readonly ys: Float32Array,
    radius: number,
  ) {
    const n = xs.length;
    let minX = Number.POSITIVE_INFINITY;
    let minY = Number.POSITIVE_INFINITY;
    let maxX = Number.NEGATIVE_INFINITY;
    let maxY = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      const x = xs[i]!;
      const y = ys[i]!;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
    if (n === 0) minX = minY = maxX = maxY = 0;
    // About four places across a cell: few cells to visit, few places per cell.
    this.cell = Math.max(radius * 8, 1);
    this.minX = minX;
    this.minY = minY;
    this.cols = Math.max(1, Math.floor((maxX - minX) / this.cell) + 1);
    this.rows = Math.max(1, Math.floor((maxY - minY) / this.cell) + 1);
    const cellOf = new Int32Array(n);
    const counts = new Int32Array(this.cols * this.rows + 1);
    for (let i = 0; i < n; i++) {
      const c = this.cellIndex(xs[i]!, ys[i]!);
      cellOf[i] = c;
      counts[c + 1]!++;
    }
    for (let c = 1; c < counts.length; c++) counts[c]! += counts[c - 1]!;
    this.start = counts.slice();
    const fill = counts;
    this.items = new Int32Array(n);
    for (let i = 0; i < n; i++) this.items[fill[cellOf[i]!]!++] = i;
  }

  private cellIndex(x: number, y: number): number {
    const cx = Math.min(this.cols - 1, Math.max(0, Math.floor((x - this.minX) / this.cell)));
    const cy = Math.min(this.rows - 1, Math.max(0, Math.floor((y - this.minY) / this.cell)));
    return cy * this.cols + cx;
  }

  /** Calls `fn` with every place whose centre lies in the rectangle (plan units). */
  query(x0: number, y0: number, x1: number, y1: number, fn: (i: number) => void): void {
    const c0 = Math.max(0, Math.floor((x0 - this.minX) / this.cell));
    const c1 = Math.min(this.cols - 1, Math.floor((x1 - this.minX) / this.cell));
    const r0 = Math.max(0, Math.floor((y0 - this.minY) / this.cell));
    const r1 = Math.min(this.rows - 1, Math.floor((y1 - this.minY) / this.cell));
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const cell = r * this.cols + c;
        for (let k = this.start[cell]!; k < this.start[cell + 1]!; k++) {
          const i = this.items[k]!;
          const x = this.xs[i]!;
          const y = this.ys[i]!;
          if (x >= x0 && x <= x1 && y >= y0 && y <= y1) fn(i);
        }
      }
    }
  }

  /** How many places the rectangle's cells hold (an upper bound, counted without visiting them). */
  countAbout(x0: number, y0: number, x1: number, y1: number): number {
    const c0 = Math.max(0, Math.floor((x0 - this.minX) / this.cell));
    const c1 = Math.min(this.cols - 1, Math.floor((x1 - this.minX) / this.cell));
    const r0 = Math.max(0, Math.floor((y0 - this.minY) / this.cell));
    const r1 = Math.min(this.rows - 1, Math.floor((y1 - this.minY) / this.cell));
    let total = 0;
    for (let r = r0; r <= r1; r++) total += this.start[r * this.cols + c1 + 1]! - this.start[r * this.cols + c0]!;
    return total;
  }

  /** The place nearest to (x, y) within `reach` plan units, or -1. */
  nearest(x: number, y: number, reach: number): number {
    let best = -1;
    let bestD = reach * reach;
    this.query(x - reach, y - reach, x + reach, y + reach, (i) => {
      const dx = this.xs[i]! - x;
      const dy = this.ys[i]! - y;
      const d = dx * dx + dy * dy;
      if (d <= bestD) {
        bestD = d;
        best = i;
      }
    });
    return best;
  }
}
