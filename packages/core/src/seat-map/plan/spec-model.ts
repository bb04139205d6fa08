/**
 * A plan model from the spec's own formats (3.2 map JSON with place objects, and the hall SVG of
 * decision 0001 with a circle.place per place): what a host gets from a server without the
 * compact map, or passes in itself. The circles give positions, the map what is for sale; the
 * circles are then cut from the markup, since the canvas draws the places.
 */
import {
  CATEGORY_ALPHABET,
  type CompactHallState,
  deltaEncode,
  type HallLayout,
  type LayoutCategory,
  NOT_FOR_SALE,
  runsEncode,
} from '@partera/contract';
import type { HallMapAnswer } from '../../api/hall.js';

const CIRCLE = /<circle\b[^>]*\bclass="place"[^>]*?(?:\/>|>\s*<\/circle>)/g;
const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
const VIEWBOX = /<svg\b[^>]*\bviewBox="([^"]*)"/;

export interface SpecPlan {
  layout: HallLayout;
  state: CompactHallState;
  cypherTexts: string[];
}

export function layoutFromSpec(map: HallMapAnswer, markup: string, hallId: number): SpecPlan {
  const circles: Array<{ id: number; x: number; y: number; section: number }> = [];
  let radius = 0;
  for (const m of markup.matchAll(CIRCLE)) {
    const tag = m[0];
    const id = Number(attr(tag, 'data-place-id'));
    if (!Number.isFinite(id)) continue;
    circles.push({ id, x: Number(attr(tag, 'cx')) || 0, y: Number(attr(tag, 'cy')) || 0, section: 0 });
    radius ||= Number(attr(tag, 'r')) || 0;
  }
  circles.sort((a, b) => a.id - b.id);
  const places = new Map(map.places.map((p) => [p.id, p]));
  const sectionIds = [...new Set(map.sections.map((s) => s.sectionId))];
  const sectionIndex = new Map(sectionIds.map((id, i) => [id, i]));
  const categories: LayoutCategory[] = [];
  const categoryOf = new Map<string, number>();
  const rows: string[] = [];
  const rowIndex = new Map<string, number>();
  const avail: string[] = [];
  const cyphers: string[] = [];
  const mine: CompactHallState['mine'] = [];
  const gifts: CompactHallState['gifts'] = [];
  const columns = { section: [] as number[], row: [] as number[], number: [] as number[] };
  const numberText: Array<[number, string]> = [];
  const group: Array<[number, number]> = [];
  const description: Array<[number, string]> = [];
  const type: Array<[number, string]> = [];
  // Each section's box round the centres of its places the map lists (what a #section link shows).
  const boxes = sectionIds.map((): [number, number, number, number] => [
    Number.POSITIVE_INFINITY,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
  ]);
  for (const [i, c] of circles.entries()) {
    const p = places.get(c.id);
    const s = p ? (sectionIndex.get(p.section.id) ?? 0) : 0;
    columns.section.push(s);
    const box = p && boxes[s];
    if (box) {
      box[0] = Math.min(box[0], c.x);
      box[1] = Math.min(box[1], c.y);
      box[2] = Math.max(box[2], c.x);
      box[3] = Math.max(box[3], c.y);
    }
    const row = p?.row ?? '';
    let r = rowIndex.get(row);
    if (r === undefined) {
      r = rows.push(row) - 1;
      rowIndex.set(row, r);
    }
    columns.row.push(r);
    const n = Number(p?.place ?? 0);
    columns.number.push(Number.isInteger(n) ? n : 0);
    if (p && !Number.isInteger(n)) numberText.push([i, p.place]);
    if (!p) {
      avail.push(NOT_FOR_SALE);
      continue;
    }
    const key = `${p.color}|${p.countTax}|${p.privileged}|${JSON.stringify(p.taxes)}|${p.state === 1 ? '' : p.price}`;
    let k = categoryOf.get(key);
    if (k === undefined && categories.length < CATEGORY_ALPHABET.length) {
      k =
        categories.push({
          color: p.color,
          price: p.price,
          countTax: p.countTax,
          tariff: p.tariff,
          taxes: p.taxes,
          privileged: p.privileged,
        }) - 1;
      categoryOf.set(key, k);
    }
    if (k === undefined) {
      avail.push(NOT_FOR_SALE);
      continue;
    }
    avail.push(CATEGORY_ALPHABET[k]!);
    cyphers.push(p.cypher);
    if (p.state === 1) mine.push([i, p.tariff]);
    if (p.availableGifts > 0) gifts.push([i, p.availableGifts]);
    if (p.group > 0) group.push([i, p.group]);
    if (p.description) description.push([i, p.description]);
    if (p.type !== 'seat') type.push([i, p.type]);
  }
  const [, , w = 0, h = 0] = (VIEWBOX.exec(markup)?.[1] ?? '').split(/[\s,]+/).map(Number);
  return {
    layout: {
      hallId,
      width: w,
      height: h,
      radius: radius || 5,
      svg: markup.replace(CIRCLE, ''),
      sections: sectionIds.map((id, i) => {
        const s = map.sections.find((x) => x.sectionId === id)!;
        const [x0, y0, x1, y1] = boxes[i]!;
        const r = radius || 5;
        return {
          id,
          name: s.sectionName,
          kind: s.seatlessSection ? 'entrance' : 'seated',
          hull: [],
          box: x0 <= x1 ? [x0 - r, y0 - r, x1 + r, y1 + r] : [0, 0, 0, 0],
        };
      }),
      places: {
        count: circles.length,
        id: deltaEncode(circles.map((c) => c.id)),
        x: deltaEncode(circles.map((c) => c.x)),
        y: deltaEncode(circles.map((c) => c.y)),
        section: runsEncode(columns.section),
        rows,
        row: runsEncode(columns.row),
        number: deltaEncode(columns.number),
        numberText,
        group,
        pair: [],
        type,
        description,
      },
    },
    state: { hallId, categories, avail: avail.join(''), cypher: cyphers.map(() => 0), mine, gifts },
    cypherTexts: cyphers,
  };
}
