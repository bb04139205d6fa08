import {
  blockOutline,
  type HallKind,
  type HallPlan,
  type PlanPlace,
  type Point,
  place,
  type SeatedSection,
  text,
} from './plan.js';
import { RoundedRing } from './ring.js';

export interface Tier {
  /** Distance of the tier's first row from the base curve. */
  first: number;
  rows: number;
}

export interface SectorInfo {
  tier: number;
  /** 0 top straight, 1 corner, 2 right, 3 corner, 4 bottom, 5 corner, 6 left, 7 corner. */
  segment: number;
  /** 1 in the middle of a long side, 0 at its ends, in corners and on the short sides. */
  centrality: number;
  /** Running number of the sector in its tier, from 1, clockwise from the top left. */
  index: number;
}

export interface BowlOptions {
  kind: HallKind;
  ring: RoundedRing;
  width: number;
  height: number;
  tiers: Tier[];
  /** Sectors per segment, in segment order (see SectorInfo.segment). */
  sectors: [number, number, number, number, number, number, number, number];
  spacing: number;
  rowStep: number;
  aisle: number;
  radius: number;
  labelSize: number;
  name(sector: SectorInfo): { name: string; label: string };
  rank(sector: SectorInfo, row: number, rows: number): number;
  premium?(sector: SectorInfo, row: number): boolean;
  /** The ice or the pitch, drawn first. */
  field: string[];
}

/** The seats of an arena or a stadium: tiers of rows around a field, cut into sectors. */
export function bowlPlan(o: BowlOptions): HallPlan {
  const decor: string[] = [...o.field];
  const labels: string[] = [];
  const sections: SeatedSection[] = [];
  o.tiers.forEach((tier, t) => {
    let index = 0;
    o.sectors.forEach((count, segment) => {
      for (let j = 0; j < count; j++) {
        const u0 = o.ring.positionOf(segment, j / count);
        const u1 = o.ring.positionOf(segment, (j + 1) / count);
        const middle = (j + 0.5) / count;
        const sector: SectorInfo = {
          tier: t,
          segment,
          centrality: segment === 0 || segment === 4 ? 1 - Math.abs(2 * middle - 1) : 0,
          index: ++index,
        };
        const places: PlanPlace[] = [];
        const rows: Point[][] = [];
        for (let r = 0; r < tier.rows; r++) {
          const d = tier.first + r * o.rowStep;
          const points = o.ring.seats(u0, u1, d, o.spacing, o.aisle);
          rows.push(points);
          const rank = o.rank(sector, r, tier.rows);
          const premium = o.premium?.(sector, r) ?? false;
          points.forEach((p, i) => {
            places.push(place(r + 1, i + 1, p, rank, { premium }));
          });
        }
        const { name, label } = o.name(sector);
        decor.push(blockOutline(rows, o.radius + 4));
        const outer = tier.first + tier.rows * o.rowStep + o.labelSize * 0.6;
        const at = o.ring.rowPoint(o.ring.rowDistance((u0 + u1) / 2, outer), outer);
        labels.push(text(at.x, at.y + o.labelSize * 0.35, label, o.labelSize));
        sections.push({ kind: 'seated', name, places });
      }
    });
  });
  decor.push(`<g fill="#8a8f98">${labels.join('')}</g>`);
  return {
    kind: o.kind,
    width: o.width,
    height: o.height,
    radius: o.radius,
    sections,
    decor,
    rowLabels: false,
  };
}

/**
 * An ice arena of a little over 22 000 seats: a rink of 60 × 30 m, a lower and an upper tier of
 * 24 sectors each.
 */
