/**
 * The recommendations calls (site-browsing-account.md 2.11, 4 Recommendations, 7): the count, a
 * page of cards and the genre buttons, for a guest (popular shows of the city) and for a signed-in
 * buyer (the genres of their orders, wishlist and reviews first); never a show that is over, nor
 * one of another city; bad input answers 4xx; show names are escaped.
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { ManualClock } from '../src/clock.js';
import { RECOMMENDATIONS_PAGE_SIZE } from '../src/services/catalogue/recommendations.js';
import { registeredBuyer } from './support/accounts.js';
import { type Buyer, buildTestApp, buyer } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';
import { createHallFixture } from './support/fixture.js';
import { paidSessionOrder } from './support/orders.js';

const DAY = 86_400_000;

describeEachDatabase('recommendations', (get) => {
  let app: FastifyInstance;
  let clock: ManualClock;
  const ids: Record<string, number> = {};
  const genre: Record<string, number> = {};

  const one = async (sql: string, params: unknown[]) => (await get().db.query<{ id: number }>(sql, params)).rows[0]!.id;

  /** A show of a genre in a city's hall, with performances `days` from now (negative: over). */
  async function show(key: string, name: string, genreKey: string, hallId: number, days: number[], votes = 0) {
    const building = await one('SELECT building_id AS id FROM halls WHERE id = $1', [hallId]);
    const id = await one(
      `INSERT INTO shows (slug, name, genre_id, building_id, age_mark, rating, votes)
       VALUES ($1, $2, $3, $4, 12, 4, $5) RETURNING id`,
      [`rec-${key}`, name, genre[genreKey], building, votes],
    );
    for (const d of days) {
      await get().db.query('INSERT INTO performances (show_id, hall_id, starts_at) VALUES ($1, $2, $3)', [
        id,
        hallId,
        new Date(clock.now().getTime() + d * DAY),
      ]);
    }
    ids[key] = id;
  }

  async function hallIn(subdomain: string, name: string) {
    const city = await one(
      `INSERT INTO cities (subdomain, name, support_phone) VALUES ($1, $2, '+7 000') 
       ON CONFLICT (subdomain) DO UPDATE SET name = cities.name RETURNING id`,
      [subdomain, name],
    );
    const building = await one(
      `INSERT INTO buildings (city_id, name, slug, address) VALUES ($1, 'Сцена', $2, 'адрес') RETURNING id`,
      [city, `rec-stage-${subdomain}`],
    );
    return one(
      `INSERT INTO halls (building_id, name, kind, width, height, place_count) VALUES ($1, 'Зал', 'theatre', 400, 300, 0) RETURNING id`,
      [building],
    );
  }

  beforeAll(async () => {
    ({ app, clock } = await buildTestApp(get().db));
    const theatre = await one(`INSERT INTO genres (name, slug) VALUES ('Театр', 'rec-teatr') RETURNING id`, []);
    const concerts = await one(`INSERT INTO genres (name, slug) VALUES ('Концерты', 'rec-kontserty') RETURNING id`, []);
    genre.theatre = theatre;
    genre.concerts = concerts;
    genre.drama = await one(
      `INSERT INTO genres (name, slug, parent_id) VALUES ('Драма', 'rec-drama', $1) RETURNING id`,
      [theatre],
    );
    genre.comedy = await one(
      `INSERT INTO genres (name, slug, parent_id) VALUES ('Комедия', 'rec-komediya', $1) RETURNING id`,
      [theatre],
    );
    genre.rock = await one(`INSERT INTO genres (name, slug, parent_id) VALUES ('Рок', 'rec-rok', $1) RETURNING id`, [
      concerts,
    ]);
    const moscow = await hallIn('www', 'Москва');
    const spb = await hallIn('spb', 'Санкт-Петербург');
    // Popularity for guests: rating × votes here (nothing sold yet).
    await show('rock', 'Рок-вечер', 'rock', moscow, [5, 9], 900);
    await show('drama', 'Вишнёвый сад', 'drama', moscow, [3], 500);
    await show('comedy', 'Ревизор <b>смех</b>', 'comedy', moscow, [7], 100);
    await show('comedy2', 'Горе от ума', 'comedy', moscow, [12], 50);
    await show('past', 'Прошедший спектакль', 'comedy', moscow, [-2], 5000);
    await show('spbOnly', 'Белые ночи', 'drama', spb, [4], 5000);
    await show('reviewed', 'Старый рок', 'rock', moscow, [-30], 0);
    // A closed sale is not on offer either.
    await show('closed', 'Закрытый показ', 'drama', moscow, [6], 9000);
    await get().db.query(`UPDATE performances SET sale_state = 'closed' WHERE show_id = $1`, [ids.closed]);
  });

  const cardsOf = (html: string) => [...html.matchAll(/data-show-id="(\d+)"/g)].map((m) => Number(m[1]));
  const keysOf = (html: string) => cardsOf(html).map((id) => Object.keys(ids).find((k) => ids[k] === id) ?? `#${id}`);
  const mine = (keys: string[]) => keys.filter((k) => !k.startsWith('#'));

  it("a guest gets the city's coming shows, most popular first, never one that is over, closed or elsewhere", async () => {
    const guest = buyer(app);
    const page = await guest.get('/recommendations/loadShows/?page=1');
    expect(page.status).toBe(200);
    expect(mine(keysOf(page.body))).toEqual(['rock', 'drama', 'comedy', 'comedy2']);
    const count = (await guest.get('/recommendations/CheckShows/')).json().count;
    expect(count).toBeGreaterThanOrEqual(4);
    expect(count).toBe(cardsOf((await guest.get('/recommendations/loadShows/')).body).length);

    // The second city's site (its host) recommends its own shows.
    const spb = await guest.get('/recommendations/loadShows/', { host: 'spb.localhost:3000' });
    expect(mine(keysOf(spb.body))).toEqual(['spbOnly']);
    // On a host without a city label the city cookie decides.
    const byCookie = await app.inject({ url: '/recommendations/loadShows/', cookies: { city: 'spb' } });
    expect(mine(keysOf(byCookie.body))).toEqual(['spbOnly']);
  });

  it('cards carry the escaped name, the date, the price-less foot and the purchase link', async () => {
    const html = (await buyer(app).get('/recommendations/loadShows/')).body;
    expect(html).toMatch(/Ревизор (&lt;|&#60;)b(&gt;|&#62;)смех/);
    expect(html).not.toContain('<b>');
    expect(html).toMatch(
      /<time class="poster-card__date" datetime="[^"]+">\d{1,2} [а-я]+, [а-я]{2}, \d\d:\d\d<\/time>/,
    );
    expect(html).toContain('и ещё 1 дата');
    expect(html).toMatch(/href="\/performance\/\d+\/"/);
  });

  it("a signed-in buyer's orders, wishlist and reviews put their genres first", async () => {
    const { b, email } = await registeredBuyer(app);
    const userId = await one('SELECT id FROM users WHERE email = $1', [email]);
    // A liked comedy in the wishlist: comedies first, then the sibling drama, then the rest.
    await get().db.query('INSERT INTO bookmarks (user_id, show_id) VALUES ($1, $2)', [userId, ids.comedy2]);
    // A bad review of a rock show adds nothing to rock.
    await get().db.query(
      `INSERT INTO reviews (show_id, user_id, author_name, text, rating) VALUES ($1, $2, 'Анна', 'Не понравилось', 2)`,
      [ids.reviewed, userId],
    );
    let order = mine(keysOf((await b.get('/recommendations/loadShows/')).body));
    expect(order).toEqual(['comedy', 'comedy2', 'drama', 'rock']);

    // A good review of rock (5) gives rock 1, as much as drama has from its sibling comedy (half
    // of 2): the tie goes to the more popular rock. Comedy stays ahead...
    await get().db.query(`UPDATE reviews SET rating = 5 WHERE user_id = $1`, [userId]);
    order = mine(keysOf((await b.get('/recommendations/loadShows/')).body));
    expect(order).toEqual(['comedy', 'comedy2', 'rock', 'drama']);

    // ...until the buyer pays for rock tickets: 3 + 1 for rock beats 2 for comedy. The show they
    // hold tickets for is not recommended again.
    const hall = await createHallFixture(get().db, { startsAt: new Date(clock.now().getTime() + 20 * DAY) });
    const bought = await one('SELECT show_id AS id FROM performances WHERE id = $1', [hall.performanceId]);
    await get().db.query('UPDATE shows SET genre_id = $1 WHERE id = $2', [genre.rock, bought]);
    await paidSessionOrder(app, b, [hall.seats[0]!]);
    const html = (await b.get('/recommendations/loadShows/')).body;
    expect(cardsOf(html)).not.toContain(bought);
    order = mine(keysOf(html));
    expect(order).toEqual(['rock', 'comedy', 'comedy2', 'drama']);

    // The genre buttons follow the same taste: concerts first.
    const genres = (await b.get('/recommendations/loadGenres/')).body;
    const buttons = [...genres.matchAll(/data-genre-id="(\d*)"/g)].map((m) => m[1]);
    expect(buttons[0]).toBe('');
    expect(buttons.indexOf(String(genre.concerts))).toBeLessThan(buttons.indexOf(String(genre.theatre)));
    expect(genres).toContain('>Все</button>');

    // A guest's list is not touched by this buyer's taste.
    expect(mine(keysOf((await buyer(app).get('/recommendations/loadShows/')).body))[0]).toBe('rock');
  });

  it('the genre filter keeps one root genre (or one genre); pages follow; past the end is empty', async () => {
    const guest = buyer(app);
    const theatre = (await guest.get(`/recommendations/loadShows/?genreId=${genre.theatre}&page=1`)).body;
    expect(mine(keysOf(theatre))).toEqual(['drama', 'comedy', 'comedy2']);
    const comedy = (await guest.get(`/recommendations/loadShows/?genreId=${genre.comedy}`)).body;
    expect(mine(keysOf(comedy))).toEqual(['comedy', 'comedy2']);
    const total = (await guest.get('/recommendations/CheckShows/')).json().count as number;
    const pages = Math.ceil(total / RECOMMENDATIONS_PAGE_SIZE);
    expect((await guest.get(`/recommendations/loadShows/?page=${pages + 1}`)).body).toBe('');
    expect((await guest.get(`/recommendations/loadShows/?genreId=${genre.theatre}&page=2`)).body).toBe('');
  });

  it('answers bad input with 4xx and changes nothing', async () => {
    const guest: Buyer = buyer(app);
    for (const query of ['genreId=abc', 'page=0', 'page=-1', 'page=x', 'genreId=1e99', 'genreId=1.5']) {
      const r = await guest.get(`/recommendations/loadShows/?${query}`);
      expect(r.status, query).toBeGreaterThanOrEqual(400);
      expect(r.status, query).toBeLessThan(500);
    }
    // A very deep page is simply empty, read no deeper than the last page kept.
    const deep = await guest.get('/recommendations/loadShows/?page=100000');
    expect(deep.status).toBe(200);
    expect(deep.body).toBe('');
    // An unknown genre: nothing.
    expect((await guest.get('/recommendations/loadShows/?genreId=999999')).body).toBe('');
  });
});
