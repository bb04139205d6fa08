import {
  arcPoint,
  blockOutline,
  type HallPlan,
  type PlanPlace,
  type Point,
  place,
  type SeatedSection,
  text,
} from './plan.js';
import { lerp } from './theatre.js';

export interface ConcertOptions {
  parterreRows: number;
  balconyRows: number;
}

export const CONCERT_HALL: ConcertOptions = { parterreRows: 24, balconyRows: 7 };

const SPACING = 20;
const ROW_STEP = 24;
const RADIUS = 7;
/** Radial aisles between blocks, in pixels along the row. */
const AISLE = 28;
const WIDTH = 2200;
const CX = WIDTH / 2;
const CY = 140;

interface Block {
  from: number;
  to: number;
  rankShift: number;
}

/**
 * A concert hall: a rounded stage with the parterre curving around it in three blocks split by
 * radial aisles, and three balconies behind (left, centre, right).
 */
export function concertPlan(o: ConcertOptions): HallPlan {
  const decor: string[] = [];
  const sections: SeatedSection[] = [];

  const curved = (name: string, firstRadius: number, rows: number, blocks: Block[], rankOf: (r: number) => number) => {
    const places: PlanPlace[] = [];
    const blockRows: Point[][][] = blocks.map(() => []);
    for (let r = 0; r < rows; r++) {
      const radius = firstRadius + r * ROW_STEP;
      let number = 0;
      blocks.forEach((block, bi) => {
        const length = radius * (block.to - block.from) - AISLE;
        const count = Math.floor(length / SPACING) + 1;
        const start = radius * block.from + AISLE / 2 + (length - (count - 1) * SPACING) / 2;
        const points: Point[] = [];
        for (let i = 0; i < count; i++) {
          const p = arcPoint(CX, CY, radius, (start + i * SPACING) / radius);
          points.push(p);
          places.push(place(r + 1, ++number, p, Math.min(1, rankOf(r) + block.rankShift)));
        }
        blockRows[bi]!.push(points);
      });
    }
    for (const rowsOfBlock of blockRows) decor.push(blockOutline(rowsOfBlock, RADIUS + 6));
    sections.push({ kind: 'seated', name, places });
    return firstRadius + (rows - 1) * ROW_STEP;
  };

  decor.push(
    `<path d="M${CX - 200} 40H${CX + 200}V${CY}A200 200 0 0 1 ${CX - 200} ${CY}Z" fill="#d9d4cc"/>`,
    text(CX, CY + 40, 'СЦЕНА', 26, 'fill="#6d6a65" letter-spacing="6"'),
  );

  const parterreLast = curved(
    'Партер',
    260,
    o.parterreRows,
    [
      { from: -1.0, to: -0.36, rankShift: 0.1 },
      { from: -0.32, to: 0.32, rankShift: 0 },
      { from: 0.36, to: 1.0, rankShift: 0.1 },
    ],
    (r) => lerp(0.05, 0.6, r / Math.max(1, o.parterreRows - 1)),
  );
  decor.push(text(CX, CY + 230, 'ПАРТЕР', 16, 'fill="#8a8f98" letter-spacing="3"'));

  const balconyFirst = parterreLast + 100;
  const balconyRank = (r: number) => lerp(0.6, 0.85, r / Math.max(1, o.balconyRows - 1));
  const balconies: Array<[string, Block]> = [
    ['Балкон, левая сторона', { from: -1.15, to: -0.42, rankShift: 0.15 }],
    ['Балкон, центр', { from: -0.38, to: 0.38, rankShift: 0 }],
    ['Балкон, правая сторона', { from: 0.42, to: 1.15, rankShift: 0.15 }],
  ];
  let last = balconyFirst;
  for (const [name, block] of balconies) last = curved(name, balconyFirst, o.balconyRows, [block], balconyRank);
  decor.push(text(CX, CY + balconyFirst - 24, 'БАЛКОН', 16, 'fill="#8a8f98" letter-spacing="3"'));

  return {
    kind: 'concert',
    width: WIDTH,
    height: Math.round(CY + last + 50),
    radius: RADIUS,
    sections,
    decor,
    rowLabels: true,
  };
}
