import type { BasketState } from '@partera/contract';
import type { HallPage, OrderCompletion, PerformanceCard, ShowPage } from '@partera/server';
import type { SiteChrome } from '../src/pages/chrome.js';
import type { LoadedAssets } from '../src/server/assets.js';
import type { RenderContext } from '../src/server/render.js';

export const chrome = (over: Partial<SiteChrome> = {}): SiteChrome => ({
  city: { subdomain: 'www', name: 'Москва' },
  cities: [
    { subdomain: 'www', name: 'Москва' },
    { subdomain: 'spb', name: 'Санкт-Петербург' },
  ],
  basketCount: 0,
  supportPhone: '+7 495 123-45-67',
  supportEmail: 'support@partera.example',
  path: '/',
  year: 2030,
  urlSession: null,
  lite: false,
  account: null,
  ...over,
});

export const assets: LoadedAssets = {
  manifest: {
    entries: {
      home: { js: 'home-AAAAAAAA.js', imports: ['chunk-BBBBBBBB.js'] },
      show: { js: 'show-CCCCCCCC.js', imports: [] },
      hall: { js: 'hall-DDDDDDDD.js', imports: [] },
      basket: { js: 'basket-EEEEEEEE.js', imports: [] },
      complete: { js: 'complete-FFFFFFFF.js', imports: [] },
      page: { js: 'page-GGGGGGGG.js', imports: [] },
    },
    css: 'site-HHHHHHHH.css',
  },
  files: new Map(),
  dir: '/nowhere',
};

export const renderContext: RenderContext = {
  assets,
  session: { name: 'sid', id: 'session-id-0123456789abcdef', csrfParam: '_csrf', csrfToken: 'csrf-token-xyz' },
};

/** 2030-03-10 16:00 UTC is a Sunday, 19:00 in Moscow. */
export const card = (over: Partial<PerformanceCard> = {}): PerformanceCard => ({
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
  moreDates: 3,
  ...over,
});

export const showPage = (over: Partial<ShowPage> = {}): ShowPage => ({
  show: {
    id: 1,
    slug: 'anna-karenina',
    name: 'Анна Каренина',
    description: 'Спектакль по роману <Толстого>.\n\nВторой абзац.',
    ageMark: 16,
    durationMinutes: 180,
    rating: 4.5,
    votes: 10,
    tags: [],
    posterUrl: '/media/poster/1.svg',
    url: '/show/anna-karenina/',
  },
  genre: { id: 2, name: 'Драма', slug: 'drama', parentName: 'Театр' },
  venue: { id: 1, name: 'Малый театр', slug: 'maly', address: 'Театральная пл., 1', metroName: 'Охотный Ряд' },
  city: { id: 2, subdomain: 'www', name: 'Москва', timezone: 'Europe/Moscow' },
  organizerName: 'Театральное агентство',
  persons: [
    { id: 1, name: 'Анна Каренина', slug: 'anna', role: 'Анна', image: null },
    { id: 2, name: 'Алексей Вронский', slug: 'vronsky', role: 'Вронский', image: null },
  ],
  performances: [
    {
      performanceId: 3,
      startsAt: '2030-03-05T16:00:00.000Z',
      saleState: 'soon',
      hallName: 'Основная сцена',
      buildingName: 'Малый театр',
      minPrice: 200000,
      freePlaces: 10,
      performanceUrl: '/performance/3/',
    },
    {
      performanceId: 2,
      startsAt: '2030-03-10T16:00:00.000Z',
      saleState: 'on_sale',
      hallName: 'Основная сцена',
      buildingName: 'Малый театр',
      minPrice: 120000,
      freePlaces: 9,
      performanceUrl: '/performance/2/',
    },
  ],
  ...over,
});

export const hallPage = (over: Partial<HallPage['config']> = {}): HallPage => ({
  config: {
    hallBasisId: 1,
    svgUrl: '/media/hall/1.svg',
    performanceId: 2,
    showId: 1,
    hallPlaceImages: [],
    maxTicketCount: 8,
    maxGiftCountPerTicket: 5,
    giftPrice: 0,
    package: { isPackage: false, currentPerformanceNumber: 0, totalPerformances: 0, ticketsInPerformanceCount: 0 },
    currentPerformanceBasketTicketCount: 0,
    ticketInBasketOfOtherPerformances: 0,
    showAdvantages: false,
    isIframe: false,
    isGuest: true,
    isOnlySections: false,
    tickets: [],
    performanceInfo: {
      show_name: 'Анна Каренина',
      start_date: '2030-03-10T16:00:00.000Z',
      building_name: 'Малый театр',
      show_full_url: 'http://localhost/show/anna-karenina/',
    },
    allowReserve: true,
    allowPay: true,
    ...over,
  },
  performance: {
    id: 2,
    startsAt: '2030-03-10T16:00:00.000Z',
    saleState: 'on_sale',
    minPrice: 120000,
    freePlaces: 9,
    cannotCreateOrderCause: null,
  },
  show: {
    id: 1,
    name: 'Анна Каренина',
    url: '/show/anna-karenina/',
    ageMark: 16,
    genreName: 'Драма',
    posterUrl: '/media/poster/1.svg',
  },
  venue: { name: 'Малый театр', address: 'Театральная пл., 1', metroName: 'Охотный Ряд' },
  hall: { id: 1, name: 'Основная сцена' },
  city: { subdomain: 'www', timezone: 'Europe/Moscow' },
});

export const basket = (over: Partial<BasketState> = {}): BasketState => ({
  tickets: [],
  ticketCount: 0,
  basketPrice: 0,
  holdSecondsLeft: null,
  cannotCreateOrder: false,
  cannotCreateOrderCause: '',
  userIsGuest: true,
  ...over,
});

export const completion = (over: Partial<OrderCompletion['order']> = {}): OrderCompletion => ({
  order: {
    id: 41,
    number: '000041',
    status: 'paid',
    total: 240000,
    email: 'anna@example.com',
    firstName: 'Анна',
    surname: 'Иванова',
    patronymic: null,
    paidAt: '2030-03-01T12:05:00.000Z',
    ...over,
  },
  tickets: [
    {
      code: 'T-1',
      kind: 'place',
      showName: 'Анна Каренина',
      performanceDate: '2030-03-10T16:00:00.000Z',
      buildingName: 'Малый театр',
      hallName: 'Основная сцена',
      sectionName: 'Партер',
      row: '3',
      place: '7',
      price: 120000,
      gifts: 2,
      pdfUrl: '/order/ticket/T-1.pdf?token=tok',
    },
    {
      code: 'T-2',
      kind: 'place',
      showName: 'Анна Каренина',
      performanceDate: '2030-03-10T16:00:00.000Z',
      buildingName: 'Малый театр',
      hallName: 'Основная сцена',
      sectionName: 'Партер',
      row: '3',
      place: '8',
      price: 120000,
      gifts: 0,
      pdfUrl: '/order/ticket/T-2.pdf?token=tok',
    },
  ],
  allTicketsPdfUrl: '/order/tickets/41.pdf?token=tok',
  lastPayment: { status: 'succeeded', declineReason: null },
  cashbackPartner: { name: 'Демо-оператор связи', percent: 5 },
  payAgainUrl: null,
  handOver: { kind: 'eticket' },
});
