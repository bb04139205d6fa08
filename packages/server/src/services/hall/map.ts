import { type HallMapData, kopecksToRoubles, type ListSection, type MapPlace } from '@partera/contract';
import type { Queryable } from '../../db/index.js';

interface CategoryRow {
  id: number;
  color: string;
  price: number;
  premium: boolean;
}
interface TariffRow {
  id: number;
  price_category_id: number;
  name: string;
  price: number;
  is_default: boolean;
}
interface PlaceRow {
  pp_id: number;
  place_id: number;
  state: number;
  mine: boolean;
  price_category_id: number;
  tariff_id: number | null;
  section_id: number;
  section_name: string;
  row_label: string;
  number: string;
  type: string;
  group_id: number;
  description: string;
}
interface SectionRow {
  section_id: number;
  name: string;
  kind: 'seated' | 'entrance';
  price_category_id: number | null;
  free: number;
}

/** A price category's tariffs, the default first: what a place of that category can be sold at. */
function tariffsByCategory(categories: CategoryRow[], tariffs: TariffRow[]) {
  const map = new Map<number, { defaultId: number; price: number; taxes: MapPlace['taxes']; count: number }>();
  for (const c of categories) {
    const own = tariffs
      .filter((t) => t.price_category_id === c.id)
      .sort((a, b) => Number(b.is_default) - Number(a.is_default) || a.price - b.price);
    const taxes: MapPlace['taxes'] = {};
    for (const t of own) taxes[String(t.id)] = { name: t.name, price: kopecksToRoubles(t.price) };
    const lowest = own.length > 0 ? Math.min(...own.map((t) => t.price)) : c.price;
    map.set(c.id, {
      defaultId: own[0]?.id ?? 0,
      price: own.length > 1 ? lowest : (own[0]?.price ?? c.price),
      taxes,
      count: Math.max(own.length, 1),
    });
  }
  return map;
}

/**
 * The JSON hall map of a performance (spec 3.2) as this buyer sees it: free places and places in
 * this buyer's basket (state 1); taken places are left out and drawn as unavailable. A hold that
 * has expired counts as free.
 */
export async function loadHallMap(
  db: Queryable,
  performanceId: number,
  sessionId: string,
  now: Date,
): Promise<HallMapData | null> {
  const perf = await db.query<{
    id: number;
    hall_id: number;
    cannot_create_order_cause: string | null;
    place_count: number;
  }>(
    `SELECT p.id, p.hall_id, p.cannot_create_order_cause, h.place_count
       FROM performances p JOIN halls h ON h.id = p.hall_id WHERE p.id = $1`,
    [performanceId],
  );
  const performance = perf.rows[0];
  if (!performance) return null;
  const [categories, tariffs, places, sections] = await Promise.all([
    db.query<CategoryRow>(
      'SELECT id, color, price, premium FROM price_categories WHERE performance_id = $1 ORDER BY price',
      [performanceId],
    ),
    db.query<TariffRow>(
      `SELECT t.id, t.price_category_id, t.name, t.price, t.is_default FROM tariffs t
         JOIN price_categories c ON c.id = t.price_category_id WHERE c.performance_id = $1`,
      [performanceId],
    ),
    db.query<PlaceRow>(
      `SELECT pp.id AS pp_id, pl.id AS place_id, pp.state,
              (pp.state = 1 AND pp.hold_session_id = $2 AND pp.held_until > $3) AS mine,
              pp.price_category_id, pp.tariff_id, s.id AS section_id, s.name AS section_name,
              pl.row_label, pl.number, pl.type, pl.group_id, pl.description
         FROM performance_places pp
         JOIN places pl ON pl.id = pp.place_id
         JOIN sections s ON s.id = pl.section_id
        WHERE pp.performance_id = $1
          AND (pp.state = 0 OR (pp.state = 1 AND (pp.held_until < $3 OR pp.hold_session_id = $2)))
        ORDER BY pl.id`,
      [performanceId, sessionId, now],
    ),
    db.query<SectionRow>(
      `SELECT s.id AS section_id, s.name, s.kind, coalesce(ps.price_category_id, min(pp.price_category_id)) AS price_category_id,
              CASE WHEN s.kind = 'entrance'
                   THEN coalesce(max(ps.free_count), 0) + coalesce((SELECT sum(eh.ticket_count) FROM entrance_holds eh
                         WHERE eh.performance_section_id = max(ps.id) AND eh.held_until < $2), 0)
                   ELSE count(pp.id) FILTER (WHERE pp.state = 0 OR (pp.state = 1 AND pp.held_until < $2)) END::int AS free
         FROM sections s
         LEFT JOIN performance_sections ps ON ps.section_id = s.id AND ps.performance_id = $1
         LEFT JOIN places pl ON pl.section_id = s.id
         LEFT JOIN performance_places pp ON pp.place_id = pl.id AND pp.performance_id = $1
        WHERE s.hall_id = $3
        GROUP BY s.id, s.name, s.kind, ps.price_category_id
        ORDER BY s.sort, s.id`,
      [performanceId, now, performance.hall_id],
    ),
  ]);
  const byCategory = tariffsByCategory(categories.rows, tariffs.rows);
  const categoryById = new Map(categories.rows.map((c) => [c.id, c]));
  const mapPlaces: MapPlace[] = places.rows.map((p) => {
    const cat = categoryById.get(p.price_category_id)!;
    const t = byCategory.get(p.price_category_id)!;
    const chosen = p.mine && p.tariff_id ? tariffs.rows.find((x) => x.id === p.tariff_id) : undefined;
    return {
      id: p.place_id,
      state: p.mine ? 1 : 0,
      isPackagePlace: false,
      color: cat.color,
      countTax: t.count,
      type: p.type,
      section: { id: p.section_id, name: p.section_name },
      row: p.row_label,
      place: p.number,
      price: kopecksToRoubles(chosen?.price ?? t.price),
      tariff: chosen?.id ?? t.defaultId,
      group: p.group_id,
      cypher: String(p.pp_id),
      hasgifts: false,
      availableGifts: 0,
      taxes: t.taxes,
      description: p.description,
      privileged: cat.premium ? 'premium' : 'default',
    };
  });
  const listSections: ListSection[] = sections.rows.map((s) => {
    const t = s.price_category_id === null ? undefined : byCategory.get(s.price_category_id);
    return {
      sectionName: s.name,
      placeCount: s.free,
      sectionId: s.section_id,
      price: kopecksToRoubles(t?.price ?? 0),
      tariffId: t?.defaultId ?? 0,
      fundId: s.price_category_id ?? 0,
      seatlessSection: s.kind === 'entrance',
    };
  });
  const cause = performance.cannot_create_order_cause;
  return {
    places: mapPlaces,
    legend: categories.rows.map((c) => ({ c: c.color, p: kopecksToRoubles(c.price) })),
    anyPremiumTicketFound: { premium: categories.rows.some((c) => c.premium) ? 'true' : 'false' },
    cannotCreateOrder: cause !== null,
    ...(cause !== null ? { cannotCreateOrderCause: cause } : {}),
    sections: listSections,
  };
}
