import { PROMO_PLACEMENT_MAIN, PROMO_PLACEMENT_OTHER, type PromoBannerSlots } from '@partera/contract';
import type { Queryable } from '../../db/index.js';
import { showPath } from '../catalogue/fragments.js';
import { aheadSql } from '../catalogue/upcoming.js';

/**
 * Promo banners (site-browsing-account.md 2.5, 3 Promo banner item, 7 Promo banners; decision
 * 0038): GET /FlackTwister/{placementId}/ answers the active banners of a placement for the
 * buyer's city, keyed by slot, element [1] of each entry being the slot's items. The placement
 * is 6813 on the main page and 9815 elsewhere; any other placement has no banners (an empty
 * answer, which hides the side banners and the footer block).
 *
 * Where a slot is shown is the page's business (client/banners.ts): slots 1 and 2 are the top
 * side banners, every slot the footer promo block, and every slot but 5 the mobile list.
 */

export const PROMO_PLACEMENTS: readonly number[] = [PROMO_PLACEMENT_MAIN, PROMO_PLACEMENT_OTHER];

/** Element [0] of a slot's entry: what the slot is for (the spec shows only element [1]). */
export const PROMO_SLOT_LABELS: Readonly<Record<number, string>> = {
  1: 'top-left',
  2: 'top-right',
  3: 'footer',
  4: 'footer',
  5: 'footer-wide',
};

/** Items per slot at most: a slot shows a handful, however many banners an operator enters. */
export const PROMO_ITEMS_PER_SLOT = 8;

interface Row {
  slot: number;
  slug: string;
  show_name: string;
  image: string;
  building_id: number;
  building_name: string;
}

/**
 * The slots of a placement in a city: its own banners and those for every city (city_id null),
 * each of a show with a performance ahead that is on sale or coming soon, so a banner never
 * leads to a show that sells nothing. The stage is the venue of the show's next performance.
 */
export async function promoBannersOf(
  db: Queryable,
  q: { placementId: number; cityId: number | null; now: Date },
): Promise<PromoBannerSlots> {
  if (!PROMO_PLACEMENTS.includes(q.placementId)) return {};
  const { rows } = await db.query<Row>(
    `SELECT pb.slot, s.slug, s.name AS show_name, pb.image, nx.building_id, nx.building_name
       FROM promo_banners pb
       JOIN shows s ON s.id = pb.show_id
       JOIN LATERAL (
         SELECT b.id AS building_id, b.name AS building_name
           FROM performances p
           JOIN halls h ON h.id = p.hall_id
           JOIN buildings b ON b.id = h.building_id
          WHERE p.show_id = s.id AND ${aheadSql('p', '$3')}
            AND ($2::int IS NULL OR b.city_id = $2)
          ORDER BY p.starts_at, p.id
          LIMIT 1) nx ON true
      WHERE pb.placement_id = $1 AND pb.active
        AND (pb.city_id IS NULL OR $2::int IS NULL OR pb.city_id = $2)
      ORDER BY pb.slot, pb.sort, pb.id`,
    [q.placementId, q.cityId, q.now],
  );
  const slots: PromoBannerSlots = {};
  for (const r of rows) {
    const key = String(r.slot);
    const entry = slots[key] ?? [PROMO_SLOT_LABELS[r.slot] ?? `slot-${r.slot}`, []];
    slots[key] = entry;
    if (entry[1].length >= PROMO_ITEMS_PER_SLOT) continue;
    entry[1].push({
      show_url: showPath(r.slug),
      show_name: r.show_name,
      img_url: r.image,
      stage_url: `/search/performance/?bid=${r.building_id}`,
      stage_name: r.building_name,
    });
  }
  return slots;
}
