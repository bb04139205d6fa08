import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedSmallFixture } from '../src/seed/index.js';
import { BOX_OFFICES } from '../src/seed/write/box-offices.js';
import { type Buyer, buildTestApp, buyer } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';

interface Point {
  latitude: number;
  longitude: number;
  content: string;
  name: string;
  icon: string;
  idDivision: number | null;
  idMetro: number | null;
  online: boolean;
}

/**
 * Box offices (site-browsing-account.md 2.10, decision 0041): GET /kassa/points/ lists a city's
 * points from the database, ?idm= one metro station's, ?idd= one division's, online=1 only the
 * online ones; bad input is the caller's 400, another city's points never show.
 */
describeEachDatabase('box offices', (get) => {
  let app: FastifyInstance;
  let guest: Buyer;
  const moscow = BOX_OFFICES.filter((b) => b.city === 'www');

  beforeAll(async () => {
    ({ app } = await buildTestApp(get().db));
    await seedSmallFixture(get().db);
    guest = buyer(app);
    // A second city with one point of its own, whose name would break a page if not escaped.
    const db = get().db;
    const city = await db.query<{ id: number }>(
      `INSERT INTO cities (subdomain, name, support_phone) VALUES ('kzn', 'Казань', '+7 843 000-00-00') RETURNING id`,
    );
    const cityId = city.rows[0]!.id;
    const metro = await db.query<{ id: number }>(
      `INSERT INTO metro_stations (city_id, name) VALUES ($1, 'Кремлёвская') RETURNING id`,
      [cityId],
    );
    const division = await db.query<{ id: number }>(
      `INSERT INTO box_office_divisions (city_id, name) VALUES ($1, 'Вахитовский район') RETURNING id`,
      [cityId],
    );
    await db.query(
      `INSERT INTO box_offices (city_id, name, address, hours, latitude, longitude, content, metro_station_id, division_id, online)
       VALUES ($1, 'Касса <img src=x onerror=alert(1)>', 'ул. Баумана, 1 & 2', 'Ежедневно', 55.79, 49.11, '"Цитата"', $2, $3, true)`,
      [cityId, metro.rows[0]!.id, division.rows[0]!.id],
    );
  }, 240_000);
  afterAll(async () => {
    await app?.close();
  });

  const points = async (query: string): Promise<Point[]> => {
    const r = await guest.get(`/kassa/points/${query}`);
    expect(r.status, r.body).toBe(200);
    return r.json();
  };

  it("lists every point of the city from the database, by name, with the balloon's content", async () => {
    const all = await points('?city=www');
    expect(all.map((p) => p.name)).toEqual(moscow.map((b) => b.name).sort((a, b) => a.localeCompare(b, 'ru')));
    expect(all.length).toBeGreaterThanOrEqual(20);
    const tverskaya = all.find((p) => p.name === 'Касса на Тверской')!;
    expect(tverskaya).toMatchObject({ latitude: 55.7627, longitude: 37.6087, online: true, icon: 'kassa-online' });
    expect(tverskaya.content).toContain('ул. Тверская, 12');
    expect(tverskaya.content).toContain('м. Тверская');
    expect(tverskaya.content).toContain('ЦАО');
    expect(tverskaya.content).toContain('Ежедневно 10:00–21:00');
    expect(tverskaya.content).toContain('Онлайн-касса');
    const { rows } = await get().db.query<{ metro: string; division: string }>(
      `SELECT m.name AS metro, d.name AS division FROM metro_stations m, box_office_divisions d
        WHERE m.id = $1 AND d.id = $2`,
      [tverskaya.idMetro, tverskaya.idDivision],
    );
    expect(rows[0]).toEqual({ metro: 'Тверская', division: 'ЦАО' });
    const offline = all.find((p) => !p.online)!;
    expect(offline.icon).toBe('kassa');
    expect(offline.content).not.toContain('Онлайн-касса');
  });

  it('never shows another city’s points, and escapes every text of the balloon', async () => {
    expect((await points('?city=www')).some((p) => p.name.startsWith('Касса <img'))).toBe(false);
    const kazan = await points('?city=kzn');
    expect(kazan).toHaveLength(1);
    expect(kazan[0]!.name).toBe('Касса <img src=x onerror=alert(1)>');
    expect(kazan[0]!.content).not.toContain('<img');
    expect(kazan[0]!.content).toContain('Касса &#60;img src=x onerror=alert(1)&#62;');
    expect(kazan[0]!.content).toContain('ул. Баумана, 1 &#38; 2');
    expect(kazan[0]!.content).toContain('&#34;Цитата&#34;');
  });

  it('?idm= keeps one metro station’s points', async () => {
    const all = await points('?city=www');
    const vdnh = all.filter((p) => p.content.includes('м. ВДНХ'));
    expect(vdnh.length).toBe(2);
    const byMetro = await points(`?city=www&idm=${vdnh[0]!.idMetro}`);
    expect(byMetro.map((p) => p.name).sort()).toEqual(vdnh.map((p) => p.name).sort());
  });

  it('?idd= keeps one division’s points, and combines with ?idm= and online', async () => {
    const all = await points('?city=www');
    const centre = all.find((p) => p.name === 'Касса на Тверской')!.idDivision!;
    const inCentre = await points(`?city=www&idd=${centre}`);
    expect(inCentre.length).toBe(moscow.filter((b) => b.division === 'ЦАО').length);
    expect(inCentre.every((p) => p.idDivision === centre)).toBe(true);
    const onlineInCentre = await points(`?city=www&idd=${centre}&online=1`);
    expect(onlineInCentre.length).toBe(moscow.filter((b) => b.division === 'ЦАО' && b.online).length);
    expect(onlineInCentre.length).toBeLessThan(inCentre.length);
    const vdnh = all.find((p) => p.content.includes('м. ВДНХ'))!;
    // ВДНХ is not in the centre: both filters at once leave nothing.
    expect(await points(`?city=www&idd=${centre}&idm=${vdnh.idMetro}`)).toEqual([]);
  });

  it("the 'online only' toggle hides the offline points; off, they are back", async () => {
    const online = await points('?city=www&online=1');
    expect(online.length).toBe(moscow.filter((b) => b.online).length);
    expect(online.every((p) => p.online)).toBe(true);
    expect((await points('?city=www&online=0')).length).toBe(moscow.length);
  });

  it('answers an unknown station or division with no points, and bad values with 400', async () => {
    expect(await points('?city=www&idm=999999')).toEqual([]);
    expect(await points('?city=www&idd=999999')).toEqual([]);
    // Another city's station finds nothing here.
    const kazanMetro = (await points('?city=kzn'))[0]!.idMetro;
    expect(await points(`?city=www&idm=${kazanMetro}`)).toEqual([]);
    for (const bad of ['idm=abc', 'idm=0', 'idm=-3', 'idd=1.5', 'idm=99999999999', 'online=maybe']) {
      const r = await guest.get(`/kassa/points/?city=www&${bad}`);
      expect(r.status, bad).toBe(400);
      expect(r.json(), bad).toEqual([]);
    }
  });

  it('without a city, or with an unknown one, lists every city’s points', async () => {
    const every = await points('');
    expect(every.length).toBe(moscow.length + 1);
    expect((await points('?city=nowhere')).length).toBe(moscow.length + 1);
  });
});
