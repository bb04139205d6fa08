import type { Queryable } from '../../db/index.js';
import { loadAvailability } from './availability.js';
import { iso, performancePath, posterUrl, type SaleState, showPath } from './fragments.js';

/** One poster card of the home page: a performance with what a buyer needs to pick it. */
export interface PerformanceCard {
  performanceId: number;
  /** ISO instant. */
  startsAt: string;
  saleState: Exclude<SaleState, 'closed'>;
  showId: number;
  showName: string;
  showUrl: string;
  genreName: string;
  ageMark: number;
  buildingName: string;
  hallName: string;
  /** The 'от' price in kopecks (availability.ts); null when the performance has no prices yet. */
  minPrice: number | null;
  posterUrl: string;
  performanceUrl: string;
  /** Further upcoming performances of the same show in the city ('и ещё 4 даты'). */
  moreDates: number;
}

/** What a query of poster cards selects for each performance (the price comes from the kept numbers). */
export interface CardRow {
  id: number;
  starts_at: Date;
  sale_state: Exclude<SaleState, 'closed'>;
  show_id: number;
  slug: string;
  show_name: string;
  genre_name: string;
  age_mark: number;
  building_name: string;
  hall_name: string;
  more_dates: number;
}

/** The rows as poster cards, with each performance's 'от' price from the kept numbers (one query). */
export async function performanceCards(db: Queryable, rows: readonly CardRow[]): Promise<PerformanceCard[]> {
  const availability = await loadAvailability(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    performanceId: r.id,
    startsAt: iso(r.starts_at),
    saleState: r.sale_state,
    showId: r.show_id,
    showName: r.show_name,
    showUrl: showPath(r.slug),
    genreName: r.genre_name,
    ageMark: r.age_mark,
    buildingName: r.building_name,
    hallName: r.hall_name,
    minPrice: availability.get(r.id)?.minPrice ?? null,
    posterUrl: posterUrl(r.show_id),
    performanceUrl: performancePath(r.id),
    moreDates: r.more_dates,
  }));
}
