import { rowBands, seatViewPath } from '../../media/seat-view.js';
import type { CityKey, CitySpec, VenueSpec } from '../catalogue/geography.js';
import type { HallPlan } from '../halls/plan.js';
import { renderHallSvg } from '../halls/svg.js';
import { allocateIds, bulkWrite, expectNone, insertRows } from '../insert.js';
import { type HallLayout, hallLayout } from '../pricing.js';
import { SlugRegistry } from '../slug.js';
import type { SeedContext } from './context.js';

export interface CityRefs {
  cityId: Map<CityKey, number>;
  /** Id of a city's metro station by name (null for none); throws on a name the city lacks. */
  metro(city: CityKey, name: string | null): number | null;
}

/** Cities and their metro stations. */
export async function writeCities({ tx }: SeedContext, cities: CitySpec[]): Promise<CityRefs> {
  const cityIds = await allocateIds(tx, 'cities', cities.length);
  const cityId = new Map(cities.map((c, i) => [c.subdomain, cityIds[i]!]));
  await insertRows(
    tx,
    'cities',
    { id: 'int', subdomain: 'text', name: 'text', support_phone: 'text', timezone: 'text' },
    cities.map((c, i) => ({
      id: cityIds[i],
      subdomain: c.subdomain,
      name: c.name,
      support_phone: c.supportPhone,
      timezone: 'Europe/Moscow',
    })),
  );
  const stations = cities.flatMap((c) => c.metro.map((name) => ({ city: c.subdomain, name })));
  const stationIds = await allocateIds(tx, 'metro_stations', stations.length);
  const metroId = new Map(stations.map((s, i) => [`${s.city}/${s.name}`, stationIds[i]!]));
  await insertRows(
    tx,
    'metro_stations',
    { id: 'int', city_id: 'int', name: 'text' },
    stations.map((s, i) => ({ id: stationIds[i], city_id: cityId.get(s.city), name: s.name })),
  );
  const metro = (city: string, name: string | null): number | null => {
    if (name === null) return null;
    const id = metroId.get(`${city}/${name}`);
    if (id === undefined) throw new Error(`unknown metro station ${name}`);
    return id;
  };

  return { cityId, metro };
}

/** A venue's hall as the later writers need it: ids, plan and pricing layout. */
export interface SeededHall {
  venue: VenueSpec;
  id: number;
  buildingId: number;
  plan: HallPlan;
  layout: HallLayout;
}

/**
 * Buildings, their halls with the generated SVG (none for a venue without a plan) and stage,
 * sections and places. Ids are taken before the rows are written, so the SVG carries the very
 * place ids and exclusive pairs point at each other. In a hall with a stage every place gets the
 * view from its band of rows (photo_url, media/seat-view.ts).
 */
