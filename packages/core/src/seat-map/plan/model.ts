/**
 * The compact hall map (decision 0025) decoded into typed arrays: the layout's places by index,
 * with what the performance state says of each. 86 000 places become a few arrays, not 86 000
 * objects; a place's spec-shaped object (MapPlace) is made only when something asks for it (a
 * tooltip, a selection), by PlaceTable.
 */
import {
  CATEGORY_ALPHABET,
  type CompactHallState,
  deltaDecode,
  type HallLayout,
  type LayoutCategory,
  runsDecode,
} from '@partera/contract';
import type { MapPlace, MapSection } from '../../store/hall-store.js';

export interface PlanModel {
  layout: HallLayout;
  count: number;
  /** Hall place ids, ascending. */
  ids: Int32Array;
  xs: Float32Array;
  ys: Float32Array;
  /** Index into layout.sections. */
  sectionOf: Int32Array;
  rowOf: Int32Array;
  numbers: Int32Array;
  /** Category index of a place for sale, -1 for one that is not. */
  category: Int16Array;
  /** Seat code (performance place id) of a place for sale, 0 otherwise (see cypherAt). */
  cypher: Float64Array;
  /** Seat codes that are not numbers (a spec map from another server), by index. */
  cypherText: Map<number, string> | null;
  categories: LayoutCategory[];
  /** Places the buyer holds: index → tariff held at. */
  mine: Map<number, number>;
  gifts: Map<number, number>;
  numberText: Map<number, string>;
  groupOf: Map<number, number>;
  pairOf: Map<number, number>;
  typeOf: Map<number, string>;
  descriptionOf: Map<number, string>;
}

/**
 * `cypherTexts`: the seat codes as text, one per place for sale in layout order, when they are
 * not the numbers of `state.cypher` (spec-model.ts).
 */
export function decodePlan(layout: HallLayout, state: CompactHallState, cypherTexts?: readonly string[]): PlanModel {
  const p = layout.places;
  const n = p.count;
  const ids = new Int32Array(n);
  const xs = new Float32Array(n);
  const ys = new Float32Array(n);
  const sectionOf = new Int32Array(n);
  const rowOf = new Int32Array(n);
  const numbers = new Int32Array(n);
  deltaDecode(p.id, ids);
  deltaDecode(p.x, xs);
  deltaDecode(p.y, ys);
  runsDecode(p.section, sectionOf);
  runsDecode(p.row, rowOf);
  deltaDecode(p.number, numbers);

  const category = new Int16Array(n).fill(-1);
  const cypher = new Float64Array(n);
  const codes = new Float64Array(state.cypher.length);
  deltaDecode(state.cypher, codes);
  const letter = new Map([...CATEGORY_ALPHABET].map((ch, i) => [ch.charCodeAt(0), i]));
  const avail = state.avail;
  const cypherText = cypherTexts ? new Map<number, string>() : null;
  let k = 0;
  for (let i = 0; i < n && i < avail.length; i++) {
    const c = letter.get(avail.charCodeAt(i));
    if (c === undefined || c >= state.categories.length) continue;
    category[i] = c;
    cypherText?.set(i, cypherTexts![k] ?? '');
    cypher[i] = codes[k++] ?? 0;
  }
  return {
    layout,
    count: n,
    ids,
    xs,
    ys,
    sectionOf,
    rowOf,
    numbers,
    category,
    cypher,
    cypherText,
    categories: state.categories,
    mine: new Map(state.mine),
    gifts: new Map(state.gifts),
    numberText: new Map(p.numberText),
    groupOf: new Map(p.group),
    pairOf: new Map(p.pair),
    typeOf: new Map(p.type),
    descriptionOf: new Map(p.description),
  };
}

/** The seat code of a place for sale. */
export function cypherAt(model: PlanModel, i: number): string {
  return model.cypherText?.get(i) ?? String(model.cypher[i]);
}

/** Index of a hall place id in the model, or -1. */
export function indexOfPlace(model: PlanModel, id: number): number {
  const { ids } = model;
  let lo = 0;
  let hi = ids.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = ids[mid]!;
    if (v === id) return mid;
    if (v < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** The spec-shaped place (3.3) of a place for sale, made on demand. */
function placeAt(model: PlanModel, i: number, sections: ReadonlyMap<number, MapSection>): MapPlace {
  const c = model.categories[model.category[i]!]!;
  const section = model.layout.sections[model.sectionOf[i]!]!;
  const held = model.mine.get(i);
  const heldPrice = held === undefined ? undefined : c.taxes[String(held)]?.price;
  const gifts = model.gifts.get(i) ?? 0;
  return {
    id: model.ids[i]!,
    state: held === undefined ? 0 : 1,
    isPackagePlace: false,
    color: c.color,
    countTax: c.countTax,
    type: model.typeOf.get(i) ?? 'seat',
    section: { id: section.id, name: sections.get(section.id)?.sectionName ?? section.name },
    row: model.layout.places.rows[model.rowOf[i]!] ?? '',
    place: model.numberText.get(i) ?? String(model.numbers[i]),
    price: heldPrice ?? c.price,
    tariff: heldPrice === undefined ? c.tariff : held!,
    group: model.groupOf.get(i) ?? 0,
    cypher: cypherAt(model, i),
    hasgifts: gifts > 0,
    availableGifts: gifts,
    taxes: c.taxes,
    description: model.descriptionOf.get(i) ?? '',
    privileged: c.privileged,
  };
}

/**
 * The places for sale as a read-only Map by hall place id, made lazily from the model: `get`
 * finds the index by binary search and makes (then keeps) the one object asked for.
 */
export class PlaceTable implements ReadonlyMap<number, MapPlace> {
  private readonly made = new Map<number, MapPlace>();
  readonly size: number;

  constructor(
    private readonly model: PlanModel,
    private readonly sections: ReadonlyMap<number, MapSection>,
  ) {
    let size = 0;
    for (let i = 0; i < model.count; i++) if (model.category[i]! >= 0) size++;
    this.size = size;
  }

  /** The place at a model index, if it is for sale. */
  at(i: number): MapPlace | undefined {
    if (i < 0 || i >= this.model.count || this.model.category[i]! < 0) return undefined;
    let p = this.made.get(i);
    if (!p) {
      p = placeAt(this.model, i, this.sections);
      this.made.set(i, p);
    }
    return p;
  }

  get(id: number): MapPlace | undefined {
    return this.at(indexOfPlace(this.model, id));
  }

  has(id: number): boolean {
    const i = indexOfPlace(this.model, id);
    return i >= 0 && this.model.category[i]! >= 0;
  }

  *entries(): MapIterator<[number, MapPlace]> {
    for (let i = 0; i < this.model.count; i++) {
      const p = this.at(i);
      if (p) yield [p.id, p];
    }
  }

  *keys(): MapIterator<number> {
    for (const [id] of this.entries()) yield id;
  }

  *values(): MapIterator<MapPlace> {
    for (const [, p] of this.entries()) yield p;
  }

  [Symbol.iterator](): MapIterator<[number, MapPlace]> {
    return this.entries();
  }

  forEach(fn: (value: MapPlace, key: number, map: ReadonlyMap<number, MapPlace>) => void): void {
    for (const [id, p] of this.entries()) fn(p, id, this);
  }
}
