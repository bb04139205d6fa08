import { effectiveMaxTicketCount, type HallPageConfig, kopecksToRoubles } from '@partera/contract';
import type { Queryable } from '../../db/index.js';
import { venueJoins } from '../../db/venue-sql.js';
import { loadAvailability } from './availability.js';
import { hallSvgUrl, iso, performancePath, posterUrl, type SaleState, showPath } from './fragments.js';

/** What the buyer's own session adds to the hall page configuration. */
export interface HallPageViewer {
  isGuest: boolean;
  /** The page is shown inside a partner's frame. */
  isIframe: boolean;
  /** Tickets of this performance already in the buyer's basket. */
  currentPerformanceBasketTicketCount: number;
  /** Tickets of other performances in the basket (the per-order limit counts them too). */
  ticketInBasketOfOtherPerformances: number;
  /** ?packageId of the page URL (package mode, spec 2.2). */
  packageId?: number;
  /** Origin the page was requested on, for performanceInfo.show_full_url. */
  origin: string;
}

/** The hall page: the seat map's configuration (spec 3.1) and what the page shows around the map. */
export interface HallPage {
  config: HallPageConfig;
  performance: {
    id: number;
    startsAt: string;
    saleState: SaleState;
    /** Kopecks; null when the performance has no prices yet. */
    minPrice: number | null;
    freePlaces: number;
    cannotCreateOrderCause: string | null;
  };
  show: { id: number; name: string; url: string; ageMark: number; genreName: string; posterUrl: string };
  venue: { name: string; address: string; metroName: string | null };
  hall: { id: number; name: string };
  city: { subdomain: string; timezone: string };
}

interface Row {
  id: number;
  next_id: number | null;
  only_sections: boolean;
  starts_at: Date;
  sale_state: SaleState;
  allow_reserve: boolean;
  allow_pay: boolean;
  max_ticket_count: number;
  max_gift_count_per_ticket: number;
  gift_price: number;
  cannot_create_order_cause: string | null;
  hall_id: number;
  hall_name: string;
  show_id: number;
  show_name: string;
  slug: string;
  age_mark: number;
  genre_name: string;
  building_name: string;
  address: string;
  metro_name: string | null;
  subdomain: string;
  timezone: string;
}

interface PackageRow {
  position: number;
  total: number;
  tickets_in_performance_count: number;
  previous_id: number | null;
  next_id: number | null;
}

/**
 * Package mode's arrows (spec 2.2, 4.3): the hall pages of the package's previous and next
 * performances, in package mode too (absolute, like show_full_url: a widget on a partner's page
 * follows them from there).
 */
function packageNeighbours(row: PackageRow, packageId: number, origin: string) {
  const page = (performanceId: number) => `${origin}${performancePath(performanceId)}?packageId=${packageId}`;
  return {
    ...(row.previous_id !== null ? { packagePreviousUrl: page(row.previous_id) } : {}),
    ...(row.next_id !== null ? { packageNextUrl: page(row.next_id) } : {}),
  };
}

/**
 * The next date (spec 2.1: an empty basket shows a 'next date' link instead of the buy button):
 * the show's earliest performance that starts after this one and is on sale now (sale open, not
 * started, reservable or payable). SQL over the page's performance `p`, with now as $2.
 */
const NEXT_DATE = `(SELECT n.id FROM performances n
    WHERE n.show_id = p.show_id AND n.starts_at > p.starts_at AND n.starts_at > $2
      AND n.sale_state = 'on_sale' AND (n.allow_reserve OR n.allow_pay)
    ORDER BY n.starts_at, n.id LIMIT 1)`;

/**
 * The list view instead of a plan (spec 2.1, 3.1 isOnlySections): a performance marked to sell by
 * sections, or one whose hall has nothing to draw, no plan (SVG) and no places (decision 0029).
 */
const ONLY_SECTIONS = `(p.sell_by_sections OR (h.svg IS NULL AND NOT EXISTS (SELECT 1 FROM places x WHERE x.hall_id = h.id)))`;

/** A stored media path made absolute, so that a widget on a partner's page loads it from us. */
const absolute = (origin: string, url: string) => (url.startsWith('/') ? `${origin}${url}` : url);

