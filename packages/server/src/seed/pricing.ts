import type { GenreFamily } from './catalogue/genres.js';
import type { HallKind, HallPlan } from './halls/plan.js';
import type { Random } from './random.js';

/**
 * A hall as pricing and sales see it: every place in one flat order with its id, price rank,
 * premium flag and the place it is sold with (pair or group leader), plus the rows in seat
 * order (people buy neighbouring seats) and the entrance sections.
 */
export interface HallLayout {
  kind: HallKind;
  placeIds: Int32Array;
  ranks: Float64Array;
  premium: Uint8Array;
  /** Index of the place this one is always sold with (itself when alone). */
  leader: Int32Array;
  rows: Int32Array[];
  entrance: Array<{ sectionId: number; capacity: number; rank: number }>;
  hasPremium: boolean;
  /** Sorted ranks of the places priced by tier (all but premium ones). */
  sortedRanks: Float64Array;
}

export function hallLayout(plan: HallPlan, sectionIds: number[], placeIds: number[][]): HallLayout {
  const ids: number[] = [];
  const ranks: number[] = [];
  const premium: number[] = [];
  const leader: number[] = [];
  const rows: Int32Array[] = [];
  const entrance: HallLayout['entrance'] = [];
  plan.sections.forEach((section, s) => {
    if (section.kind === 'entrance') {
      entrance.push({ sectionId: sectionIds[s]!, capacity: section.capacity, rank: section.rank });
      return;
    }
    const base = ids.length;
    const byRow = new Map<string, number[]>();
    const groupLeader = new Map<number, number>();
    section.places.forEach((p, i) => {
      const flat = base + i;
      ids.push(placeIds[s]![i]!);
      ranks.push(p.rank);
      premium.push(p.premium ? 1 : 0);
      let lead = flat;
      if (p.pair !== null) lead = base + Math.min(i, p.pair);
      if (p.group > 0) {
        if (!groupLeader.has(p.group)) groupLeader.set(p.group, flat);
        lead = groupLeader.get(p.group)!;
      }
      leader.push(lead);
      const row = byRow.get(p.row);
      if (row) row.push(flat);
      else byRow.set(p.row, [flat]);
    });
    for (const row of byRow.values()) rows.push(Int32Array.from(row));
  });
  const priced = ranks.filter((_, i) => premium[i] === 0).sort((a, b) => a - b);
  return {
    kind: plan.kind,
    placeIds: Int32Array.from(ids),
    ranks: Float64Array.from(ranks),
    premium: Uint8Array.from(premium),
    leader: Int32Array.from(leader),
    rows,
    entrance,
    hasPremium: premium.some((p) => p === 1),
    sortedRanks: Float64Array.from(priced),
  };
}

interface KindPricing {
  tiers: [number, number];
  /** Best seated tier as a share of the show's top price. */
  seatedTop: number;
  /** Cheapest seated tier as a share of the top price (never below 500 roubles). */
  floor: number;
  /** Share of performances that sell premium places in their own category. */
  premiumShare: number;
}

const PRICING: Record<HallKind, KindPricing> = {
  theatre: { tiers: [3, 5], seatedTop: 1, floor: 0.2, premiumShare: 0.35 },
  concert: { tiers: [4, 5], seatedTop: 1, floor: 0.2, premiumShare: 0 },
  club: { tiers: [1, 1], seatedTop: 0.85, floor: 0.85, premiumShare: 1 },
  exhibition: { tiers: [0, 0], seatedTop: 1, floor: 1, premiumShare: 0 },
  arena: { tiers: [5, 5], seatedTop: 1, floor: 0.15, premiumShare: 0.5 },
  stadium: { tiers: [5, 6], seatedTop: 1, floor: 0.12, premiumShare: 0 },
};

/** Colours of the price legend, most expensive first; premium places have their own. */
const PALETTE = ['#e53935', '#fb8c00', '#fdd835', '#7cb342', '#00acc1', '#3949ab', '#8e24aa'];
const PREMIUM_COLOR = '#6d4c41';

export interface CategorySpec {
  color: string;
  /** Kopecks. */
  price: number;
  premium: boolean;
  tariffs: Array<{ name: string; price: number; isDefault: boolean }>;
}

export interface PerformancePricing {
  categories: CategorySpec[];
  /** Category index of every place of the layout, in layout order. */
  placeCategory: Uint8Array;
  /** Category index of every entrance section, in layout order. */
  entranceCategory: number[];
}

const roubles = (r: number) => Math.round(r) * 100;

function roundPrice(rub: number): number {
  const step = rub >= 1000 ? 100 : 50;
  return Math.min(15_000, Math.max(500, Math.round(rub / step) * step));
}

/** Rank cut-offs splitting the priced places into `k` tiers, cheaper tiers larger. */
function tierThresholds(sorted: Float64Array, k: number): number[] {
  if (k <= 1 || sorted.length === 0) return [];
  const weights = Array.from({ length: k }, (_, i) => 1 + 0.35 * i);
  const total = weights.reduce((a, b) => a + b, 0);
  const out: number[] = [];
  let acc = 0;
  for (let i = 0; i < k - 1; i++) {
    acc += weights[i]! / total;
    const t = sorted[Math.min(sorted.length - 1, Math.floor(acc * sorted.length))]!;
    if (out.length === 0 || t > out[out.length - 1]!) out.push(t);
  }
  return out;
}

