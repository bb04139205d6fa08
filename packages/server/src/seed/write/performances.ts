import type { Queryable } from '../../db/index.js';
import { recountPlaces } from '../../services/catalogue/availability.js';
import { familyOf } from '../catalogue/genres.js';
import type { HallKey } from '../catalogue/geography.js';
import type { ShowSpec } from '../catalogue/shows.js';
import { categoryGifts, type GiftOffer, giftOfferFor } from '../gifts.js';
import { allocateIds, bulkWrite, expectNone, insertRows, intArray } from '../insert.js';
import { fillFor, type PerformancePricing, pricePerformance, soldPlaces } from '../pricing.js';
import type { PerformanceSpec } from '../schedule.js';
import { atMoscow, moscowWeekday } from '../time.js';
import type { SeedContext } from './context.js';
import type { SeededHall } from './places.js';

/**
 * The performances of the plan, each with its price categories and tariffs, a row per place in
 * performance_places (a realistic share already sold, the gifts each seat offers) and a counter
 * per entrance section.
 * Returns the performance ids, in plan order.
 */
export async function writePerformances(
  { tx, now, random, progress }: SeedContext,
  plan: PerformanceSpec[],
  shows: ShowSpec[],
  showIds: number[],
  halls: Map<HallKey, SeededHall>,
): Promise<number[]> {
  progress(`performances: ${plan.length}`);
  const ids = await allocateIds(tx, 'performances', plan.length);
  const priced: PerformancePricing[] = [];
  const offers: Array<GiftOffer | null> = [];
  const rows: Record<string, unknown>[] = [];
  let stagePerformances = 0;
  plan.forEach((p, i) => {
    const show = shows[p.show]!;
    const hall = halls.get(p.hall)!;
    const family = familyOf(show.genre);
    const r = random.fork(`price/${i}`);
    const weekend = [0, 6].includes(moscowWeekday(now, p.day));
    const top = show.price * (weekend && p.hour >= 18 ? 1.1 : 1) * r.between(0.95, 1.05);
    priced.push(pricePerformance(r, hall.layout, family, top));
    const stage = ['theatre', 'comedy', 'musical', 'kids'].includes(family);
    const offer = stage ? giftOfferFor(family, stagePerformances++) : null;
    offers.push(offer);
    rows.push({
      id: ids[i],
      show_id: showIds[p.show],
      hall_id: hall.id,
      starts_at: atMoscow(now, p.day, p.hour).toISOString(),
      sale_state: p.sale,
      max_ticket_count: family === 'kids' || family === 'exhibition' ? 10 : 8,
      max_gift_count_per_ticket: offer?.maxPerTicket ?? 0,
      gift_price: offer?.price ?? 0,
      gifts_left: offer?.stock ?? null,
    });
  });
  await insertRows(
    tx,
    'performances',
    {
      id: 'int',
      show_id: 'int',
      hall_id: 'int',
      starts_at: 'timestamptz',
      sale_state: 'text',
      max_ticket_count: 'int',
      max_gift_count_per_ticket: 'int',
      gift_price: 'int',
      gifts_left: 'int',
    },
    rows,
  );

  const categoryIds = await allocateIds(
    tx,
    'price_categories',
    priced.reduce((n, p) => n + p.categories.length, 0),
  );
  const categoryRows: Record<string, unknown>[] = [];
  const tariffRows: Record<string, unknown>[] = [];
  const idsOfPerformance: number[][] = [];
  let next = 0;
  priced.forEach((pricing, i) => {
    const own: number[] = [];
    for (const c of pricing.categories) {
      const id = categoryIds[next++]!;
      own.push(id);
      categoryRows.push({ id, performance_id: ids[i], color: c.color, price: c.price, premium: c.premium });
      for (const t of c.tariffs) {
        tariffRows.push({ price_category_id: id, name: t.name, price: t.price, is_default: t.isDefault });
      }
    }
    idsOfPerformance.push(own);
  });
  await insertRows(
    tx,
    'price_categories',
    { id: 'int', performance_id: 'int', color: 'text', price: 'int', premium: 'boolean' },
    categoryRows,
  );
  await insertRows(
    tx,
    'tariffs',
    { price_category_id: 'int', name: 'text', price: 'int', is_default: 'boolean' },
    tariffRows,
  );

  progress('performance places');
  const batch = new PerformancePlaceBatch(tx);
  const sectionRows: Record<string, unknown>[] = [];
  const writePlaces = async () => {
    for (const [i, p] of plan.entries()) {
      const hall = halls.get(p.hall)!;
      const layout = hall.layout;
      const r = random.fork(`sold/${i}`);
      const fill = p.sale === 'soon' ? 0 : fillFor(shows[p.show]!.popularity, p.day);
      const categories = idsOfPerformance[i]!;
      const pricing = priced[i]!;
      if (layout.placeIds.length > 0) {
        const gifts = categoryGifts(pricing.categories, offers[i]!);
        await batch.add(
          ids[i]!,
          layout.placeIds,
          pricing.placeCategory,
          categories,
          gifts,
          soldPlaces(r, layout, fill),
        );
      }
      layout.entrance.forEach((e, k) => {
        const sold = Math.min(e.capacity, Math.round(e.capacity * fill * r.between(0.8, 1.1)));
        sectionRows.push({
          performance_id: ids[i],
          section_id: e.sectionId,
          price_category_id: categories[pricing.entranceCategory[k]!],
          capacity: e.capacity,
          free_count: e.capacity - sold,
        });
      });
    }
    await batch.flush();
    await tx.query('ANALYZE performance_places');
  };
  await bulkWrite(
    tx,
    'performance_places',
    writePlaces,
    () =>
      expectNone(
        tx,
        'performance places with a missing performance, place or price category, or mixed halls',
        `SELECT count(*)::int AS bad FROM performance_places pp
       LEFT JOIN performances pf ON pf.id = pp.performance_id
       LEFT JOIN places pl ON pl.id = pp.place_id
       LEFT JOIN price_categories pc ON pc.id = pp.price_category_id
       WHERE pf.id IS NULL OR pl.id IS NULL OR pc.id IS NULL
          OR pl.hall_id <> pf.hall_id OR pc.performance_id <> pp.performance_id`,
      ),
    // The triggers that keep the availability numbers were skipped with the foreign keys.
    () => recountPlaces(tx, ids),
  );
  await insertRows(
    tx,
    'performance_sections',
    { performance_id: 'int', section_id: 'int', price_category_id: 'int', capacity: 'int', free_count: 'int' },
    sectionRows,
  );
  return ids;
}