/** The hall page of a performance; null when there is no such performance. */
export async function getHallPage(
  db: Queryable,
  performanceId: number,
  now: Date,
  viewer: HallPageViewer,
): Promise<HallPage | null> {
  if (!Number.isSafeInteger(performanceId) || performanceId <= 0) return null;
  const { rows } = await db.query<Row>(
    `SELECT p.id, p.starts_at, p.sale_state, p.allow_reserve, p.allow_pay, p.max_ticket_count,
            p.max_gift_count_per_ticket, p.gift_price, p.cannot_create_order_cause,
            h.id AS hall_id, h.name AS hall_name, s.id AS show_id, s.name AS show_name, s.slug,
            s.age_mark, g.name AS genre_name, b.name AS building_name, b.address, m.name AS metro_name,
            c.subdomain, c.timezone,
            ${NEXT_DATE} AS next_id, ${ONLY_SECTIONS} AS only_sections
       FROM performances p
       ${venueJoins('p')}
       LEFT JOIN metro_stations m ON m.id = b.metro_station_id
       JOIN shows s ON s.id = p.show_id
       JOIN genres g ON g.id = s.genre_id
      WHERE p.id = $1`,
    [performanceId, now],
  );
  const r = rows[0];
  if (!r) return null;

  const [images, pkg, availability] = await Promise.all([
    db.query<{ place_id: number; image: string }>(
      'SELECT id AS place_id, photo_url AS image FROM places WHERE hall_id = $1 AND photo_url IS NOT NULL ORDER BY id',
      [r.hall_id],
    ),
    viewer.packageId === undefined
      ? Promise.resolve({ rows: [] as PackageRow[] })
      : // The performance's number in the package counts the performances up to its position (positions
        // may leave gaps); its neighbours are the nearest positions on either side.
        db.query<PackageRow>(
          `SELECT (SELECT count(*)::int FROM package_performances o
                    WHERE o.package_id = pp.package_id AND o.position <= pp.position) AS position,
                  (SELECT count(*)::int FROM package_performances o WHERE o.package_id = pp.package_id) AS total,
                  k.tickets_in_performance_count,
                  (SELECT o.performance_id FROM package_performances o
                    WHERE o.package_id = pp.package_id AND o.position < pp.position
                    ORDER BY o.position DESC LIMIT 1) AS previous_id,
                  (SELECT o.performance_id FROM package_performances o
                    WHERE o.package_id = pp.package_id AND o.position > pp.position
                    ORDER BY o.position LIMIT 1) AS next_id
             FROM package_performances pp JOIN packages k ON k.id = pp.package_id
            WHERE pp.package_id = $1 AND pp.performance_id = $2`,
          [viewer.packageId, performanceId],
        ),
    loadAvailability(db, [performanceId]),
  ]);
  const packageRow = pkg.rows[0];
  const numbers = availability.get(performanceId);
  const selling = r.sale_state === 'on_sale' && r.starts_at.getTime() > now.getTime();
  const showUrl = showPath(r.slug);

  const config: HallPageConfig = {
    hallBasisId: r.hall_id,
    svgUrl: hallSvgUrl(r.hall_id),
    performanceId: r.id,
    showId: r.show_id,
    hallPlaceImages: images.rows.map((i) => ({ place_id: i.place_id, image: absolute(viewer.origin, i.image) })),
    maxTicketCount: effectiveMaxTicketCount(r.max_ticket_count),
    maxGiftCountPerTicket: r.max_gift_count_per_ticket,
    giftPrice: kopecksToRoubles(r.gift_price),
    package: packageRow
      ? {
          isPackage: true,
          currentPerformanceNumber: packageRow.position,
          totalPerformances: packageRow.total,
          ticketsInPerformanceCount: packageRow.tickets_in_performance_count,
        }
      : { isPackage: false, currentPerformanceNumber: 0, totalPerformances: 0, ticketsInPerformanceCount: 0 },
    currentPerformanceBasketTicketCount: viewer.currentPerformanceBasketTicketCount,
    ticketInBasketOfOtherPerformances: viewer.ticketInBasketOfOtherPerformances,
    showAdvantages: false,
    isIframe: viewer.isIframe,
    isGuest: viewer.isGuest,
    isOnlySections: r.only_sections,
    tickets: [],
    performanceInfo: {
      show_name: r.show_name,
      start_date: iso(r.starts_at),
      building_name: r.building_name,
      show_full_url: viewer.origin + showUrl,
    },
    allowReserve: selling && r.allow_reserve,
    allowPay: selling && r.allow_pay,
    nextDateUrl: r.next_id === null ? null : viewer.origin + performancePath(r.next_id),
    ...(packageRow && viewer.packageId !== undefined
      ? { packageId: viewer.packageId, ...packageNeighbours(packageRow, viewer.packageId, viewer.origin) }
      : {}),
  };

  return {
    config,
    performance: {
      id: r.id,
      startsAt: iso(r.starts_at),
      saleState: r.sale_state,
      minPrice: numbers?.minPrice ?? null,
      freePlaces: numbers?.freePlaces ?? 0,
      cannotCreateOrderCause: r.cannot_create_order_cause,
    },
    show: {
      id: r.show_id,
      name: r.show_name,
      url: showUrl,
      ageMark: r.age_mark,
      genreName: r.genre_name,
      posterUrl: posterUrl(r.show_id),
    },
    venue: { name: r.building_name, address: r.address, metroName: r.metro_name },
    hall: { id: r.hall_id, name: r.hall_name },
    city: { subdomain: r.subdomain, timezone: r.timezone },
  };
}
