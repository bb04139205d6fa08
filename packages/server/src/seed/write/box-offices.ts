/**
 * The demo's box offices (site-browsing-account.md 2.10; decision 0041): points in both cities,
 * each with its metro station and division (a district of the city), online and offline, enough
 * in the capital for the map to cluster them. Stations the city's list lacks are added to it.
 */
import type { CityKey } from '../catalogue/geography.js';
import { allocateIds, insertRows } from '../insert.js';
import type { SeedContext } from './context.js';
import type { CityRefs } from './places.js';

export interface BoxOfficeSpec {
  city: CityKey;
  name: string;
  address: string;
  hours: string;
  metro: string;
  division: string;
  latitude: number;
  longitude: number;
  /** Linked to the ticket system: sells every show of the site. */
  online: boolean;
  note: string;
}

const CARD_AND_CASH = 'Оплата картой и наличными';
const OWN_SHOWS = 'Билеты только на события площадки';
const DAILY = 'Ежедневно 10:00–21:00';

/** The divisions of each city, in the order the page lists them. */
export const BOX_OFFICE_DIVISIONS: Record<CityKey, string[]> = {
  www: ['ЦАО', 'САО', 'СВАО', 'ВАО', 'ЮАО', 'ЮЗАО', 'ЗАО'],
  spb: [
    'Центральный район',
    'Адмиралтейский район',
    'Петроградский район',
    'Василеостровский район',
    'Московский район',
  ],
};

type Point = [
  name: string,
  address: string,
  metro: string,
  division: string,
  latitude: number,
  longitude: number,
  online: boolean,
  hours?: string,
  note?: string,
];

const MOSCOW: Point[] = [
  ['Касса на Тверской', 'ул. Тверская, 12', 'Тверская', 'ЦАО', 55.7627, 37.6087, true],
  [
    'Касса в театре «Новая сцена»',
    'ул. Сретенка, 14',
    'Сухаревская',
    'ЦАО',
    55.7693,
    37.6322,
    false,
    'Вт–Вс 11:00–20:00',
    OWN_SHOWS,
  ],
  [
    'Касса у Курского вокзала',
    'ул. Земляной Вал, 33',
    'Курская',
    'ЦАО',
    55.7575,
    37.6595,
    true,
    'Ежедневно 09:00–22:00',
  ],
  [
    'Касса в театре «Арлекин»',
    'ул. Арбат, 35',
    'Смоленская',
    'ЦАО',
    55.7474,
    37.5856,
    false,
    'Вт–Вс 11:00–20:00',
    OWN_SHOWS,
  ],
  ['Касса на Манежной', 'Манежная пл., 1, стр. 2', 'Охотный Ряд', 'ЦАО', 55.7557, 37.6155, true],
  ['Касса на Маросейке', 'ул. Маросейка, 2/15', 'Китай-город', 'ЦАО', 55.7569, 37.6335, true],
  ['Касса на Новом Арбате', 'ул. Новый Арбат, 11', 'Арбатская', 'ЦАО', 55.7522, 37.5953, true],
  ['Касса у Парка Горького', 'ул. Крымский Вал, 9', 'Парк культуры', 'ЦАО', 55.7298, 37.6011, false, DAILY, OWN_SHOWS],
  ['Касса на Новослободской', 'ул. Новослободская, 16', 'Новослободская', 'ЦАО', 55.7806, 37.5989, true],
  ['Касса на Таганке', 'ул. Таганская, 1', 'Таганская', 'ЦАО', 55.7416, 37.6536, true],
  ['Касса у Павелецкого вокзала', 'Павелецкая пл., 1', 'Павелецкая', 'ЦАО', 55.7297, 37.6405, true],
  [
    'Касса в клубе «Граммофон»',
    'ул. Бутырский Вал, 5',
    'Белорусская',
    'ЦАО',
    55.7781,
    37.5848,
    false,
    'Ежедневно 14:00–23:00',
    OWN_SHOWS,
  ],
  [
    'Касса в зале «Аккорд»',
    'Ленинградский проспект, 31',
    'Динамо',
    'САО',
    55.7895,
    37.5594,
    false,
    'Ежедневно 12:00–20:00',
    OWN_SHOWS,
  ],
  ['Касса на Соколе', 'Ленинградский проспект, 75', 'Сокол', 'САО', 55.8052, 37.5149, true],
  ['Касса у Савёловского вокзала', 'пл. Савёловского вокзала, 2', 'Савёловская', 'САО', 55.7937, 37.5877, true],
  ['Касса у ВДНХ', 'проспект Мира, 119', 'ВДНХ', 'СВАО', 55.8211, 37.6411, true],
  ['Касса в Останкине', 'ул. Академика Королёва, 13', 'ВДНХ', 'СВАО', 55.8197, 37.6117, false],
  ['Касса на Щёлковской', 'Щёлковское шоссе, 75', 'Щёлковская', 'ВАО', 55.8097, 37.7988, true],
  ['Касса в Измайлове', 'Измайловское шоссе, 71', 'Партизанская', 'ВАО', 55.7887, 37.7489, true],
  ['Касса на Тульской', 'ул. Большая Тульская, 13', 'Тульская', 'ЮАО', 55.7087, 37.6228, true],
  ['Касса на Каширской', 'Каширское шоссе, 26', 'Каширская', 'ЮАО', 55.6544, 37.6493, false],
  ['Касса у Университета', 'Ломоносовский проспект, 23', 'Университет', 'ЮЗАО', 55.6925, 37.5342, true],
  ['Касса на Юго-Западной', 'проспект Вернадского, 86', 'Юго-Западная', 'ЗАО', 55.6636, 37.4826, true],
  ['Касса в Кунцеве', 'ул. Ярцевская, 19', 'Молодёжная', 'ЗАО', 55.7415, 37.4156, true],
  ['Касса на Киевской', 'пл. Киевского вокзала, 2', 'Киевская', 'ЗАО', 55.7437, 37.5657, true],
];

