import { beforeAll, expect, it } from 'vitest';
import type { Queryable } from '../src/db/index.js';
import {
  findCity,
  getHallPage,
  getShowPage,
  listCities,
  listUpcomingPerformances,
} from '../src/services/catalogue/index.js';
import { sweepExpiredHolds } from '../src/services/holds/index.js';
import { describeEachDatabase } from './support/databases.js';

const NOW = new Date('2030-03-01T12:00:00Z');

/**
 * Two cities; a drama in Moscow with a past, an on-sale, a coming-soon and a closed performance;
 * a concert in Saint Petersburg. The on-sale performance has a free seat, a seat whose hold has
 * lapsed, a seat held right now, a sold seat and an entrance section with 5 tickets left plus a
 * lapsed entrance hold of 2.
 */
async function insertFixture(db: Queryable): Promise<void> {
  const sql = `
INSERT INTO cities (id, subdomain, name, support_phone) VALUES
  (1, 'spb', 'Санкт-Петербург', '+7 812 000-00-00'), (2, 'www', 'Москва', '+7 495 000-00-00');
INSERT INTO metro_stations (id, city_id, name) VALUES (1, 2, 'Охотный Ряд');
INSERT INTO genres (id, parent_id, name, slug) VALUES (1, NULL, 'Театр', 'theatre'), (2, 1, 'Драма', 'drama'),
  (3, NULL, 'Концерты', 'concerts');
INSERT INTO organizers (id, name, slug) VALUES (1, 'Театральное агентство', 'agency');
INSERT INTO persons (id, name, slug) VALUES (1, 'Анна Каренина', 'anna'), (2, 'Алексей Вронский', 'vronsky');
INSERT INTO buildings (id, city_id, name, slug, address, metro_station_id) VALUES
  (1, 2, 'Малый театр', 'maly', 'Театральная пл., 1', 1),
  (2, 1, 'Филармония', 'philharmonia', 'Михайловская ул., 2', NULL);
INSERT INTO halls (id, building_id, name, kind) VALUES (1, 1, 'Основная сцена', 'theatre'), (2, 2, 'Большой зал', 'concert');
INSERT INTO sections (id, hall_id, name, kind) VALUES (1, 1, 'Партер', 'seated'), (2, 1, 'Танцпол', 'entrance'),
  (3, 2, 'Партер', 'seated');
INSERT INTO places (id, hall_id, section_id, row_label, number, x, y, photo_url) VALUES
  (1, 1, 1, '1', '1', 10, 10, '/media/view/1.jpg'), (2, 1, 1, '1', '2', 20, 10, NULL),
  (3, 1, 1, '1', '3', 30, 10, NULL), (4, 1, 1, '1', '4', 40, 10, NULL), (5, 2, 3, '1', '1', 10, 10, NULL);
INSERT INTO shows (id, slug, name, genre_id, organizer_id, building_id, age_mark, description, duration_minutes) VALUES
  (1, 'anna-karenina', 'Анна Каренина', 2, 1, 1, 16, 'Спектакль по роману <Толстого>', 180),
  (2, 'organ-night', 'Органный вечер', 3, NULL, 2, 6, '', 90),
  (3, 'jazz', 'Джазовый вечер', 3, NULL, 2, 12, '', 120);
INSERT INTO show_persons (show_id, person_id, role, sort) VALUES (1, 2, 'Вронский', 2), (1, 1, 'Анна', 1);
INSERT INTO performances (id, show_id, hall_id, starts_at, sale_state, max_ticket_count, gift_price) VALUES
  (1, 1, 1, '2030-02-20T16:00:00Z', 'on_sale', 8, 0),
  (2, 1, 1, '2030-03-10T16:00:00Z', 'on_sale', 6, 25050),
  (3, 1, 1, '2030-03-05T16:00:00Z', 'soon', 30, 0),
  (4, 1, 1, '2030-03-12T16:00:00Z', 'closed', 8, 0),
  (5, 2, 2, '2030-03-03T16:00:00Z', 'on_sale', 8, 0),
  (6, 3, 2, '2030-03-04T16:00:00Z', 'on_sale', 8, 0);
INSERT INTO price_categories (id, performance_id, color, price) VALUES
  (1, 2, '#c00', 300000), (2, 2, '#0c0', 150000), (3, 3, '#c00', 200000), (4, 5, '#00c', 90000);
INSERT INTO tariffs (id, price_category_id, name, price, is_default) VALUES
  (1, 1, 'Полный', 300000, true), (2, 2, 'Полный', 150000, true), (3, 2, 'Студенческий', 120000, false);
INSERT INTO performance_places (performance_id, place_id, price_category_id, state, hold_session_id, held_until) VALUES
  (2, 1, 1, 0, NULL, NULL),
  (2, 2, 1, 1, 'lapsed-session-aaaaaaaaaaaa', '2030-03-01T11:00:00Z'),
  (2, 3, 2, 1, 'active-session-aaaaaaaaaaaa', '2030-03-01T12:10:00Z'),
  (2, 4, 2, 2, NULL, NULL),
  (5, 5, 4, 0, NULL, NULL);
INSERT INTO performance_sections (id, performance_id, section_id, price_category_id, capacity, free_count) VALUES
  (1, 2, 2, 2, 10, 5);
INSERT INTO entrance_holds (performance_section_id, session_id, ticket_count, held_until) VALUES
  (1, 'lapsed-session-aaaaaaaaaaaa', 2, '2030-03-01T11:30:00Z'),
  (1, 'active-session-aaaaaaaaaaaa', 3, '2030-03-01T12:30:00Z');
INSERT INTO packages (id, name, tickets_in_performance_count) VALUES (1, 'Абонемент', 2);
INSERT INTO package_performances (package_id, performance_id, position) VALUES (1, 3, 10), (1, 2, 20);
`;
  for (const statement of sql
    .split(/;\n/)
    .map((s) => s.trim())
    .filter(Boolean))
    await db.query(statement);
}