/**
 * The price categories of one performance: seated tiers by rank, one category per entrance
 * section, a premium category for some; prices from the show's top price, strictly falling,
 * colours in price order, a 'Полный' tariff everywhere and a 'Льготный' one on the cheaper
 * theatre and exhibition categories.
 */
export function pricePerformance(
  random: Random,
  layout: HallLayout,
  family: GenreFamily,
  topRoubles: number,
): PerformancePricing {
  const rule = PRICING[layout.kind];
  const usePremium = layout.hasPremium && random.chance(rule.premiumShare);
  const thresholds = tierThresholds(layout.sortedRanks, random.int(rule.tiers[0], rule.tiers[1]));
  const tierCount = layout.placeIds.length > 0 ? thresholds.length + 1 : 0;

  type Draft = { key: string; rub: number; premium: boolean; concession: boolean };
  const drafts: Draft[] = [];
  const bestSeated = topRoubles * rule.seatedTop;
  const cheapest = Math.max(500, topRoubles * rule.floor);
  for (let t = 0; t < tierCount; t++) {
    const f = tierCount === 1 ? 0 : t / (tierCount - 1);
    drafts.push({ key: `t${t}`, rub: bestSeated * (cheapest / bestSeated) ** f, premium: false, concession: false });
  }
  layout.entrance.forEach((e, i) => {
    drafts.push({ key: `e${i}`, rub: topRoubles * (1 - 0.6 * e.rank), premium: false, concession: false });
  });
  if (usePremium) drafts.push({ key: 'p', rub: Math.min(15_000, topRoubles * 1.6), premium: true, concession: false });

  // Most expensive first; equal prices are nudged apart so every colour means one price.
  drafts.sort((a, b) => b.rub - a.rub);
  const prices: number[] = [];
  for (const d of drafts) {
    let p = roundPrice(d.rub);
    const previous = prices[prices.length - 1];
    if (previous !== undefined && p >= previous) p = previous - (previous > 1000 ? 100 : 50);
    prices.push(Math.max(250, p));
  }
  const theatreLike = ['theatre', 'comedy', 'musical', 'kids', 'exhibition'].includes(family);
  const nonPremium = drafts.filter((d) => !d.premium);
  for (const d of nonPremium.slice(-2)) d.concession = theatreLike;

  let colour = 0;
  const categories: CategorySpec[] = drafts.map((d, i) => {
    const price = roubles(prices[i]!);
    const tariffs: CategorySpec['tariffs'] = [{ name: 'Полный', price, isDefault: true }];
    if (d.concession) {
      tariffs.push({
        name: 'Льготный',
        price: roubles(Math.max(250, Math.round(prices[i]! / 2 / 50) * 50)),
        isDefault: false,
      });
    }
    return {
      color: d.premium ? PREMIUM_COLOR : PALETTE[colour++ % PALETTE.length]!,
      price,
      premium: d.premium,
      tariffs,
    };
  });
  const indexOf = new Map(drafts.map((d, i) => [d.key, i]));

  const placeCategory = new Uint8Array(layout.placeIds.length);
  for (let i = 0; i < placeCategory.length; i++) {
    if (usePremium && layout.premium[i] === 1) {
      placeCategory[i] = indexOf.get('p')!;
      continue;
    }
    const rank = layout.ranks[i]!;
    let tier = 0;
    while (tier < thresholds.length && rank >= thresholds[tier]!) tier++;
    placeCategory[i] = indexOf.get(`t${tier}`)!;
  }
  return { categories, placeCategory, entranceCategory: layout.entrance.map((_, i) => indexOf.get(`e${i}`)!) };
}

/**
 * Places already sold (state 2) so the maps look alive: runs of one to four neighbouring seats,
 * more in the best rows, and pairs and groups always sold whole. `fill` is the target share.
 */
export function soldPlaces(random: Random, layout: HallLayout, fill: number): Uint8Array {
  const states = new Uint8Array(layout.placeIds.length);
  if (fill <= 0) return states;
  for (const row of layout.rows) {
    const boost = 1.25 - 0.5 * layout.ranks[row[0]!]!;
    const f = Math.min(0.95, fill * boost);
    // A run (mean length 2.5) starts with probability q: the sold share is then about f.
    const q = f / (2.5 - 1.5 * f);
    let i = 0;
    while (i < row.length) {
      if (random.next() < q) {
        const length = 1 + Math.floor(random.next() * 4);
        for (let k = 0; k < length && i < row.length; k++, i++) states[row[i]!] = 2;
      } else {
        i++;
      }
    }
  }
  for (let i = 0; i < states.length; i++) {
    const lead = layout.leader[i]!;
    if (lead !== i) states[i] = states[lead]!;
  }
  return states;
}

/** Share of a performance already sold: popular shows and near dates sell more. */
export function fillFor(popularity: number, day: number): number {
  return Math.min(0.9, popularity * (0.2 + 0.75 * Math.exp(-day / 45)));
}
