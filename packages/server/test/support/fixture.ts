import type { Queryable } from '../../src/db/index.js';

export interface HallFixture {
  performanceId: number;
  hallId: number;
  /** performance_places ids of the ordinary seats, in seat order. */
  seats: number[];
  /** Two performance places sold together (group id > 0). */
  sofa: [number, number];
  /** An exclusive pair. */
  pair: [number, number];
  entranceSectionId: number;
  performanceSectionId: number;
  priceCategoryId: number;
  tariffId: number;
}

async function one<T>(tx: Queryable, sql: string, params: unknown[]): Promise<T> {
  const r = await tx.query<T>(sql, params);
  return r.rows[0]!;
}

let counter = 0;

/**
 * A small hall inserted straight with SQL: one seated section with `seatCount` ordinary seats, a
 * sofa group of two, an exclusive pair, and an entrance section with `entranceCapacity` tickets;
 * one performance on sale, price 2 500 ₽ (250 000 kopecks).
 */
export async function createHallFixture(
  db: Queryable,
  opts: { seatCount?: number; entranceCapacity?: number; startsAt?: Date; maxTicketCount?: number } = {},
): Promise<HallFixture> {
  const n = ++counter;
  const seatCount = opts.seatCount ?? 20;
  const tag = `${n}-${Math.random().toString(36).slice(2, 8)}`;
  const city = await one<{ id: number }>(
    db,
    `INSERT INTO cities (subdomain, name, support_phone) VALUES ($1, 'Москва', '+7 495 000-00-00')
     ON CONFLICT (subdomain) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
    ['www'],
  );
  const genre = await one<{ id: number }>(db, `INSERT INTO genres (name, slug) VALUES ('Театр', $1) RETURNING id`, [
    `theatre-${tag}`,
  ]);
  const building = await one<{ id: number }>(
    db,
    `INSERT INTO buildings (city_id, name, slug, address) VALUES ($1, 'Театр на Остоженке', $2, 'ул. Остоженка, 1') RETURNING id`,
    [city.id, `teatr-${tag}`],
  );
  const hall = await one<{ id: number }>(
    db,
    `INSERT INTO halls (building_id, name, kind, width, height, place_count) VALUES ($1, 'Основная сцена', 'theatre', 400, 300, $2) RETURNING id`,
    [building.id, seatCount + 4],
  );
  const seated = await one<{ id: number }>(
    db,
    `INSERT INTO sections (hall_id, name, kind) VALUES ($1, 'Партер', 'seated') RETURNING id`,
    [hall.id],
  );
  const entrance = await one<{ id: number }>(
    db,
    `INSERT INTO sections (hall_id, name, kind, capacity) VALUES ($1, 'Танцпол', 'entrance', $2) RETURNING id`,
    [hall.id, opts.entranceCapacity ?? 10],
  );
  const show = await one<{ id: number }>(
    db,
    `INSERT INTO shows (slug, name, genre_id, building_id, age_mark, description) VALUES ($1, 'Гамлет', $2, $3, 12, 'Трагедия') RETURNING id`,
    [`hamlet-${tag}`, genre.id, building.id],
  );
  const perf = await one<{ id: number }>(
    db,
    `INSERT INTO performances (show_id, hall_id, starts_at, max_ticket_count) VALUES ($1, $2, $3, $4) RETURNING id`,
    [show.id, hall.id, opts.startsAt ?? new Date(Date.now() + 30 * 86_400_000), opts.maxTicketCount ?? 8],
  );
  const category = await one<{ id: number }>(
    db,
    `INSERT INTO price_categories (performance_id, color, price) VALUES ($1, '#d23f57', 250000) RETURNING id`,
    [perf.id],
  );
  const tariff = await one<{ id: number }>(
    db,
    `INSERT INTO tariffs (price_category_id, name, price, is_default) VALUES ($1, 'Полный', 250000, true) RETURNING id`,
    [category.id],
  );
  const placeRows: Array<{ number: number; group: number; type: string }> = [];
  for (let i = 1; i <= seatCount; i++) placeRows.push({ number: i, group: 0, type: 'seat' });
  placeRows.push({ number: seatCount + 1, group: 1, type: 'sofa' }, { number: seatCount + 2, group: 1, type: 'sofa' });
  placeRows.push({ number: seatCount + 3, group: 0, type: 'seat' }, { number: seatCount + 4, group: 0, type: 'seat' });
  const placeIds: number[] = [];
  for (const p of placeRows) {
    const r = await one<{ id: number }>(
      db,
      `INSERT INTO places (hall_id, section_id, row_label, number, x, y, type, group_id) VALUES ($1, $2, '1', $3, $4, 50, $5, $6) RETURNING id`,
      [hall.id, seated.id, String(p.number), p.number * 22, p.type, p.group],
    );
    placeIds.push(r.id);
  }
  const [pairA, pairB] = placeIds.slice(-2) as [number, number];
  await db.query('UPDATE places SET exclusive_pair_place_id = $2 WHERE id = $1', [pairA, pairB]);
  await db.query('UPDATE places SET exclusive_pair_place_id = $2 WHERE id = $1', [pairB, pairA]);
  const pp = await db.query<{ id: number }>(
    `INSERT INTO performance_places (performance_id, place_id, price_category_id)
     SELECT $1, id, $2 FROM places WHERE hall_id = $3 ORDER BY id RETURNING id`,
    [perf.id, category.id, hall.id],
  );
  const ids = pp.rows.map((r) => r.id).sort((a, b) => a - b);
  const ps = await one<{ id: number }>(
    db,
    `INSERT INTO performance_sections (performance_id, section_id, price_category_id, capacity, free_count)
     VALUES ($1, $2, $3, $4, $4) RETURNING id`,
    [perf.id, entrance.id, category.id, opts.entranceCapacity ?? 10],
  );
  return {
    performanceId: perf.id,
    hallId: hall.id,
    seats: ids.slice(0, seatCount),
    sofa: [ids[seatCount]!, ids[seatCount + 1]!],
    pair: [ids[seatCount + 2]!, ids[seatCount + 3]!],
    entranceSectionId: entrance.id,
    performanceSectionId: ps.id,
    priceCategoryId: category.id,
    tariffId: tariff.id,
  };
}
