import type { Queryable } from '../../db/index.js';

/** A regional site (spec site-browsing-account.md 2.1, 2.13): one city per subdomain. */
export interface City {
  id: number;
  subdomain: string;
  name: string;
  supportPhone: string;
  timezone: string;
}

/** 'www' is the capital region: the default when a host names no known city. */
export const CAPITAL_SUBDOMAIN = 'www';

interface CityRow {
  id: number;
  subdomain: string;
  name: string;
  support_phone: string;
  timezone: string;
}

const toCity = (r: CityRow): City => ({
  id: r.id,
  subdomain: r.subdomain,
  name: r.name,
  supportPhone: r.support_phone,
  timezone: r.timezone,
});

/** Every regional site, the capital first. */
export async function listCities(db: Queryable): Promise<City[]> {
  const { rows } = await db.query<CityRow>(
    `SELECT id, subdomain, name, support_phone, timezone FROM cities
      ORDER BY (subdomain = $1) DESC, id`,
    [CAPITAL_SUBDOMAIN],
  );
  return rows.map(toCity);
}

export async function findCity(db: Queryable, subdomain: string): Promise<City | null> {
  const { rows } = await db.query<CityRow>(
    'SELECT id, subdomain, name, support_phone, timezone FROM cities WHERE subdomain = $1',
    [subdomain],
  );
  return rows[0] ? toCity(rows[0]) : null;
}
