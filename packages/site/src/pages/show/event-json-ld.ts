import type { ShowPage as ShowPageData, ShowPerformance } from '@partera/server';
import { localDateTime } from '../format.js';

/**
 * schema.org Event data of a show page (issue 13 'SEO': each upcoming performance as an Event
 * with its name, start with the venue's UTC offset, the venue with its address, and an offer of
 * the lowest price in roubles with its availability). Rendered as <script type="application/
 * ld+json"> in the page body (EventJsonLd.tsx).
 */
export function eventJsonLd(page: ShowPageData, origin?: string): object[] {
  const { show, venue, city } = page;
  const absolute = (path: string) => (origin ? new URL(path, origin).toString() : path);
  const description = show.description.replace(/\s+/g, ' ').trim().slice(0, 300);
  return page.performances.map((p) => ({
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: show.name,
    startDate: isoWithOffset(p.startsAt, city.timezone),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    ...(description ? { description } : {}),
    image: [absolute(show.posterUrl)],
    url: absolute(show.url),
    location: {
      '@type': 'Place',
      name: p.buildingName,
      address: {
        '@type': 'PostalAddress',
        streetAddress: venue.address,
        addressLocality: city.name,
        addressCountry: 'RU',
      },
    },
    ...(page.organizerName ? { organizer: { '@type': 'Organization', name: page.organizerName } } : {}),
    ...(p.minPrice === null ? {} : { offers: offerOf(p, absolute) }),
  }));
}

function offerOf(p: ShowPerformance, absolute: (path: string) => string): object {
  const availability =
    p.saleState === 'soon'
      ? 'https://schema.org/PreOrder'
      : p.freePlaces > 0
        ? 'https://schema.org/InStock'
        : 'https://schema.org/SoldOut';
  return {
    '@type': 'Offer',
    // Kopecks to roubles, as a decimal string.
    price: ((p.minPrice ?? 0) / 100).toFixed(2),
    priceCurrency: 'RUB',
    availability,
    url: absolute(p.performanceUrl),
  };
}

/** '2030-03-10T19:00:00+03:00': the venue's wall-clock time with its offset from UTC then. */
export function isoWithOffset(iso: string, timeZone: string): string {
  const t = localDateTime(iso, timeZone);
  const utc = new Date(iso);
  const wallAsUtc = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, utc.getUTCSeconds());
  const offsetMinutes = Math.round((wallAsUtc - utc.getTime()) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${t.year}-${two(t.month)}-${two(t.day)}T${two(t.hour)}:${two(t.minute)}:${two(utc.getUTCSeconds())}` +
    `${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`
  );
}

/**
 * JSON for a <script> element: '<' (so no '</script>' or '<!--' can end or bend the element),
 * '>' and '&', and the two line separators JavaScript once refused, all as \u escapes.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
