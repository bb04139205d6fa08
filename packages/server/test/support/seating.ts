import type { Queryable } from '../../src/db/index.js';

/** One seat of a row: its number, where it is, its price category, and what it is sold with. */
export interface SeatSpec {
  number: number;
  x: number;
  category: string;
  /** Hall-local group id (> 0): sold together. */
  group?: number;
  /** The number of its exclusive partner in the same row. */
  pairWith?: number;
}

export interface SectionSpec {
  name: string;
  rows: Array<{ label: string; seats: SeatSpec[] }>;
}

export interface SeatingSpec {
  /** Category key → price, kopecks (its one tariff, the default). */
  categories: Record<string, number>;
  sections: SectionSpec[];
  /** An entrance section with this many tickets, of the first category. */
  entranceCapacity?: number;
  allowReserve?: boolean;
  allowPay?: boolean;
  maxTicketCount?: number;
}

export interface Seating {
  performanceId: number;
  hallId: number;
  /** The id of a section, by name. */
  section(name: string): number;
  categoryId: Record<string, number>;
  tariffId: Record<string, number>;
  entranceSectionId: number | null;
  /** The performance place (cypher) of a seat. */
  seat(section: string, row: string, number: number): number;
  /** Section, row and number of a performance place. */
  where(performancePlaceId: number): { section: string; row: string; number: number };
}

/** Seats 1..count of a row, 20 px apart, all of one category; `aisleAfter` leaves a 40 px aisle. */
export function seatRow(count: number, category: string, opts: { aisleAfter?: number } = {}): SeatSpec[] {
  return Array.from({ length: count }, (_, i) => ({
    number: i + 1,
    x: 20 * (i + 1) + (opts.aisleAfter !== undefined && i + 1 > opts.aisleAfter ? 40 : 0),
    category,
  }));
}

async function one<T>(db: Queryable, sql: string, params: unknown[]): Promise<T> {
  return (await db.query<T>(sql, params)).rows[0]!;
}

let counter = 0;

/**
 * A hall of seated sections (in the given order, sections.sort) inserted straight with SQL, and
 * one performance on sale in 30 days with a price category and one default tariff per entry of
 * `categories`.
 */
