/**
 * The compact hall map (decision 0025), an extension of the spec's hall map (3.2, 3.3) for halls
 * of any size: a stadium's 86 000 places as objects with repeated keys are 27 MB of JSON.
 *
 * - The hall LAYOUT is what never changes between performances: the static drawing (the hall
 *   SVG without its places), the sections with their outlines, and the places as columns
 *   (ids, coordinates, rows, numbers), integers delta-coded so that gzip turns the regular steps
 *   of a row into almost nothing. It is built once per hall and cached by the browser.
 * - The performance STATE is what the spec's map adds per performance: the price categories and,
 *   per place of the layout, one character naming its category when it is free ('.' when it is
 *   not), the seat codes of the free places, and the buyer's own places.
 *
 * The codecs below are the only writers and readers of these columns, shared by server and widget.
 */
import { z } from 'zod';
import { tariffVariant } from './hall.js';

const int = () => z.number().int();

/** Columns of integers: the first value, then each value's difference from the one before. */
export const deltaColumn = () => z.array(int());

export const layoutSection = z.object({
  id: int(),
  name: z.string(),
  kind: z.enum(['seated', 'entrance']),
  /** Outline of a seated section: a convex polygon around its places, [x0, y0, x1, y1, …]. */
  hull: z.array(z.number()),
  /** Bounding box [minX, minY, maxX, maxY] of the section's places (or of its shape). */
  box: z.tuple([z.number(), z.number(), z.number(), z.number()]),
});
export type LayoutSection = z.infer<typeof layoutSection>;

export const hallLayoutData = z.object({
  hallId: int(),
  /** The plan's coordinate space (the SVG viewBox is 0 0 width height). */
  width: z.number(),
  height: z.number(),
  /** Radius of a place's circle, in plan units. */
  radius: z.number(),
  /** The hall SVG without its places: stage, decoration, labels, entrance sections. */
  svg: z.string(),
  sections: z.array(layoutSection),
  places: z.object({
    count: int(),
    /** Hall place ids, ascending (delta-coded). */
    id: deltaColumn(),
    x: deltaColumn(),
    y: deltaColumn(),
    /** Index into `sections` per place, as runs [value, length, value, length, …]. */
    section: z.array(int()),
    /** Row labels, and per place the index of its row label as runs. */
    rows: z.array(z.string()),
    row: z.array(int()),
    /** Seat numbers that are integers (delta-coded); 0 where `numberText` has the text. */
    number: deltaColumn(),
    /** [place index, text] for seat numbers that are not integers. */
    numberText: z.array(z.tuple([int(), z.string()])),
    /** [place index, group id] of places sold together (group id > 0). */
    group: z.array(z.tuple([int(), int()])),
    /** [place index, partner place index] of exclusive pairs (each pair listed from both ends). */
    pair: z.array(z.tuple([int(), int()])),
    /** [place index, type] of places whose type is not 'seat'. */
    type: z.array(z.tuple([int(), z.string()])),
    /** [place index, description] of places that have one. */
    description: z.array(z.tuple([int(), z.string()])),
  }),
  /** Set on a failure answer. */
  error: int().optional(),
  message: z.string().optional(),
});
export type HallLayout = z.infer<typeof hallLayoutData>;

/** A price category of a performance, as every place of it is sold (3.3 color, countTax, taxes…). */
export const layoutCategory = z.object({
  color: z.string(),
  /** Roubles: the lowest tariff when there are several (shown as 'от'). */
  price: z.number(),
  countTax: int(),
  /** Default tariff id. */
  tariff: int(),
  taxes: z.record(z.string(), tariffVariant),
  privileged: z.string(),
});
export type LayoutCategory = z.infer<typeof layoutCategory>;

/** The per-performance part of the compact map (hall map `?compact=1`). */
export const compactHallState = z.object({
  hallId: int(),
  categories: z.array(layoutCategory),
  /** One character per layout place: CATEGORY_ALPHABET[i] for a free place of category i, '.' for one not for sale. */
  avail: z.string(),
  /** Seat codes (cyphers) of the places in `avail` (not '.'), in layout order, delta-coded. */
  cypher: deltaColumn(),
  /** The buyer's own places, [layout index, tariff id held at]; they are in `avail` too, with their category. */
  mine: z.array(z.tuple([int(), int()])),
  /** [layout index, available gifts] of the places that come with gifts (3.3 hasgifts, availableGifts). */
  gifts: z.array(z.tuple([int(), int()])),
});
export type CompactHallState = z.infer<typeof compactHallState>;

/** Printable ASCII without '"', '\\' and '.': a performance may have up to 91 price categories. */
export const CATEGORY_ALPHABET = Array.from({ length: 94 }, (_, i) => String.fromCharCode(33 + i))
  .filter((c) => c !== '"' && c !== '\\' && c !== '.')
  .join('');
export const NOT_FOR_SALE = '.';

export function deltaEncode(values: ArrayLike<number>): number[] {
  const out = new Array<number>(values.length);
  let prev = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    out[i] = v - prev;
    prev = v;
  }
  return out;
}

export function deltaDecode(deltas: readonly number[], into: { [index: number]: number }): void {
  let v = 0;
  for (let i = 0; i < deltas.length; i++) {
    v += deltas[i]!;
    into[i] = v;
  }
}

/** [value, length, …] for a column with long runs of one value. */
export function runsEncode(values: ArrayLike<number>): number[] {
  const out: number[] = [];
  for (let i = 0; i < values.length; ) {
    let j = i + 1;
    while (j < values.length && values[j] === values[i]) j++;
    out.push(values[i]!, j - i);
    i = j;
  }
  return out;
}

export function runsDecode(runs: readonly number[], into: { [index: number]: number; length: number }): void {
  let at = 0;
  for (let r = 0; r + 1 < runs.length; r += 2) {
    const value = runs[r]!;
    const end = at + runs[r + 1]!;
    for (; at < end && at < into.length; at++) into[at] = value;
  }
}
