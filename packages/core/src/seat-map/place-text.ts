/** How a place reads on screen and to a screen reader (spec 2.1, 3.9). */
import type { MapPlace } from '../store/hall-store.js';
import { formatPrice, PRICE_FROM, placeLabel, toKopecks } from '../store/spec.js';

/** The lowest price over the place's tariffs, roubles. */
export function lowestPrice(p: Pick<MapPlace, 'price' | 'taxes'>): number {
  let low = p.price;
  for (const t of Object.values(p.taxes)) if (t.price < low) low = t.price;
  return low;
}

/** '2 500 ₽', or 'от 1 500 ₽' when the place has more than one tariff. */
export function placePriceText(p: Pick<MapPlace, 'price' | 'taxes' | 'countTax'>): string {
  return p.countTax > 1 ? `${PRICE_FROM} ${formatPrice(toKopecks(lowestPrice(p)))}` : formatPrice(toKopecks(p.price));
}

/** 'Партер, ряд 5, место 12, 2 500 ₽' */
export function placeAccessibleName(p: MapPlace): string {
  return `${placeLabel(p)}, ${placePriceText(p)}`;
}
