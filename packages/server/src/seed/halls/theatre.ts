import {
  arcPoint,
  blockOutline,
  type HallPlan,
  type PlanPlace,
  type Point,
  place,
  rowOffsets,
  type SeatedSection,
  text,
} from './plan.js';

export interface TheatreOptions {
  stallsRows: number;
  /** Seats in the first stalls row; each row behind has one more. */
  stallsFirstRow: number;
  boxesPerSide: number;
  sofas: number;
  amphitheatreRows: number;
  amphitheatreFirstRow: number;
  balconyRows: number;
  balconyFirstRow: number;
}

export const DRAMA_THEATRE: TheatreOptions = {
  stallsRows: 14,
  stallsFirstRow: 23,
  boxesPerSide: 4,
  sofas: 4,
  amphitheatreRows: 6,
  amphitheatreFirstRow: 36,
  balconyRows: 3,
  balconyFirstRow: 39,
};

const SPACING = 22;
const ROW_STEP = 26;
const RADIUS = 8;
const AISLE = 30;
const WIDTH = 1300;
const CX = WIDTH / 2;
/** Centre of the gently curved rows, far behind the stage. */
const CY = -1300;

/**
 * A drama theatre: stage on top, stalls (партер) with a centre aisle, boxes (ложи) along the side
 * walls whose seats come in exclusive pairs, sofas behind the stalls (sold whole), then the
 * amphitheatre and the balcony.
 */
export function theatrePlan(o: TheatreOptions): HallPlan {
  const decor: string[] = [];
  const sections: SeatedSection[] = [];
  let group = 0;

  const curvedBlock = (
    name: string,
    firstRadius: number,
    rows: number,
    firstRowSeats: number,
    rank: (row: number) => number,
  ): number => {
    const places: PlanPlace[] = [];
    const rowPoints: Point[][] = [];
    for (let r = 0; r < rows; r++) {
      const radius = firstRadius + r * ROW_STEP;
      const points = rowOffsets(firstRowSeats + r, SPACING, AISLE).map((s) => arcPoint(CX, CY, radius, s / radius));
      rowPoints.push(points);
      points.forEach((p, i) => {
        places.push(place(r + 1, i + 1, p, rank(r)));
      });
    }
    decor.push(blockOutline(rowPoints, RADIUS + 6));
    decor.push(text(CX, CY + firstRadius - 20, name.toUpperCase(), 13, 'fill="#8a8f98" letter-spacing="2"'));
    sections.push({ kind: 'seated', name, places });
    return firstRadius + (rows - 1) * ROW_STEP;
  };

  const stage = { x: 350, y: 30, width: 600, height: 80 };
  decor.push(
    `<rect x="${stage.x}" y="${stage.y}" width="${stage.width}" height="${stage.height}" rx="6" fill="#d9d4cc"/>`,
  );
  decor.push(text(CX, 78, 'СЦЕНА', 18, 'fill="#6d6a65" letter-spacing="4"'));

  const stallsFirst = 165 - CY;
  const stallsLast = curvedBlock('Партер', stallsFirst, o.stallsRows, o.stallsFirstRow, (r) =>
    lerp(0.05, 0.55, r / Math.max(1, o.stallsRows - 1)),
  );

  // Boxes on both side walls: four seats each, two exclusive pairs (1-2 and 3-4).
  for (const side of ['левая', 'правая'] as const) {
    const places: PlanPlace[] = [];
    const wall = side === 'левая' ? 190 : WIDTH - 190;
    const inward = side === 'левая' ? -1 : 1;
    for (let b = 0; b < o.boxesPerSide; b++) {
      const y = 190 + b * 78;
      const front = wall;
      const back = wall + inward * 24;
      const seats: Point[] = [
        { x: front, y },
        { x: front, y: y + SPACING },
        { x: back, y },
        { x: back, y: y + SPACING },
      ];
      const base = places.length;
      seats.forEach((p, i) => {
        const pair = base + (i % 2 === 0 ? i + 1 : i - 1);
        places.push(
          place(b + 1, i + 1, p, 0.3, {
            premium: true,
            pair,
            description: `Ложа ${b + 1}, ${i < 2 ? 'у барьера' : 'второй ряд ложи'}; места продаются парой`,
          }),
        );
      });
      const x0 = Math.min(front, back) - 16;
      decor.push(
        `<rect x="${x0}" y="${y - 16}" width="56" height="${SPACING + 32}" rx="6" fill="#efe6f3" stroke="#cdb8d6"/>`,
      );
      decor.push(text(x0 + 28, y + SPACING + 30, `Ложа ${b + 1}`, 10, 'fill="#8a8f98"'));
    }
    sections.push({ kind: 'seated', name: `Ложи бенуара, ${side} сторона`, places });
  }

  // Sofas behind the stalls: each sofa is one group, sold whole.
  const sofaY = Math.round(CY + stallsLast + 55);
  if (o.sofas > 0) {
    const places: PlanPlace[] = [];
    const sofaWidth = 2 * SPACING;
    const gap = 70;
    const total = o.sofas * sofaWidth + (o.sofas - 1) * gap;
    for (let s = 0; s < o.sofas; s++) {
      group++;
      const x0 = CX - total / 2 + s * (sofaWidth + gap);
      decor.push(
        `<rect x="${Math.round(x0 - 15)}" y="${sofaY - 14}" width="${sofaWidth + 30}" height="28" rx="12" fill="#eadfcc" stroke="#d2c2a5"/>`,
      );
      for (let i = 0; i < 3; i++) {
        places.push(
          place(1, places.length + 1, { x: x0 + i * SPACING, y: sofaY }, 0.3, {
            type: 'sofa',
            premium: true,
            group,
            description: `Диван ${s + 1} на 3 места: продаётся целиком`,
          }),
        );
      }
    }
    sections.push({ kind: 'seated', name: 'Диваны', places });
  }

  const amphiFirst = sofaY + 60 - CY;
  const amphiLast = curvedBlock('Амфитеатр', amphiFirst, o.amphitheatreRows, o.amphitheatreFirstRow, (r) =>
    lerp(0.6, 0.8, r / Math.max(1, o.amphitheatreRows - 1)),
  );
  let last = amphiLast;
  if (o.balconyRows > 0) {
    last = curvedBlock('Балкон', amphiLast + ROW_STEP + 60, o.balconyRows, o.balconyFirstRow, (r) =>
      lerp(0.85, 1, r / Math.max(1, o.balconyRows - 1)),
    );
  }

  return {
    kind: 'theatre',
    width: WIDTH,
    height: Math.round(CY + last + 50),
    radius: RADIUS,
    sections,
    decor,
    rowLabels: true,
    stage,
  };
}

export function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}
