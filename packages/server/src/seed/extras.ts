/**
 * The small fixed rows around the catalogue: promo codes, gift cards, the demo partners,
 * promotions. Numbers and codes are documented here so testers can type them.
 *
 * The demo room (src/demo.ts) also writes the demo buyer, seed/demo-buyer.ts: sign in as
 * demo@partera.test with the password 'demo-partera-2026' (DEMO_BUYER_EMAIL, DEMO_BUYER_PASSWORD).
 * Its e-mail is confirmed; it has paid orders for two performances already over (12 and 3 days
 * before the seed's clock): the older show reviewed, with an answer it has not read yet, the newer
 * one not reviewed, for the review prompt.
 *
 * Views from the seats (hallPlaceImages, the seat photo toggle in a seat's tooltip): every place
 * of the drama theatres (the halls with a stage) has the view from its band of four rows, drawn by
 * the server from the plan (/media/seat-view/{placeId}.svg, decision 0029).
 */
export const PROMO_CODES = [
  { code: 'DEMO10', kind: 'percent', value: 10, validDays: 180, usesLeft: null },
  { code: 'WELCOME500', kind: 'fixed', value: 50_000, validDays: 90, usesLeft: 1000 },
  { code: 'BONUS300', kind: 'bonus', value: 300, validDays: 365, usesLeft: null },
  { code: 'EXPIRED20', kind: 'percent', value: 20, validDays: -10, usesLeft: null },
  { code: 'USEDUP', kind: 'fixed', value: 30_000, validDays: 90, usesLeft: 0 },
] as const;

/**
 * Gift cards: a full one, two partly spent ones (the second for the browser tests' 575 px run, as
 * an order spends what is left), an empty one and an expired one (kopecks).
 */
export const GIFT_CARDS = [
  { number: '1234-5678-9012', initial: 500_000, balance: 500_000, validDays: 365 },
  { number: '1111-2222-3333', initial: 300_000, balance: 120_000, validDays: 365 },
  { number: '2222-3333-4444', initial: 300_000, balance: 120_000, validDays: 365 },
  { number: '9999-0000-1111', initial: 100_000, balance: 0, validDays: 365 },
  { number: '4321-8765-2109', initial: 200_000, balance: 200_000, validDays: -5 },
] as const;

/**
 * Season tickets (package mode, spec 2.2): N tickets in each of the package's performances, taken
 * from the Moscow drama theatre's evening performances on sale, each of another show, in date
 * order (the first package takes the first three, the next the two after them). Ids 1 and 2 on a
 * fresh database: /performance/{id}/?packageId=1 opens a performance in package mode.
 */
export const DEMO_PACKAGES = [
  { name: 'Абонемент «Три вечера в театре»', ticketsPerPerformance: 2, performances: 3 },
  { name: 'Абонемент «Русская классика»', ticketsPerPerformance: 3, performances: 2 },
] as const;

/**
 * The show whose seats only a signed-in buyer with a confirmed phone may hold (a small club's
 * sought-after evening: performances.phone_check 'account', codes 440, 212, 216), to try the
 * phone confirmation. It is in the small seed too.
 */
export const PHONE_CHECKED_SHOW = 'Джаз-квартет «Синяя птица»';

/**
 * The show sold as bookings only (allow_reserve, not allow_pay: reserved online, paid at the box
 * office; a school group's matinee), to try the booking-only basket (codes 623 and 624, the
 * ResetExclude call). It is in the small seed too.
 */
export const RESERVE_ONLY_SHOW = 'Снежная королева';

/**
 * The show sold by sections only (spec 2.1 isOnlySections, the list view): its venue, the loft
 * 'Лофт «Фабрика»', has no plan, only standing areas at three prices ('У сцены', 'Танцпол',
 * 'Антресоль'), so its hall page lists the sections with plus and minus instead of a seat map
 * (decision 0029). It is in the small seed too.
 */
export const SECTIONS_ONLY_SHOW = 'Кавер-вечеринка «Хиты 90-х»';

export const DEMO_PARTNER = {
  name: 'Демо-партнёр',
  hash: 'demo-partner-hash',
  // :4000 frames the site (examples/partner-script-tag); :4200 mounts the widgets (examples/react-host).
  allowedOrigins: ['http://127.0.0.1:4000', 'http://localhost:4000', 'http://127.0.0.1:4200', 'http://localhost:4200'],
  cashbackPercent: 0,
  ownPayFlow: false,
  notifySecret: null,
} as const;

/**
 * The telecom partner of examples/telecom-partner: it takes the payment in its own app (spec
 * 4.8) and signs its calls to the shop with the notify secret. Development data only: the secret
 * is public, in this file, so a production start never loads it (ServerConfig.demoData).
 */
export const DEMO_TELECOM_PARTNER = {
  name: 'Демо-оператор связи',
  hash: 'demo-telecom-hash',
  allowedOrigins: ['http://127.0.0.1:4100', 'http://localhost:4100'],
  // The most a frame URL's cashback_value may ask for; the example's page asks for 7 %.
  cashbackPercent: 10,
  ownPayFlow: true,
  notifySecret: 'demo-telecom-secret',
} as const;

export const PROMOTIONS = [
  {
    name: 'Приветственные баллы',
    rewardType: 'fixed_value',
    value: 300,
    description: 'Баллы за первую покупку после регистрации.',
    startsInDays: -30,
  },
  {
    name: 'Двойные баллы за театр',
    rewardType: 'multiplier',
    value: 2,
    description: 'Вдвое больше баллов за билеты на спектакли до конца месяца.',
    startsInDays: -7,
  },
  {
    name: 'Кешбэк на концерты',
    rewardType: 'percent',
    value: 5,
    description: 'Возвращаем 5% стоимости билетов на концерты баллами.',
    startsInDays: 0,
  },
  {
    name: 'Баллы за отзыв',
    rewardType: 'added_value',
    value: 100,
    description: 'Расскажите о спектакле или концерте, на котором побывали, и получите баллы.',
    startsInDays: 14,
  },
] as const;

/** Banner placements of the spec (section 9): the main page and every other page. */
export const PLACEMENT_MAIN = 6813;
export const PLACEMENT_ELSEWHERE = 9815;
