/** The small hall the seat-map tests draw, with its map JSON and the calls it answers. */
import type { HallMapData, HallPageConfig, MapPlace, SelectionAnswer } from '@partera/contract';
import type { Route } from './server.js';

/**
 * A small hall drawn as decision 0001 says: Партер (rows 1–2, six places each), Балкон (three
 * places, none on sale), and four entrance sections.
 */
export const HALL_SVG = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" data-hall-id="5">
  <g class="hall-decor"><rect x="100" y="5" width="200" height="30"/><text x="200" y="25">Сцена</text></g>
  <g class="section" data-section-id="10" data-section-name="Партер">
    ${[1, 2]
      .flatMap((row) =>
        [1, 2, 3, 4, 5, 6].map(
          (n) =>
            `<circle class="place" data-place-id="${100 + (row - 1) * 6 + n}" cx="${80 + n * 20}" cy="${40 + row * 20}" r="6"/>`,
        ),
      )
      .join('\n    ')}
  </g>
  <g class="section" data-section-id="20" data-section-name="Балкон">
    <circle class="place" data-place-id="201" cx="120" cy="200" r="6"/>
    <circle class="place" data-place-id="202" cx="140" cy="200" r="6"/>
    <circle class="place" data-place-id="203" cx="160" cy="200" r="6" onclick="window.__pwned = true"/>
  </g>
  <g class="entrance-section" data-section-id="30" data-section-name="Танцпол"><rect x="20" y="240" width="100" height="40"/><text x="70" y="265">Танцпол</text></g>
  <g class="entrance-section" data-section-id="40" data-section-name="Фан-зона"><rect x="140" y="240" width="100" height="40"/><text x="190" y="265">Фан-зона</text></g>
  <g class="entrance-section" data-section-id="50" data-section-name="Ложа у сцены"><rect x="260" y="240" width="100" height="40"/><text x="310" y="265">Ложа</text></g>
  <script>window.__pwned = true</script>
</svg>`;

const RED = '#E53935';
const BLUE = '#1E88E5';

export function place(id: number, over: Partial<MapPlace> = {}): MapPlace {
  const index = id - 101;
  const row = Math.floor(index / 6) + 1;
  const n = (index % 6) + 1;
  const red = row === 1;
  return {
    id,
    state: 0,
    isPackagePlace: false,
    color: red ? RED : BLUE,
    countTax: 1,
    type: 'seat',
    section: { id: 10, name: 'Партер' },
    row: String(row),
    place: String(n),
    price: red ? 2500 : 1500,
    tariff: 1,
    group: 0,
    cypher: `c${id}`,
    hasgifts: false,
    availableGifts: 0,
    taxes: { 1: { name: 'Полный', price: red ? 2500 : 1500 } },
    description: '',
    privileged: 'default',
    ...over,
  };
}

export function hallMap(over: Partial<HallMapData> = {}): HallMapData {
  const places = [101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111].map((id) => place(id));
  places.push(
    place(112, {
      countTax: 2,
      price: 1500,
      tariff: 1,
      taxes: { 1: { name: 'Полный', price: 1500 }, 2: { name: 'Студенческий', price: 1200 } },
      description: 'Место у прохода',
    }),
  );
  return {
    places,
    legend: [
      { c: RED, p: 2500 },
      { c: BLUE, p: 1500 },
      { c: '#43A047', p: 1000 },
    ],
    anyPremiumTicketFound: { premium: 'false' },
    cannotCreateOrder: false,
    cannotCreateOrderCause: '',
    sections: [
      {
        sectionId: 10,
        sectionName: 'Партер',
        placeCount: 12,
        price: 2500,
        tariffId: 1,
        fundId: 1,
        seatlessSection: false,
      },
      {
        sectionId: 20,
        sectionName: 'Балкон',
        placeCount: 0,
        price: 3000,
        tariffId: 2,
        fundId: 2,
        seatlessSection: false,
      },
      {
        sectionId: 30,
        sectionName: 'Танцпол',
        placeCount: 20,
        price: 1000,
        tariffId: 3,
        fundId: 3,
        seatlessSection: true,
      },
      {
        sectionId: 40,
        sectionName: 'Фан-зона',
        placeCount: 0,
        price: 1000,
        tariffId: 3,
        fundId: 3,
        seatlessSection: true,
      },
      {
        sectionId: 50,
        sectionName: 'Ложа у сцены',
        placeCount: 2,
        price: 1000,
        tariffId: 3,
        fundId: 3,
        seatlessSection: true,
      },
    ],
    ...over,
  };
}

export const config = (over: Partial<HallPageConfig> = {}): HallPageConfig => ({
  hallBasisId: 5,
  svgUrl: '/media/hall/5.svg',
  performanceId: 77,
  maxTicketCount: 8,
  maxGiftCountPerTicket: 0,
  allowReserve: true,
  allowPay: true,
  ...over,
});

let count = 0;

/** Each test counts the basket from zero. */
export function resetTicketCount(): void {
  count = 0;
}

export const ok = (over: Partial<SelectionAnswer> = {}): SelectionAnswer => ({
  result: 1,
  error: 0,
  ticketCount: ++count,
  basketPrice: 2500 * count,
  cannotCreateOrder: false,
  ...over,
});

export function hallRoutes(over: Record<string, Route> = {}): Record<string, Route> {
  return {
    'GET /hallview/map/77/': () => hallMap(),
    'GET /media/hall/5.svg': () => HALL_SVG,
    'POST /hallPlace/select/': () => ok(),
    'POST /hallPlace/deselect/': () => ok({ ticketCount: 0, basketPrice: 0 }),
    'POST /hallPlace/entranceTicketsAdd/': (req) => ok({ ticketCount: Number(req.body.get('count')) }),
    'POST /hallPlace/entranceTicketsRemove/': () => ok({ ticketCount: 0, basketPrice: 0 }),
    ...over,
  };
}