export async function writeVenues(
  { tx, progress }: SeedContext,
  venues: VenueSpec[],
  { cityId, metro }: CityRefs,
): Promise<SeededHall[]> {
  progress('halls');
  const buildingIds = await allocateIds(tx, 'buildings', venues.length);
  const slugs = new SlugRegistry();
  await insertRows(
    tx,
    'buildings',
    {
      id: 'int',
      city_id: 'int',
      name: 'text',
      slug: 'text',
      type: 'text',
      address: 'text',
      metro_station_id: 'int',
      latitude: 'float8',
      longitude: 'float8',
      description: 'text',
    },
    venues.map((v, i) => ({
      id: buildingIds[i],
      city_id: cityId.get(v.city),
      name: v.name,
      slug: slugs.take(v.name),
      type: 'venue',
      address: v.address,
      metro_station_id: metro(v.city, v.metro),
      latitude: v.latitude,
      longitude: v.longitude,
      description: v.description,
    })),
  );

  const plans = venues.map((v) => v.plan());
  const hallIds = await allocateIds(tx, 'halls', venues.length);
  const sectionIds = await allocateIds(
    tx,
    'sections',
    plans.reduce((n, p) => n + p.sections.length, 0),
  );
  const placeIds = await allocateIds(
    tx,
    'places',
    plans.reduce((n, p) => n + p.sections.reduce((m, s) => m + (s.kind === 'seated' ? s.places.length : 0), 0), 0),
  );
  let nextSection = 0;
  let nextPlace = 0;
  let groupSeq = 0;
  const seeded: SeededHall[] = [];
  const rows: Record<string, unknown>[] = [];
  for (const [h, plan] of plans.entries()) {
    const hallId = hallIds[h]!;
    const ids = plan.sections.map(() => sectionIds[nextSection++]!);
    const perSection = plan.sections.map((s) =>
      s.kind === 'seated' ? s.places.map(() => placeIds[nextPlace++]!) : [],
    );
    const placeCount = perSection.reduce((n, p) => n + p.length, 0);
    await insertRows(
      tx,
      'halls',
      {
        id: 'int',
        building_id: 'int',
        name: 'text',
        kind: 'text',
        svg: 'text',
        width: 'int',
        height: 'int',
        place_count: 'int',
        stage: 'int[]',
      },
      [
        {
          id: hallId,
          building_id: buildingIds[h],
          name: venues[h]!.hallName,
          kind: plan.kind,
          svg: plan.drawn === false ? null : renderHallSvg(plan, { hallId, sectionIds: ids, placeIds: perSection }),
          width: plan.width,
          height: plan.height,
          place_count: placeCount,
          stage: plan.stage ? [plan.stage.x, plan.stage.y, plan.stage.width, plan.stage.height] : null,
        },
      ],
    );
    await insertRows(
      tx,
      'sections',
      { id: 'int', hall_id: 'int', name: 'text', kind: 'text', capacity: 'int', sort: 'int' },
      plan.sections.map((s, i) => ({
        id: ids[i],
        hall_id: hallId,
        name: s.name,
        kind: s.kind,
        capacity: s.kind === 'entrance' ? s.capacity : s.places.length,
        sort: i + 1,
      })),
    );
    plan.sections.forEach((s, si) => {
      if (s.kind !== 'seated') return;
      const groups = new Map<number, number>();
      const view = new Map<number, string>();
      if (plan.stage) {
        const bands = rowBands(s.places.map((p, pi) => ({ id: perSection[si]![pi]!, row: p.row, x: p.x, y: p.y })));
        for (const band of bands) for (const p of band.places) view.set(p.id, seatViewPath(band.viewId));
      }
      s.places.forEach((p, pi) => {
        let group = 0;
        if (p.group > 0) {
          if (!groups.has(p.group)) groups.set(p.group, ++groupSeq);
          group = groups.get(p.group)!;
        }
        rows.push({
          id: perSection[si]![pi],
          hall_id: hallId,
          section_id: ids[si],
          row_label: p.row,
          number: p.number,
          x: p.x,
          y: p.y,
          type: p.type,
          group_id: group,
          exclusive_pair_place_id: p.pair === null ? null : perSection[si]![p.pair],
          description: p.description,
          // Absent rather than null (NULL in the row): the stadium's hundred thousand rows stay short.
          ...(view.size > 0 ? { photo_url: view.get(perSection[si]![pi]!) } : {}),
        });
      });
    });
    seeded.push({
      venue: venues[h]!,
      id: hallId,
      buildingId: buildingIds[h]!,
      plan,
      layout: hallLayout(plan, ids, perSection),
    });
  }
  await bulkWrite(
    tx,
    'places',
    async () => {
      await insertRows(tx, 'places', PLACE_COLUMNS, rows, 10_000);
      await tx.query('ANALYZE places');
    },
    () =>
      expectNone(
        tx,
        'places outside their hall or with a one-sided exclusive pair',
        `SELECT count(*)::int AS bad FROM places p
         LEFT JOIN sections s ON s.id = p.section_id
         LEFT JOIN places q ON q.id = p.exclusive_pair_place_id
         WHERE s.id IS NULL OR s.hall_id <> p.hall_id
            OR (p.exclusive_pair_place_id IS NOT NULL
                AND (q.id IS NULL OR q.exclusive_pair_place_id IS DISTINCT FROM p.id OR q.section_id <> p.section_id))`,
      ),
  );
  return seeded;
}

const PLACE_COLUMNS = {
  id: 'int',
  hall_id: 'int',
  section_id: 'int',
  row_label: 'text',
  number: 'text',
  x: 'real',
  y: 'real',
  type: 'text',
  group_id: 'int',
  exclusive_pair_place_id: 'int',
  description: 'text',
  photo_url: 'text',
};
