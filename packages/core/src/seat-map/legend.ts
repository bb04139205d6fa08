/**
 * Price badges of the map (spec 2.1, 3.9, 9): the legend's colour–price pairs grouped into at
 * most five price ranges, plus the 'premium' badge ('Привилегии') when the hall has privileged
 * places. Colour swatches are generated only for halls under 20 000 places. A badge filters the
 * plan: `filterRule` for a plan of SVG elements, `badgeFilter` (a predicate) for one that paints
 * places itself.
 */
import type { HallData, MapPlace, MapSection } from '../store/hall-store.js';
import {
  formatPrice,
  MAX_PRICE_BADGE_RANGES,
  PREMIUM_BADGE_ID,
  PREMIUM_BADGE_LABEL,
  PRIVILEGED_DEFAULT,
  SEAT_BADGES_MAX_PLACES,
  toKopecks,
} from '../store/spec.js';
import { normalizeColor } from './hall-svg.js';

export interface PriceTab {
  colors: string[];
  /** Roubles, as in the legend. */
  price: number;
}

export interface PriceBadge {
  /** 'premium', or 'price-{n}'. */
  id: string;
  text: string;
  tabs: PriceTab[];
  currency: string;
  /** Swatches to draw; empty for large halls. */
  swatches: string[];
  /** Place colours the badge stands for (what the filter keeps lit); empty for 'premium'. */
  colors: string[];
}

export function priceBadges(data: Pick<HallData, 'legend' | 'premium'>, placeCount: number): PriceBadge[] {
  const byPrice = new Map<number, Set<string>>();
  for (const e of data.legend) {
    const colors = byPrice.get(e.p) ?? new Set<string>();
    colors.add(normalizeColor(e.c));
    byPrice.set(e.p, colors);
  }
  const tabs: PriceTab[] = [...byPrice.entries()]
    .sort(([a], [b]) => a - b)
    .map(([price, colors]) => ({ price, colors: [...colors] }));

  // As many ranges as allowed, as even as possible, the larger ones first: 7 prices → 2,2,1,1,1.
  const groups: PriceTab[][] = [];
  const count = Math.min(MAX_PRICE_BADGE_RANGES, tabs.length);
  for (let g = 0, start = 0; g < count; g++) {
    const size = Math.floor(tabs.length / count) + (g < tabs.length % count ? 1 : 0);
    groups.push(tabs.slice(start, start + size));
    start += size;
  }

  const withSwatches = placeCount < SEAT_BADGES_MAX_PLACES;
  const badges: PriceBadge[] = groups.map((group, i) => {
    const low = group[0]!.price;
    const high = group[group.length - 1]!.price;
    const colors = [...new Set(group.flatMap((t) => t.colors))];
    return {
      id: `price-${i}`,
      text:
        low === high ? formatPrice(toKopecks(low)) : `${formatPrice(toKopecks(low))} – ${formatPrice(toKopecks(high))}`,
      tabs: group,
      currency: '₽',
      swatches: withSwatches ? colors : [],
      colors,
    };
  });
  if (data.premium) {
    badges.push({ id: PREMIUM_BADGE_ID, text: PREMIUM_BADGE_LABEL, tabs: [], currency: '₽', swatches: [], colors: [] });
  }
  return badges;
}

/**
 * The stylesheet rule that dims every available place outside the chosen badge. One rule, so
 * filtering an 80 000-place hall costs no DOM pass. `scope` is the widget's own attribute selector.
 */
export function filterRule(scope: string, badge: PriceBadge | undefined): string {
  if (!badge) return '';
  const keep =
    badge.id === PREMIUM_BADGE_ID ? ':not(.pt-prem)' : badge.colors.map((c) => `:not([fill="${c}"])`).join('');
  return `${scope} .place[fill]${keep}{opacity:.15}${scope} .entrance-section.pt-on${keep}{opacity:.3}`;
}

/** What a badge keeps lit: places by colour or privilege, entrance sections by price. */
export interface BadgeFilter {
  place: (p: Pick<MapPlace, 'color' | 'privileged'>) => boolean;
  section: (s: Pick<MapSection, 'price'>) => boolean;
}

/**
 * The badge as predicates, for a plan that paints places itself: the premium badge keeps the
 * privileged places (privileged other than 'default') and no entrance section; a price badge keeps
 * the places of its colours and the entrance sections at its prices. No badge keeps everything.
 */
export function badgeFilter(badge: PriceBadge | undefined): BadgeFilter {
  if (!badge) return { place: () => true, section: () => true };
  if (badge.id === PREMIUM_BADGE_ID) {
    return { place: (p) => p.privileged !== PRIVILEGED_DEFAULT, section: () => false };
  }
  const colors = new Set(badge.colors);
  const prices = new Set(badge.tabs.map((t) => t.price));
  return { place: (p) => colors.has(normalizeColor(p.color)), section: (s) => prices.has(s.price) };
}