export async function createSeating(db: Queryable, spec: SeatingSpec): Promise<Seating> {
  const tag = `${++counter}-${Math.random().toString(36).slice(2, 8)}`;
  const city = await one<{ id: number }>(
    db,
    `INSERT INTO cities (subdomain, name, support_phone) VALUES ('www', 'Москва', '+7 495 000-00-00')
     ON CONFLICT (subdomain) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
    [],
  );
  const genre = await one<{ id: number }>(db, `INSERT INTO genres (name, slug) VALUES ('Концерт', $1) RETURNING id`, [
    `concert-${tag}`,
  ]);
  const building = await one<{ id: number }>(
    db,
    `INSERT INTO buildings (city_id, name, slug, address) VALUES ($1, 'Концертный зал', $2, 'ул. Тверская, 1') RETURNING id`,
    [city.id, `hall-${tag}`],
  );
  const seatCount = spec.sections.reduce((n, s) => n + s.rows.reduce((m, r) => m + r.seats.length, 0), 0);
  const hall = await one<{ id: number }>(
    db,
    `INSERT INTO halls (building_id, name, kind, width, height, place_count)
     VALUES ($1, 'Большой зал', 'concert', 600, 400, $2) RETURNING id`,
    [building.id, seatCount],
  );
  const show = await one<{ id: number }>(
    db,
    `INSERT INTO shows (slug, name, genre_id, building_id, age_mark) VALUES ($1, 'Симфонический вечер', $2, $3, 6) RETURNING id`,
    [`symphony-${tag}`, genre.id, building.id],
  );
  const performance = await one<{ id: number }>(
    db,
    `INSERT INTO performances (show_id, hall_id, starts_at, allow_reserve, allow_pay, max_ticket_count)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      show.id,
      hall.id,
      new Date(Date.now() + 30 * 86_400_000),
      spec.allowReserve ?? true,
      spec.allowPay ?? true,
      spec.maxTicketCount ?? 8,
    ],
  );
  const categoryId: Record<string, number> = {};
  const tariffId: Record<string, number> = {};
  for (const [key, price] of Object.entries(spec.categories)) {
    categoryId[key] = (
      await one<{ id: number }>(
        db,
        `INSERT INTO price_categories (performance_id, color, price) VALUES ($1, '#3f7dd2', $2) RETURNING id`,
        [performance.id, price],
      )
    ).id;
    tariffId[key] = (
      await one<{ id: number }>(
        db,
        `INSERT INTO tariffs (price_category_id, name, price, is_default) VALUES ($1, 'Полный', $2, true) RETURNING id`,
        [categoryId[key], price],
      )
    ).id;
  }
  const sectionId: Record<string, number> = {};
  const cypher = new Map<string, number>();
  const located = new Map<number, { section: string; row: string; number: number }>();
  for (const [i, section] of spec.sections.entries()) {
    sectionId[section.name] = (
      await one<{ id: number }>(
        db,
        `INSERT INTO sections (hall_id, name, kind, sort) VALUES ($1, $2, 'seated', $3) RETURNING id`,
        [hall.id, section.name, i + 1],
      )
    ).id;
    for (const [r, row] of section.rows.entries()) {
      const placeOf = new Map<number, number>();
      for (const seat of row.seats) {
        const place = await one<{ id: number }>(
          db,
          `INSERT INTO places (hall_id, section_id, row_label, number, x, y, group_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
          [hall.id, sectionId[section.name], row.label, String(seat.number), seat.x, 40 + 30 * r, seat.group ?? 0],
        );
        placeOf.set(seat.number, place.id);
        const pp = await one<{ id: number }>(
          db,
          `INSERT INTO performance_places (performance_id, place_id, price_category_id) VALUES ($1, $2, $3) RETURNING id`,
          [performance.id, place.id, categoryId[seat.category]],
        );
        cypher.set(`${section.name}/${row.label}/${seat.number}`, pp.id);
        located.set(pp.id, { section: section.name, row: row.label, number: seat.number });
      }
      for (const seat of row.seats) {
        if (seat.pairWith === undefined) continue;
        await db.query('UPDATE places SET exclusive_pair_place_id = $2 WHERE id = $1', [
          placeOf.get(seat.number),
          placeOf.get(seat.pairWith),
        ]);
      }
    }
  }
  let entranceSectionId: number | null = null;
  if (spec.entranceCapacity !== undefined) {
    const first = Object.keys(spec.categories)[0]!;
    entranceSectionId = (
      await one<{ id: number }>(
        db,
        `INSERT INTO sections (hall_id, name, kind, capacity, sort) VALUES ($1, 'Танцпол', 'entrance', $2, 99) RETURNING id`,
        [hall.id, spec.entranceCapacity],
      )
    ).id;
    await db.query(
      `INSERT INTO performance_sections (performance_id, section_id, price_category_id, capacity, free_count)
       VALUES ($1, $2, $3, $4, $4)`,
      [performance.id, entranceSectionId, categoryId[first], spec.entranceCapacity],
    );
  }
  return {
    performanceId: performance.id,
    hallId: hall.id,
    section(name) {
      const id = sectionId[name];
      if (id === undefined) throw new Error(`no section ${name}`);
      return id;
    },
    categoryId,
    tariffId,
    entranceSectionId,
    seat(section, row, number) {
      const id = cypher.get(`${section}/${row}/${number}`);
      if (id === undefined) throw new Error(`no seat ${section}/${row}/${number}`);
      return id;
    },
    where(performancePlaceId) {
      const at = located.get(performancePlaceId);
      if (!at) throw new Error(`no place ${performancePlaceId}`);
      return at;
    },
  };
}