/**
 * performance_places in large INSERT … SELECT FROM unnest(…) statements: five integer arrays
 * per statement, tens of thousands of rows each, which is what keeps the full seed fast.
 */
class PerformancePlaceBatch {
  private performance: number[] = [];
  private place: number[] = [];
  private category: number[] = [];
  private state: number[] = [];
  private gifts: number[] = [];

  constructor(private readonly tx: Queryable) {}

  async add(
    performanceId: number,
    placeIds: Int32Array,
    placeCategory: Uint8Array,
    categoryIds: number[],
    /** Gifts a seat offers, by category index. */
    categoryGifts: number[],
    states: Uint8Array,
  ): Promise<void> {
    for (let i = 0; i < placeIds.length; i++) {
      this.performance.push(performanceId);
      this.place.push(placeIds[i]!);
      this.category.push(categoryIds[placeCategory[i]!]!);
      this.state.push(states[i]!);
      this.gifts.push(categoryGifts[placeCategory[i]!]!);
    }
    if (this.place.length >= 50_000) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.place.length === 0) return;
    await this.tx.query(
      `INSERT INTO performance_places (performance_id, place_id, price_category_id, state, available_gifts)
       SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::smallint[], $5::int[])`,
      [
        intArray(this.performance),
        intArray(this.place),
        intArray(this.category),
        intArray(this.state),
        intArray(this.gifts),
      ],
    );
    this.performance = [];
    this.place = [];
    this.category = [];
    this.state = [];
    this.gifts = [];
  }
}
