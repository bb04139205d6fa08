/** Small helpers shared by the catalogue's readers: timestamps, URLs of shows, posters and halls. */

/** Timestamps come back as Date from both drivers; pages and JSON want ISO strings. */
export function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export const posterUrl = (showId: number) => `/media/poster/${showId}.svg`;
export const hallSvgUrl = (hallId: number) => `/media/hall/${hallId}.svg`;
export const showPath = (slug: string) => `/show/${encodeURIComponent(slug)}/`;
export const performancePath = (performanceId: number) => `/performance/${performanceId}/`;

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An Intl date format, made once per locale and options: making one costs far more (tens of
 * microseconds) than formatting with it, and pages format hundreds of dates.
 */
export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}

export type SaleState = 'on_sale' | 'soon' | 'closed';
