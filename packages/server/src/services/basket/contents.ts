import type { Queryable } from '../../db/index.js';
import { liveEntranceHold, placesHeldBy } from '../holds/rule.js';
import { placeSetKeySql } from './set-key.js';

/** One line of a buyer's basket: a held place, or held tickets of an entrance section. */
export interface BasketLine {
  kind: 'place' | 'entrance';
  /** performance_places.id for a place; null for entrance tickets. */
  performancePlaceId: number | null;
  placeId: number | null;
  performanceSectionId: number | null;
  performanceId: number;
  sectionId: number;
  showName: string;
  showSlug: string;
  performanceDate: Date;
  buildingName: string;
  hallName: string;
  sectionName: string;
  row: string | null;
  place: string | null;
  count: number;
  /** Per ticket, kopecks. */
  price: number;
  tariffId: number | null;
  tariffName: string;
  /** Gifts with the line's tickets (all of them for entrance tickets). */
  giftsCount: number;
  /** Per gift, kopecks (the performance's gift price). */
  giftPrice: number;
  /** The package the place was taken for (package mode), else null. */
  packageId: number | null;
  /** The place's set (a group, an exclusive pair: placeSetKeySql), shared by its lines; null when sold alone. */
  setKey: string | null;
  heldUntil: Date;
  cannotCreateOrderCause: string | null;
}

export interface BasketContents {
  lines: BasketLine[];
  ticketCount: number;
  /** Kopecks: the tickets and their gifts. */
  total: number;
  /** The earliest hold expiry, null when the basket is empty. */
  heldUntil: Date | null;
}

interface LineRow {
  kind: 'place' | 'entrance';
  performance_place_id: number | null;
  place_id: number | null;
  performance_section_id: number | null;
  performance_id: number;
  section_id: number;
  show_name: string;
  show_slug: string;
  starts_at: Date;
  building_name: string;
  hall_name: string;
  section_name: string;
  row_label: string | null;
  number: string | null;
  ticket_count: number;
  price: number;
  tariff_id: number | null;
  tariff_name: string | null;
  gifts_count: number;
  gift_price: number;
  package_id: number | null;
  set_key: string | null;
  held_until: Date;
  cannot_create_order_cause: string | null;
}

/**
 * The price of one held ticket: its tariff (claims always record one, the category's default
 * when the buyer chose none), else the price category's own price.
 */
const TICKET_PRICE = 'coalesce(t.price, pc.price)';
const TARIFF_NAME = 't.name';

/** Everything the session holds right now (live holds only), oldest performance first. */
export async function loadBasket(tx: Queryable, sessionId: string, now: Date): Promise<BasketContents> {
  const r = await tx.query<LineRow>(
    `SELECT 'place' AS kind, pp.id AS performance_place_id, pl.id AS place_id, NULL::int AS performance_section_id,
            pp.performance_id, pl.section_id, sh.name AS show_name, sh.slug AS show_slug, pf.starts_at,
            b.name AS building_name, h.name AS hall_name, s.name AS section_name, pl.row_label, pl.number,
            1 AS ticket_count, ${TICKET_PRICE} AS price, pp.tariff_id, ${TARIFF_NAME} AS tariff_name,
            pp.gifts_count, pf.gift_price, pp.package_id, ${placeSetKeySql('pl')} AS set_key, pp.held_until,
            pf.cannot_create_order_cause
       FROM ${placesHeldBy('$1', '$2')} pp
       JOIN places pl ON pl.id = pp.place_id
       JOIN sections s ON s.id = pl.section_id
       JOIN price_categories pc ON pc.id = pp.price_category_id
       LEFT JOIN tariffs t ON t.id = pp.tariff_id
       JOIN performances pf ON pf.id = pp.performance_id
       JOIN shows sh ON sh.id = pf.show_id
       JOIN halls h ON h.id = pf.hall_id
       JOIN buildings b ON b.id = h.building_id
     UNION ALL
     SELECT 'entrance', NULL, NULL, ps.id, ps.performance_id, ps.section_id, sh.name, sh.slug, pf.starts_at,
            b.name, h.name, s.name, NULL, NULL, eh.ticket_count, ${TICKET_PRICE}, eh.tariff_id, ${TARIFF_NAME},
            eh.gifts_count, pf.gift_price, NULL, NULL, eh.held_until, pf.cannot_create_order_cause
       FROM entrance_holds eh
       JOIN performance_sections ps ON ps.id = eh.performance_section_id
       JOIN sections s ON s.id = ps.section_id
       JOIN price_categories pc ON pc.id = ps.price_category_id
       LEFT JOIN tariffs t ON t.id = eh.tariff_id
       JOIN performances pf ON pf.id = ps.performance_id
       JOIN shows sh ON sh.id = pf.show_id
       JOIN halls h ON h.id = pf.hall_id
       JOIN buildings b ON b.id = h.building_id
      WHERE eh.session_id = $1 AND ${liveEntranceHold('$2', 'eh')}
      ORDER BY starts_at, performance_id, kind DESC, section_name, row_label, number`,
    [sessionId, now],
  );
  const lines: BasketLine[] = r.rows.map((row) => ({
    kind: row.kind,
    performancePlaceId: row.performance_place_id,
    placeId: row.place_id,
    performanceSectionId: row.performance_section_id,
    performanceId: row.performance_id,
    sectionId: row.section_id,
    showName: row.show_name,
    showSlug: row.show_slug,
    performanceDate: new Date(row.starts_at),
    buildingName: row.building_name,
    hallName: row.hall_name,
    sectionName: row.section_name,
    row: row.row_label,
    place: row.number,
    count: row.ticket_count,
    price: row.price,
    tariffId: row.tariff_id,
    tariffName: row.tariff_name ?? '',
    giftsCount: row.gifts_count,
    giftPrice: row.gift_price,
    packageId: row.package_id,
    setKey: row.set_key,
    heldUntil: new Date(row.held_until),
    cannotCreateOrderCause: row.cannot_create_order_cause,
  }));
  const heldUntil = lines.reduce<Date | null>(
    (min, l) => (min === null || l.heldUntil < min ? l.heldUntil : min),
    null,
  );
  return {
    lines,
    ticketCount: lines.reduce((n, l) => n + l.count, 0),
    total: lines.reduce((n, l) => n + l.count * l.price + l.giftsCount * l.giftPrice, 0),
    heldUntil,
  };
}

