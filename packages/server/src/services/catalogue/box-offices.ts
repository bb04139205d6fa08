/**
 * Box offices (site-browsing-account.md 2.10, 3 Box-office point; decision 0041): the points of a
 * city where tickets are sold in person, for the /kassa/ map and list. ?idm= keeps one metro
 * station's points, ?idd= one division's (a district of the city), and the 'online only' toggle
 * hides the offline points: an online point is linked to the ticket system and sells every show
 * of the site; an offline one sells its own stock only.
 *
 * A city has a few dozen points and they change seldom: the whole city is read in one query and
 * kept (30 s, like the catalogue pages), the filters are applied to the kept list.
 */
import { type BoxOfficePoint, escapeHtml } from '@partera/contract';
import type { Clock } from '../../clock.js';
import type { Database, Queryable } from '../../db/index.js';
import { changeFeedOf } from './changes.js';
import { findCity } from './cities.js';
import { PageDataCache } from './page-cache.js';

/** What the box offices need of the app. */
export interface BoxOfficeDeps {
  db: Database;
  clock: Clock;
}

export interface Named {
  id: number;
  name: string;
}

export interface BoxOffice {
  id: number;
  name: string;
  address: string;
  hours: string;
  /** The point's note, plain text ('Оплата картой и наличными'). */
  note: string;
  latitude: number;
  longitude: number;
  online: boolean;
  metro: Named | null;
  division: Named | null;
}

export interface BoxOfficeFilter {
  metroId: number | null;
  divisionId: number | null;
  onlineOnly: boolean;
}

/** A city's points with the metro stations and divisions that have any (the page's choices). */
export interface BoxOfficeDirectory {
  points: BoxOffice[];
  metros: Named[];
  divisions: Named[];
}

export interface BoxOffices {
  /** Every point of the city (null: of every city), by name. */
  directory(cityId: number | null): Promise<BoxOfficeDirectory>;
  /** The points of the city that pass the filter. */
  points(cityId: number | null, filter: BoxOfficeFilter): Promise<BoxOffice[]>;
  /** A regional site's city id, null when none or unknown (then every city's points). */
  cityId(subdomain: string | undefined): Promise<number | null>;
}

interface Row {
  id: number;
  name: string;
  address: string;
  hours: string;
  content: string;
  latitude: number;
  longitude: number;
  online: boolean;
  metro_id: number | null;
  metro_name: string | null;
  division_id: number | null;
  division_name: string | null;
}

export async function readBoxOffices(db: Queryable, cityId: number | null): Promise<BoxOfficeDirectory> {
  const { rows } = await db.query<Row>(
    `SELECT b.id, b.name, b.address, b.hours, b.content, b.latitude, b.longitude, b.online,
            m.id AS metro_id, m.name AS metro_name, d.id AS division_id, d.name AS division_name
       FROM box_offices b
       LEFT JOIN metro_stations m ON m.id = b.metro_station_id
       LEFT JOIN box_office_divisions d ON d.id = b.division_id
      WHERE $1::int IS NULL OR b.city_id = $1
      ORDER BY b.id`,
    [cityId],
  );
  // Sorted here, not by the database, whose collation differs between engines.
  const points = rows
    .map(
      (r): BoxOffice => ({
        id: r.id,
        name: r.name,
        address: r.address,
        hours: r.hours,
        note: r.content,
        latitude: r.latitude,
        longitude: r.longitude,
        online: r.online,
        metro: r.metro_id === null ? null : { id: r.metro_id, name: r.metro_name ?? '' },
        division: r.division_id === null ? null : { id: r.division_id, name: r.division_name ?? '' },
      }),
    )
    .sort(byName);
  return { points, metros: distinct(points.map((p) => p.metro)), divisions: distinct(points.map((p) => p.division)) };
}

const byName = (a: Named, b: Named) => a.name.localeCompare(b.name, 'ru') || a.id - b.id;

/** Each named thing once, by name. */
function distinct(items: Array<Named | null>): Named[] {
  const byId = new Map<number, Named>();
  for (const item of items) if (item) byId.set(item.id, item);
  return [...byId.values()].sort(byName);
}

export function filterBoxOffices(points: readonly BoxOffice[], f: BoxOfficeFilter): BoxOffice[] {
  return points.filter(
    (p) =>
      (f.metroId === null || p.metro?.id === f.metroId) &&
      (f.divisionId === null || p.division?.id === f.divisionId) &&
      (!f.onlineOnly || p.online),
  );
}

/** The label of an online point, in the balloon and the list. */
export const ONLINE_POINT_LABEL = 'Онлайн-касса';

/**
 * The balloon's HTML (the spec's `content`): name, address, metro, division, hours, note and the
 * online label, every text escaped. The page's list shows the same block.
 */
export function boxOfficeContent(p: BoxOffice): string {
  const line = (cls: string, text: string) => (text ? `<p class="kassa-point__${cls}">${escapeHtml(text)}</p>` : '');
  return [
    `<div class="kassa-point${p.online ? ' is-online' : ''}">`,
    `<p class="kassa-point__name"><b>${escapeHtml(p.name)}</b></p>`,
    line('address', p.address),
    line('metro', p.metro ? `м. ${p.metro.name}` : ''),
    line('division', p.division?.name ?? ''),
    line('hours', p.hours),
    line('note', p.note),
    p.online ? `<p class="kassa-point__online">${ONLINE_POINT_LABEL}</p>` : '',
    '</div>',
  ].join('');
}

/** A point on the wire (spec 3 Box-office point). icon: the placemark's kind, online or not. */
export function toBoxOfficePoint(p: BoxOffice): BoxOfficePoint {
  return {
    latitude: p.latitude,
    longitude: p.longitude,
    content: boxOfficeContent(p),
    name: p.name,
    icon: p.online ? 'kassa-online' : 'kassa',
    idDivision: p.division?.id ?? null,
    idMetro: p.metro?.id ?? null,
    online: p.online,
  };
}

const registry = new WeakMap<object, BoxOffices>();

/** The app's box offices, made on first use; a city's points are kept 30 s. */
export function boxOfficesOf(deps: BoxOfficeDeps): BoxOffices {
  const made = registry.get(deps);
  if (made) return made;
  const cache = new PageDataCache(changeFeedOf(deps.db), deps.clock);
  const noTags = () => [];
  const directory = async (cityId: number | null) =>
    (await cache.get(`kassa|${cityId}`, () => readBoxOffices(deps.db, cityId), noTags)) as BoxOfficeDirectory;
  const offices: BoxOffices = {
    directory,
    points: async (cityId, filter) => filterBoxOffices((await directory(cityId)).points, filter),
    async cityId(subdomain) {
      if (!subdomain) return null;
      const city = await cache.get(
        `city|${subdomain.toLowerCase()}`,
        () => findCity(deps.db, subdomain.toLowerCase()),
        noTags,
      );
      return city?.id ?? null;
    },
  };
  registry.set(deps, offices);
  return offices;
}
