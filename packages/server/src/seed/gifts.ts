import type { GenreFamily } from './catalogue/genres.js';
import type { CategorySpec } from './pricing.js';

/**
 * The gifts a performance of the demo offers with its tickets (spec 3.3, 3.5, 5.2; decision 0027):
 * the price of one, the maximum per ticket and the stock (null: no count kept).
 */
export interface GiftOffer {
  /** Kopecks. */
  price: number;
  maxPerTicket: number;
  stock: number | null;
}

/**
 * Every third stage performance offers gifts: a programme and flowers (up to 5 per ticket, 300 ₽
 * each), a toy at children's shows (up to 2, 200 ₽). Every other one of them has a limited stock
 * of 40 gifts, so its seats' available gifts fall as buyers take them. The rest offer none
 * (maxGiftCountPerTicket 0: tickets go straight into the basket).
 */
export function giftOfferFor(family: GenreFamily, stageIndex: number): GiftOffer | null {
  if (stageIndex % 3 !== 1) return null;
  const stock = stageIndex % 6 === 1 ? 40 : null;
  return family === 'kids' ? { price: 20_000, maxPerTicket: 2, stock } : { price: 30_000, maxPerTicket: 5, stock };
}

/**
 * How many gifts a seat of each price category offers (performance_places.available_gifts), by
 * the categories' order (most expensive first): the best the whole maximum, the cheapest none,
 * those between up to 2, so a seat's gift choice is capped by its own offer.
 */
export function categoryGifts(categories: readonly CategorySpec[], offer: GiftOffer | null): number[] {
  return categories.map((_, i) => {
    if (offer === null || i === categories.length - 1) return 0;
    return i === 0 ? offer.maxPerTicket : Math.min(2, offer.maxPerTicket);
  });
}