const SAINT_PETERSBURG: Point[] = [
  ['Касса на Невском', 'Невский проспект, 56', 'Гостиный двор', 'Центральный район', 59.9346, 30.3351, true],
  [
    'Касса на Петроградской',
    'Каменноостровский проспект, 42',
    'Петроградская',
    'Петроградский район',
    59.9664,
    30.3113,
    true,
    'Пн–Сб 11:00–20:00',
  ],
  [
    'Касса у Площади Восстания',
    'Лиговский проспект, 10',
    'Площадь Восстания',
    'Центральный район',
    59.9311,
    30.3609,
    false,
    'Ежедневно 10:00–22:00',
  ],
  ['Касса на Сенной', 'Сенная площадь, 4', 'Сенная площадь', 'Адмиралтейский район', 59.9271, 30.3203, true],
  [
    'Касса на Васильевском',
    '7-я линия В. О., 36',
    'Василеостровская',
    'Василеостровский район',
    59.9418,
    30.2781,
    true,
  ],
  [
    'Касса у Технологического института',
    'Московский проспект, 26',
    'Технологический институт',
    'Адмиралтейский район',
    59.9164,
    30.3181,
    false,
  ],
  ['Касса на Московской', 'Московский проспект, 189', 'Московская', 'Московский район', 59.8517, 30.3216, true],
  [
    'Касса у стадиона',
    'Футбольная аллея, 1',
    'Зенит',
    'Петроградский район',
    59.973,
    30.221,
    false,
    'В дни матчей и концертов',
    OWN_SHOWS,
  ],
  ['Касса на Малой Морской', 'ул. Малая Морская, 8', 'Адмиралтейская', 'Центральный район', 59.9359, 30.3148, true],
  ['Касса на Лиговском', 'Лиговский проспект, 50', 'Лиговский проспект', 'Центральный район', 59.9206, 30.3552, true],
];

const spec =
  (city: CityKey) =>
  ([name, address, metro, division, latitude, longitude, online, hours = DAILY, note = CARD_AND_CASH]: Point) => ({
    city,
    name,
    address,
    hours,
    metro,
    division,
    latitude,
    longitude,
    online,
    note,
  });

export const BOX_OFFICES: BoxOfficeSpec[] = [...MOSCOW.map(spec('www')), ...SAINT_PETERSBURG.map(spec('spb'))];

/** The box offices of the seeded cities with their divisions (and any station the city lacked). */
export async function writeBoxOffices({ tx, progress }: SeedContext, { cityId, metro }: CityRefs): Promise<void> {
  progress('box offices');
  const points = BOX_OFFICES.filter((b) => cityId.has(b.city));
  const cities = [...new Set(points.map((p) => p.city))];

  const divisions = cities.flatMap((city) =>
    BOX_OFFICE_DIVISIONS[city].map((name, i) => ({ city, name, sort: i + 1 })),
  );
  const divisionIds = await allocateIds(tx, 'box_office_divisions', divisions.length);
  await insertRows(
    tx,
    'box_office_divisions',
    { id: 'int', city_id: 'int', name: 'text', sort: 'int' },
    divisions.map((d, i) => ({ id: divisionIds[i], city_id: cityId.get(d.city), name: d.name, sort: d.sort })),
  );
  const divisionId = new Map(divisions.map((d, i) => [`${d.city}/${d.name}`, divisionIds[i]!]));

  const stationId = new Map<string, number>();
  const missing: Array<{ city: CityKey; name: string }> = [];
  for (const p of points) {
    const key = `${p.city}/${p.metro}`;
    if (stationId.has(key) || missing.some((m) => `${m.city}/${m.name}` === key)) continue;
    try {
      stationId.set(key, metro(p.city, p.metro) as number);
    } catch {
      missing.push({ city: p.city, name: p.metro });
    }
  }
  const addedIds = await allocateIds(tx, 'metro_stations', missing.length);
  await insertRows(
    tx,
    'metro_stations',
    { id: 'int', city_id: 'int', name: 'text' },
    missing.map((m, i) => ({ id: addedIds[i], city_id: cityId.get(m.city), name: m.name })),
  );
  for (const [i, m] of missing.entries()) stationId.set(`${m.city}/${m.name}`, addedIds[i]!);

  await insertRows(
    tx,
    'box_offices',
    {
      city_id: 'int',
      name: 'text',
      address: 'text',
      hours: 'text',
      latitude: 'float8',
      longitude: 'float8',
      content: 'text',
      metro_station_id: 'int',
      division_id: 'int',
      online: 'boolean',
    },
    points.map((b) => ({
      city_id: cityId.get(b.city),
      name: b.name,
      address: b.address,
      hours: b.hours,
      latitude: b.latitude,
      longitude: b.longitude,
      content: b.note,
      metro_station_id: stationId.get(`${b.city}/${b.metro}`),
      division_id: divisionId.get(`${b.city}/${b.division}`),
      online: b.online,
    })),
  );
}