/** The part of the basket a selection answer needs (spec 3.7), without the display joins. */
export interface BasketSummary {
  ticketCount: number;
  /** Kopecks: the tickets and their gifts. */
  total: number;
  /** Kopecks: the gifts alone (part of total). */
  giftTotal: number;
  /** Performance id → the price of one of its gifts, kopecks, for the performances in the basket. */
  giftPrices: Map<number, number>;
  /** Hall place id → cypher of the places held, with the gifts of each. */
  places: Array<{ placeId: number; cypher: string; giftsCount: number }>;
  entrance: Array<{ performanceSectionId: number; sectionName: string; price: number; count: number }>;
  cannotCreateOrderCause: string | null;
}

/** One row of basketSummarySql: a held place, or one entrance section's held tickets. */
export interface BasketSummaryRow {
  kind: 'place' | 'entrance';
  /** performance_places.id of a place, performance_sections.id of entrance tickets. */
  id: number;
  place_id: number | null;
  performance_id: number;
  section_name: string | null;
  price: number;
  ticket_count: number;
  gifts_count: number;
  gift_price: number;
  cause: string | null;
}

/**
 * The query of a selection answer's basket (live holds of the session), with the SQL text of the
 * session and of "now": the basket's database functions embed it (routines.ts), and
 * loadBasketSummary runs it on its own.
 */
export function basketSummarySql(session: string, now: string): string {
  return `SELECT 'place' AS kind, pp.id, pp.place_id, pp.performance_id, NULL::text AS section_name,
            ${TICKET_PRICE} AS price, 1 AS ticket_count, pp.gifts_count, pf.gift_price, pf.cannot_create_order_cause AS cause
       FROM ${placesHeldBy(session, now)} pp
       JOIN price_categories pc ON pc.id = pp.price_category_id
       LEFT JOIN tariffs t ON t.id = pp.tariff_id
       JOIN performances pf ON pf.id = pp.performance_id
     UNION ALL
     SELECT 'entrance', ps.id, NULL, ps.performance_id, s.name, ${TICKET_PRICE}, eh.ticket_count, eh.gifts_count,
            pf.gift_price, pf.cannot_create_order_cause
       FROM entrance_holds eh
       JOIN performance_sections ps ON ps.id = eh.performance_section_id
       JOIN sections s ON s.id = ps.section_id
       JOIN price_categories pc ON pc.id = ps.price_category_id
       LEFT JOIN tariffs t ON t.id = eh.tariff_id
       JOIN performances pf ON pf.id = ps.performance_id
      WHERE eh.session_id = ${session} AND ${liveEntranceHold(now, 'eh')}`;
}

export function basketSummaryOf(rows: readonly BasketSummaryRow[]): BasketSummary {
  const summary: BasketSummary = {
    ticketCount: 0,
    total: 0,
    giftTotal: 0,
    giftPrices: new Map(),
    places: [],
    entrance: [],
    cannotCreateOrderCause: null,
  };
  for (const row of rows) {
    const gifts = row.gifts_count * row.gift_price;
    summary.ticketCount += row.ticket_count;
    summary.total += row.ticket_count * row.price + gifts;
    summary.giftTotal += gifts;
    summary.giftPrices.set(row.performance_id, row.gift_price);
    summary.cannotCreateOrderCause ??= row.cause;
    if (row.kind === 'place')
      summary.places.push({ placeId: row.place_id!, cypher: String(row.id), giftsCount: row.gifts_count });
    else
      summary.entrance.push({
        performanceSectionId: row.id,
        sectionName: row.section_name!,
        price: row.price,
        count: row.ticket_count,
      });
  }
  return summary;
}

export async function loadBasketSummary(tx: Queryable, sessionId: string, now: Date): Promise<BasketSummary> {
  const r = await tx.query<BasketSummaryRow>(basketSummarySql('$1', '$2'), [sessionId, now]);
  return basketSummaryOf(r.rows);
}
