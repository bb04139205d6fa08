/** Small helpers shared by the catalogue's readers: timestamps, URLs of shows, posters and halls. */

/** Timestamps come back as Date from both drivers; pages and JSON want ISO strings. */
export function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export const posterUrl = (showId: number) => `/media/poster/${showId}.svg`;
export const hallSvgUrl = (hallId: number) => `/media/hall/${hallId}.svg`;
export const showPath = (slug: string) => `/show/${encodeURIComponent(slug)}/`;
export const performancePath = (performanceId: number) => `/performance/${performanceId}/`;

export type SaleState = 'on_sale' | 'soon' | 'closed';