export function arenaPlan(): HallPlan {
  const scale = 16; // px per metre: a seat is about half a metre wide
  const cx = 1500;
  const cy = 1050;
  const rink = new RoundedRing(cx, cy, 30 * scale, 15 * scale, 8.5 * scale);
  const ring = new RoundedRing(cx, cy, 30 * scale + 70, 15 * scale + 70, 8.5 * scale + 70);
  const rowStep = 12;
  const tiers: Tier[] = [
    { first: 0, rows: 22 },
    { first: 22 * rowStep + 60, rows: 25 },
  ];
  const field = [
    rink.rect(0, 'fill="#eaf4fb" stroke="#9cc3dd" stroke-width="4"'),
    `<path d="M${cx} ${cy - 240}V${cy + 240}" stroke="#e57373" stroke-width="6"/>`,
    `<path d="M${cx - 160} ${cy - 240}V${cy + 240}M${cx + 160} ${cy - 240}V${cy + 240}" stroke="#64b5f6" stroke-width="6"/>`,
    `<circle cx="${cx}" cy="${cy}" r="72" fill="none" stroke="#64b5f6" stroke-width="3"/>`,
    `<path d="M${cx - 424} ${cy - 240}V${cy + 240}M${cx + 424} ${cy - 240}V${cy + 240}" stroke="#e57373" stroke-width="2"/>`,
    text(cx, cy + 120, 'ЛЁД', 40, 'fill="#9cc3dd" letter-spacing="12"'),
  ];
  return bowlPlan({
    kind: 'arena',
    ring,
    width: 3000,
    height: 2100,
    tiers,
    sectors: [6, 2, 2, 2, 6, 2, 2, 2],
    spacing: 10,
    rowStep,
    aisle: 14,
    radius: 4,
    labelSize: 18,
    field,
    name: (s) => {
      const code = `${s.tier + 1}${String(s.index).padStart(2, '0')}`;
      return { name: `Сектор ${code}`, label: code };
    },
    rank: (s, row, rows) => Math.min(1, s.tier * 0.45 + 0.3 * (1 - s.centrality) + 0.2 * (row / rows)),
    premium: (s, row) => s.tier === 0 && s.segment === 0 && s.centrality > 0.6 && row < 3,
  });
}

/** A football stadium of a little over 80 000 seats: two tiers of stands around the pitch. */
export function stadiumPlan(): HallPlan {
  const scale = 12;
  const cx = 2000;
  const cy = 1500;
  const pitch = new RoundedRing(cx, cy, 52.5 * scale, 34 * scale, 0);
  const ring = new RoundedRing(cx, cy, 52.5 * scale + 110, 34 * scale + 110, 150);
  const rowStep = 9;
  const tiers: Tier[] = [
    { first: 0, rows: 40 },
    { first: 40 * rowStep + 70, rows: 52 },
  ];
  const px = (m: number) => Math.round(m * scale);
  const left = cx - px(52.5);
  const top = cy - px(34);
  const field = [
    pitch.rect(60, 'fill="#cfe8c9"'),
    pitch.rect(0, 'fill="#b9dfb0" stroke="#ffffff" stroke-width="4"'),
    `<path d="M${cx} ${top}V${cy + px(34)}" stroke="#ffffff" stroke-width="4"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${px(9.15)}" fill="none" stroke="#ffffff" stroke-width="4"/>`,
    `<rect x="${left}" y="${cy - px(20.16)}" width="${px(16.5)}" height="${px(40.32)}" fill="none" stroke="#ffffff" stroke-width="4"/>`,
    `<rect x="${cx + px(52.5 - 16.5)}" y="${cy - px(20.16)}" width="${px(16.5)}" height="${px(40.32)}" fill="none" stroke="#ffffff" stroke-width="4"/>`,
    text(cx, cy + px(20), 'ПОЛЕ', 48, 'fill="#8fbf84" letter-spacing="14"'),
  ];
  const stands = ['A', 'B', 'B', 'C', 'C', 'D', 'D', 'A'];
  const perStand = new Map<string, number>();
  return bowlPlan({
    kind: 'stadium',
    ring,
    width: 4000,
    height: 3000,
    tiers,
    sectors: [8, 2, 5, 2, 8, 2, 5, 2],
    spacing: 8,
    rowStep,
    aisle: 10,
    radius: 3,
    labelSize: 20,
    field,
    name: (s) => {
      const stand = stands[s.segment]!;
      const key = `${stand}${s.tier}`;
      const n = (perStand.get(key) ?? 0) + 1;
      perStand.set(key, n);
      const code = `${stand}${s.tier + 1}${String(n).padStart(2, '0')}`;
      return { name: `Трибуна ${stand}, сектор ${code}`, label: code };
    },
    rank: (s, row, rows) => Math.min(1, s.tier * 0.45 + 0.35 * (1 - s.centrality) + 0.2 * Math.abs(row / rows - 0.4)),
  });
}
