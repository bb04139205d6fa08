/** Text cutting and small display rules (site 2, 9). */
import { LIST_COUNT_CAP, RATING_HUE_FACTOR, REVIEW_CUT } from '../constants.js';

/** Cuts text longer than n characters to n and adds '...' (banner names 60/65, gift names 33). */
export function truncate(text: string, n: number, ellipsis = '...'): string {
  return text.length > n ? `${text.slice(0, n)}${ellipsis}` : text;
}

/** Reviews over 215 characters are cut to 185 plus '...', with a 'Читать полностью' link. */
export function reviewPreview(text: string): { text: string; truncated: boolean } {
  if (text.length <= REVIEW_CUT.over) return { text, truncated: false };
  return { text: `${text.slice(0, REVIEW_CUT.cutTo)}...`, truncated: true };
}

/** The list view shows counts above 100 as '100+'. */
export function listCount(n: number): string {
  return n > LIST_COUNT_CAP ? `${LIST_COUNT_CAP}+` : String(n);
}

/** Hue of a rating badge: 12 × rating (0 red … 120 green for a rating of 10). */
export function ratingHue(rating: number): number {
  return RATING_HUE_FACTOR * rating;
}

/** The badge colour, as CSS. */
export function ratingBadgeColor(rating: number): string {
  return `hsl(${ratingHue(rating)}, 70%, 45%)`;
}

/**
 * A name in «» quotes, unless it carries quotes of its own: 'Граммофон' reads «Граммофон», and
 * 'Клуб «Граммофон»' stays as it is (never «Клуб «Граммофон»»).
 */
export function quotedName(name: string): string {
  return /[«»]/.test(name) ? name : `«${name}»`;
}

/**
 * Where box-office tickets wait, as the tickets e-mail and the order's page say it: 'в кассе
 * площадки «Х»' for one venue, 'в кассах площадок «Х», «Y»' for several (each named once).
 */
export function boxOfficePlace(venueNames: readonly string[]): string {
  const names = [...new Set(venueNames)];
  const quoted = names.map(quotedName).join(', ');
  return names.length === 1 ? `в кассе площадки ${quoted}` : `в кассах площадок ${quoted}`;
}