describeEachDatabase('catalogue', (get) => {
  beforeAll(async () => {
    await insertFixture(get().db);
  });

  it('lists the regional sites with the capital first and finds one by subdomain', async () => {
    const cities = await listCities(get().db);
    expect(cities.map((c) => c.subdomain)).toEqual(['www', 'spb']);
    expect(await findCity(get().db, 'spb')).toMatchObject({
      name: 'Санкт-Петербург',
      supportPhone: '+7 812 000-00-00',
    });
    expect(await findCity(get().db, 'nowhere')).toBeNull();
  });

  it('lists what is on in a city: each show once, by its nearest performance on sale or coming soon', async () => {
    const page = await listUpcomingPerformances(get().db, { cityId: 2, now: NOW, limit: 24 });
    expect(page.hasMore).toBe(false);
    // Performance 3 (soon, 5 March) comes before 2 (on sale, 10 March); past 1 and closed 4 do not count.
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ performanceId: 3, saleState: 'soon', moreDates: 1, minPrice: 200000 });
    const later = await listUpcomingPerformances(get().db, {
      cityId: 2,
      now: new Date('2030-03-06T00:00:00Z'),
      limit: 24,
    });
    expect(later.items[0]).toEqual({
      performanceId: 2,
      startsAt: '2030-03-10T16:00:00.000Z',
      saleState: 'on_sale',
      showId: 1,
      showName: 'Анна Каренина',
      showUrl: '/show/anna-karenina/',
      genreName: 'Драма',
      ageMark: 16,
      buildingName: 'Малый театр',
      hallName: 'Основная сцена',
      minPrice: 120000,
      posterUrl: '/media/poster/1.svg',
      performanceUrl: '/performance/2/',
      moreDates: 0,
    });
    const spb = await listUpcomingPerformances(get().db, { cityId: 1, now: NOW, limit: 24 });
    expect(spb.items.map((i) => i.showName)).toEqual(['Органный вечер', 'Джазовый вечер']);
  });

  it('pages the list and says when more follow', async () => {
    const first = await listUpcomingPerformances(get().db, { cityId: 1, now: NOW, limit: 1 });
    expect(first).toMatchObject({ hasMore: true, items: [{ performanceId: 5 }] });
    const second = await listUpcomingPerformances(get().db, { cityId: 1, now: NOW, limit: 1, offset: 1 });
    expect(second).toMatchObject({ hasMore: false, items: [{ performanceId: 6 }] });
  });

  it('reads a show page with cast, venue, genre and upcoming performances with free places', async () => {
    const page = await getShowPage(get().db, 'anna-karenina', NOW);
    expect(page).not.toBeNull();
    expect(page?.show).toMatchObject({
      id: 1,
      name: 'Анна Каренина',
      description: 'Спектакль по роману <Толстого>',
      ageMark: 16,
      durationMinutes: 180,
      posterUrl: '/media/poster/1.svg',
    });
    expect(page?.genre).toEqual({ id: 2, name: 'Драма', slug: 'drama', parentName: 'Театр' });
    expect(page?.venue).toMatchObject({ name: 'Малый театр', address: 'Театральная пл., 1', metroName: 'Охотный Ряд' });
    expect(page?.city).toMatchObject({ subdomain: 'www', timezone: 'Europe/Moscow' });
    expect(page?.organizerName).toBe('Театральное агентство');
    expect(page?.persons.map((p) => [p.name, p.role])).toEqual([
      ['Анна Каренина', 'Анна'],
      ['Алексей Вронский', 'Вронский'],
    ]);
    expect(page?.performances.map((p) => [p.performanceId, p.saleState])).toEqual([
      [3, 'soon'],
      [2, 'on_sale'],
    ]);
    // A free seat and 5 entrance tickets; the lapsed holds count as held until the sweeper runs.
    expect(page?.performances[1]).toMatchObject({ freePlaces: 6, minPrice: 120000, hallName: 'Основная сцена' });
    // Swept: free seat + lapsed seat hold + 5 entrance tickets + a lapsed entrance hold of 2.
    await sweepExpiredHolds(get().db, NOW);
    const swept = await getShowPage(get().db, 'anna-karenina', NOW);
    expect(swept?.performances[1]).toMatchObject({ freePlaces: 9, minPrice: 120000, hallName: 'Основная сцена' });
    expect(await getShowPage(get().db, 'no-such-show', NOW)).toBeNull();
  });

  const viewer = {
    isGuest: true,
    isIframe: false,
    currentPerformanceBasketTicketCount: 1,
    ticketInBasketOfOtherPerformances: 2,
    origin: 'https://www.partera.example',
  };

  it('builds the hall page configuration of spec 3.1', async () => {
    await sweepExpiredHolds(get().db, NOW);
    const page = await getHallPage(get().db, 2, NOW, viewer);
    expect(page?.config).toEqual({
      hallBasisId: 1,
      svgUrl: '/media/hall/1.svg',
      performanceId: 2,
      showId: 1,
      // Absolute, like show_full_url: a widget on a partner's page loads the photo from us.
      hallPlaceImages: [{ place_id: 1, image: 'https://www.partera.example/media/view/1.jpg' }],
      maxTicketCount: 6,
      maxGiftCountPerTicket: 5,
      giftPrice: 250.5,
      package: { isPackage: false, currentPerformanceNumber: 0, totalPerformances: 0, ticketsInPerformanceCount: 0 },
      currentPerformanceBasketTicketCount: 1,
      ticketInBasketOfOtherPerformances: 2,
      showAdvantages: false,
      isIframe: false,
      isGuest: true,
      isOnlySections: false,
      tickets: [],
      performanceInfo: {
        show_name: 'Анна Каренина',
        start_date: '2030-03-10T16:00:00.000Z',
        building_name: 'Малый театр',
        show_full_url: 'https://www.partera.example/show/anna-karenina/',
      },
      allowReserve: true,
      allowPay: true,
      // The show's later performance is closed to sale: no next date.
      nextDateUrl: null,
    });
    expect(page?.venue).toEqual({ name: 'Малый театр', address: 'Театральная пл., 1', metroName: 'Охотный Ряд' });
    expect(page?.show).toMatchObject({ name: 'Анна Каренина', ageMark: 16, url: '/show/anna-karenina/' });
    expect(page?.hall).toEqual({ id: 1, name: 'Основная сцена' });
    expect(page?.performance).toMatchObject({ startsAt: '2030-03-10T16:00:00.000Z', freePlaces: 9, minPrice: 120000 });
  });

  it('closes buying on performances not on sale or already past, and caps the ticket limit at the default', async () => {
    const soon = await getHallPage(get().db, 3, NOW, viewer);
    expect(soon?.config).toMatchObject({ allowReserve: false, allowPay: false, maxTicketCount: 8 });
    const past = await getHallPage(get().db, 1, NOW, viewer);
    expect(past?.config).toMatchObject({ allowReserve: false, allowPay: false });
    expect(await getHallPage(get().db, 999, NOW, viewer)).toBeNull();
    expect(await getHallPage(get().db, Number.NaN, NOW, viewer)).toBeNull();
  });

  it('puts a performance of a package in package mode when the page carries its packageId', async () => {
    const page = await getHallPage(get().db, 2, NOW, { ...viewer, packageId: 1 });
    expect(page?.config.package).toEqual({
      isPackage: true,
      currentPerformanceNumber: 2,
      totalPerformances: 2,
      ticketsInPerformanceCount: 2,
    });
    expect(page?.config.packageId).toBe(1);
    const elsewhere = await getHallPage(get().db, 5, NOW, { ...viewer, packageId: 1 });
    expect(elsewhere?.config.package?.isPackage).toBe(false);
  });
});
