/**
 * The main page's promo banners (site-browsing-account.md 2.4, 2.5): the page's places filled by
 * banners.ts, and on mobile (575 px and narrower) two items of the mobile promo list inserted
 * among the cards of each load, the first load's as soon as the banners have come.
 */
import { PROMO_MOBILE_BANNERS_PER_LOAD, type PromoBannerItem } from '@partera/contract';
import { MOBILE_QUERY } from '../lib/enhance.js';
import {
  mobilePromoElement,
  mobilePromoItems,
  mountPromoBanners,
  reportClicks,
  reportShown,
} from '../parts/banners.js';

/** The mobile promo items not yet shown, in order; null until the banners have come. */
let queue: PromoBannerItem[] | null = null;
const waiting: HTMLElement[][] = [];

/** Inserts a load's two promo banners after whole rows of the two-column grid, a third and two thirds down. */
function insert(cards: HTMLElement[]): void {
  const doc = cards[0]?.ownerDocument;
  if (!doc || !queue || !(doc.defaultView ?? window).matchMedia(MOBILE_QUERY).matches) return;
  const items = queue.splice(0, PROMO_MOBILE_BANNERS_PER_LOAD);
  items.forEach((item, i) => {
    const pairs = Math.max(1, Math.round(((i + 1) * cards.length) / (items.length + 1) / 2));
    const li = mobilePromoElement(doc, item, 'promo-card promo-card--grid');
    cards[Math.min(cards.length, pairs * 2) - 1]?.after(li);
    reportShown(li);
  });
}

/** A load of cards (the page's own, or appended by 'more'): its promo banners now or when they come. */
export function promosForLoad(cards: HTMLElement[]): void {
  if (cards.length === 0) return;
  if (queue) insert(cards);
  else waiting.push(cards);
}

/** Fills the page's promo places; the grid's cards get the mobile items instead of a list. */
export function startPromos(doc: Document, grid: HTMLElement | null): void {
  if (grid) {
    reportClicks(grid);
    promosForLoad([...grid.querySelectorAll<HTMLElement>(':scope > .poster-card')]);
  }
  void mountPromoBanners(doc, { inlineMobile: grid !== null }).then((slots) => {
    queue = slots ? mobilePromoItems(slots) : [];
    for (const cards of waiting.splice(0)) insert(cards);
  });
}
