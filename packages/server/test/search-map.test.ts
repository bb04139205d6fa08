import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedSmallFixture } from '../src/seed/index.js';
import { type Buyer, buildTestApp, buyer } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';

interface MapShow {
  show_id: number;
  show_name: string;
  show_url: string;
  description: string;
  image_path: string;
  image_widescreen_path: string;
}
interface MapBuilding {
  building: { lat: number; long: number; name: string; shows: Record<string, MapShow> };
}

/**
 * The venue map of the performance search (site-browsing-account.md 2.6, 3 Map search data;
 * decision 0041): GET /search/mapData/ places each show the results list finds at the venue of
 * its next performance, with the venue's coordinates and the show's own texts from the database.
 */
describeEachDatabase('search map data', (get) => {
  let app: FastifyInstance;
  let guest: Buyer;

  beforeAll(async () => {
    ({ app } = await buildTestApp(get().db));
    await seedSmallFixture(get().db);
    guest = buyer(app);
  }, 240_000);
  afterAll(async () => {
    await app?.close();
  });

  const mapData = async (query: string): Promise<MapBuilding[]> => {
    const r = await guest.get(`/search/mapData/${query}`);
    expect(r.status, r.body).toBe(200);
    return r.json();
  };
  const showsOf = (buildings: MapBuilding[]) => buildings.flatMap((b) => Object.values(b.building.shows));

  it('puts every show found at the venue of its next performance, with the catalogue’s texts', async () => {
    const buildings = await mapData('?city=www');
    expect(buildings.length).toBeGreaterThan(1);
    const { rows } = await get().db.query<{
      id: number;
      name: string;
      slug: string;
      description: string;
      building: string;
      lat: number;
      long: number;
    }>(
      `SELECT DISTINCT ON (s.id) s.id, s.name, s.slug, s.description, b.name AS building, b.latitude AS lat, b.longitude AS long
         FROM performances p JOIN shows s ON s.id = p.show_id JOIN halls h ON h.id = p.hall_id
         JOIN buildings b ON b.id = h.building_id
        WHERE p.starts_at > now() AND p.sale_state <> 'closed'
        ORDER BY s.id, p.starts_at, p.id`,
    );
    expect(
      showsOf(buildings)
        .map((s) => s.show_id)
        .sort((a, b) => a - b),
    ).toEqual(rows.map((r) => r.id));
    for (const row of rows) {
      const venue = buildings.find((b) => b.building.shows[String(row.id)])!;
      expect(venue.building).toMatchObject({ name: row.building, lat: row.lat, long: row.long });
      expect(venue.building.shows[String(row.id)]).toEqual({
        show_id: row.id,
        show_name: row.name,
        show_url: `/show/${encodeURIComponent(row.slug)}/`,
        description: row.description,
        image_path: `/media/poster/${row.id}.svg`,
        image_widescreen_path: '',
      });
    }
    // One entry per venue.
    expect(new Set(buildings.map((b) => b.building.name)).size).toBe(buildings.length);
  });

  it('shows the same shows and venues as the results list of the same filters', async () => {
    const all = showsOf(await mapData('?city=www'));
    const one = all[0]!;
    const found = await mapData(`?city=www&text=${encodeURIComponent(one.show_name)}`);
    expect(showsOf(found).map((s) => s.show_id)).toContain(one.show_id);
    expect(showsOf(found).length).toBeLessThan(all.length);
    const venue = (await mapData('?city=www')).find((b) => b.building.shows[String(one.show_id)])!;
    const { rows } = await get().db.query<{ id: number }>('SELECT id FROM buildings WHERE name = $1', [
      venue.building.name,
    ]);
    const atVenue = await mapData(`?city=www&bid=${rows[0]!.id}`);
    expect(atVenue.map((b) => b.building.name)).toEqual([venue.building.name]);
    // Dates far in the past find nothing: an empty map, not an error.
    expect(await mapData('?city=www&mnd=01.01.2001&mxd=02.01.2001')).toEqual([]);
    expect(await mapData('?city=www&text=zzzzqqqqxxxx')).toEqual([]);
  });

  it('takes the page’s keys as the results page does, ignoring the page number', async () => {
    expect(await mapData('?city=www&page=2')).toEqual(await mapData('?city=www'));
    // A key's value it does not take is ignored (the address is the buyer's to edit).
    expect(await mapData('?city=www&mnd=31.02.2025&g=x:y')).toEqual(await mapData('?city=www'));
  });

  it('answers malformed input with 400 and an empty list, never a 500', async () => {
    for (const bad of ['page=abc', `text=${'я'.repeat(5000)}`, 'index=everything']) {
      const r = await guest.get(`/search/mapData/?${bad}`);
      expect(r.status, bad).toBe(400);
      expect(r.json(), bad).toEqual([]);
    }
  });
});
