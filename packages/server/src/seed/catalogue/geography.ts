import { arenaPlan, stadiumPlan } from '../halls/bowl.js';
import { clubPlan } from '../halls/club.js';
import { CONCERT_HALL, concertPlan } from '../halls/concert.js';
import { exhibitionPlan } from '../halls/exhibition.js';
import type { HallPlan } from '../halls/plan.js';
import { standingPlan } from '../halls/standing.js';
import { DRAMA_THEATRE, theatrePlan } from '../halls/theatre.js';

export type CityKey = 'www' | 'spb';

export interface CitySpec {
  subdomain: CityKey;
  name: string;
  supportPhone: string;
  metro: string[];
}

export const CITIES: CitySpec[] = [
  {
    subdomain: 'www',
    name: 'Москва',
    supportPhone: '+7 495 123-45-67',
    metro: [
      'Сухаревская',
      'Смоленская',
      'Динамо',
      'Белорусская',
      'Китай-город',
      'Сокол',
      'Охотный Ряд',
      'Тверская',
      'Арбатская',
      'Парк культуры',
      'Курская',
      'Новослободская',
    ],
  },
  {
    subdomain: 'spb',
    name: 'Санкт-Петербург',
    supportPhone: '+7 812 123-45-67',
    metro: [
      'Гостиный двор',
      'Адмиралтейская',
      'Лиговский проспект',
      'Зенит',
      'Невский проспект',
      'Площадь Восстания',
      'Василеостровская',
      'Петроградская',
      'Технологический институт',
      'Сенная площадь',
    ],
  },
];

export type HallKey =
  | 'msk-drama'
  | 'msk-comedy'
  | 'msk-concert'
  | 'msk-club'
  | 'msk-gallery'
  | 'msk-loft'
  | 'msk-arena'
  | 'msk-football'
  | 'spb-drama'
  | 'spb-concert'
  | 'spb-club'
  | 'spb-gallery'
  | 'spb-stadium';

/** A venue (building) with its one hall. */
export interface VenueSpec {
  key: HallKey;
  city: CityKey;
  name: string;
  address: string;
  metro: string;
  latitude: number;
  longitude: number;
  description: string;
  hallName: string;
  plan: () => HallPlan;
  /** Part of the small seeds ('small': the first city's, for fast tests; 'two-cities': both cities'). */
  small: boolean;
}

export const VENUES: VenueSpec[] = [
  {
    key: 'msk-drama',
    city: 'www',
    name: 'Драматический театр «Новая сцена»',
    address: 'ул. Сретенка, 14',
    metro: 'Сухаревская',
    latitude: 55.7693,
    longitude: 37.6322,
    description:
      'Драматический театр в историческом здании на Сретенке. Классика русской драматургии и смелые современные постановки.',
    hallName: 'Основная сцена',
    plan: () => theatrePlan(DRAMA_THEATRE),
    small: true,
  },
  {
    key: 'msk-comedy',
    city: 'www',
    name: 'Театр комедии «Арлекин»',
    address: 'ул. Арбат, 35',
    metro: 'Смоленская',
    latitude: 55.7474,
    longitude: 37.5856,
    description: 'Театр комедии и мюзикла на Арбате: весёлые спектакли для взрослых и детей.',
    hallName: 'Большой зал',
    plan: () =>
      theatrePlan({
        ...DRAMA_THEATRE,
        stallsRows: 12,
        boxesPerSide: 3,
        sofas: 3,
        amphitheatreRows: 5,
        balconyRows: 0,
      }),
    small: false,
  },
  {
    key: 'msk-concert',
    city: 'www',
    name: 'Концертный зал «Аккорд»',
    address: 'Ленинградский проспект, 31',
    metro: 'Динамо',
    latitude: 55.7895,
    longitude: 37.5594,
    description: 'Большой концертный зал с превосходной акустикой: симфоническая музыка, джаз и эстрада.',
    hallName: 'Большой зал',
    plan: () => concertPlan(CONCERT_HALL),
    small: false,
  },
  {
    key: 'msk-club',
    city: 'www',
    name: 'Клуб «Граммофон»',
    address: 'ул. Бутырский Вал, 5',
    metro: 'Белорусская',
    latitude: 55.7781,
    longitude: 37.5848,
    description: 'Концертный клуб у Белорусского вокзала: живой звук, танцпол и балкон с видом на сцену.',
    hallName: 'Главный зал',
    plan: () => clubPlan({ danceFloor: 1200, fanZone: 300, balconyRows: 4 }),
    small: true,
  },
  {
    key: 'msk-gallery',
    city: 'www',
    name: 'Галерея «Арт-квартал»',
    address: 'ул. Ильинка, 4',
    metro: 'Китай-город',
    latitude: 55.7547,
    longitude: 37.6261,
    description: 'Выставочное пространство в центре Москвы: живопись, графика и фотография.',
    hallName: 'Выставочный зал',
    plan: () => exhibitionPlan({ capacity: 400, rooms: ['Зал 1', 'Зал 2', 'Зал 3'] }),
    small: true,
  },
  {
    // No plan: sold by sections only (seed/extras.ts SECTIONS_ONLY_SHOW).
    key: 'msk-loft',
    city: 'www',
    name: 'Лофт «Фабрика»',
    address: 'Нижняя Сыромятническая ул., 10',
    metro: 'Курская',
    latitude: 55.7536,
    longitude: 37.6667,
    description: 'Бывший цех у Курского вокзала: вечеринки, кавер-концерты и маркеты, только стоячие места.',
    hallName: 'Цех',
    plan: () =>
      standingPlan([
        { name: 'У сцены', capacity: 150, rank: 0 },
        { name: 'Танцпол', capacity: 450, rank: 0.35 },
        { name: 'Антресоль', capacity: 120, rank: 0.6 },
      ]),
    small: true,
  },
  {
    key: 'msk-arena',
    city: 'www',
    name: 'Арена «Северная»',
    address: 'Ленинградский проспект, 80',
    metro: 'Сокол',
    latitude: 55.805,
    longitude: 37.515,
    description: 'Многофункциональная ледовая арена: хоккей, ледовые шоу и большие концерты.',
    hallName: 'Главная арена',
    plan: arenaPlan,
    small: false,
  },
  {
    // No plan: its stands have no numbered seats and are sold by sections (decision 0029).
    key: 'msk-football',
    city: 'www',
    name: 'Стадион «Буревестник»',
    address: 'ул. Хамовнический Вал, 28',
    metro: 'Парк культуры',
    latitude: 55.7262,
    longitude: 37.5643,
    description:
      'Футбольный стадион в Хамовниках: матчи городской лиги и кубковые игры, трибуны без нумерованных мест.',
    hallName: 'Футбольное поле',
    plan: () =>
      standingPlan([
        { name: 'Западная трибуна', capacity: 1800, rank: 0 },
        { name: 'Восточная трибуна', capacity: 1800, rank: 0.2 },
        { name: 'Северная трибуна', capacity: 900, rank: 0.5 },
        { name: 'Фан-сектор', capacity: 600, rank: 0.6 },
      ]),
    small: false,
  },
  {
    key: 'spb-drama',
    city: 'spb',
    name: 'Театр «Невская сцена»',
    address: 'Невский проспект, 56',
    metro: 'Гостиный двор',
    latitude: 59.9346,
    longitude: 30.3351,
    description: 'Драматический театр на Невском проспекте с вековой историей и молодой труппой.',
    hallName: 'Большая сцена',
    plan: () => theatrePlan({ ...DRAMA_THEATRE, stallsRows: 15, amphitheatreRows: 5, balconyRows: 4 }),
    small: false,
  },
  {
    key: 'spb-concert',
    city: 'spb',
    name: 'Концертный зал «Белые ночи»',
    address: 'наб. реки Мойки, 20',
    metro: 'Адмиралтейская',
    latitude: 59.9398,
    longitude: 30.3186,
    description: 'Концертный зал на набережной Мойки: органные вечера, камерная и симфоническая музыка.',
    hallName: 'Большой зал',
    plan: () => concertPlan({ parterreRows: 22, balconyRows: 8 }),
    small: false,
  },
  {
    key: 'spb-club',
    city: 'spb',
    name: 'Клуб «Маяк»',
    address: 'Лиговский проспект, 50',
    metro: 'Лиговский проспект',
    latitude: 59.919,
    longitude: 30.3566,
    description: 'Клуб в бывшем фабричном здании на Лиговском: рок, стендап и акустические вечера.',
    hallName: 'Зал',
    plan: () => clubPlan({ danceFloor: 900, fanZone: 200, balconyRows: 3 }),
    small: true,
  },
  {
    key: 'spb-gallery',
    city: 'spb',
    name: 'Выставочный центр «Нева-Арт»',
    address: 'ул. Большая Морская, 38',
    metro: 'Адмиралтейская',
    latitude: 59.9332,
    longitude: 30.3077,
    description: 'Выставочный центр в доме XIX века: классическое искусство и фотография.',
    hallName: 'Анфилада',
    plan: () => exhibitionPlan({ capacity: 300, rooms: ['Белый зал', 'Синий зал', 'Зал графики', 'Фотозал'] }),
    small: true,
  },
  {
    key: 'spb-stadium',
    city: 'spb',
    name: 'Стадион «Балтийский»',
    address: 'Футбольная аллея, 1',
    metro: 'Зенит',
    latitude: 59.9727,
    longitude: 30.2204,
    description: 'Футбольный стадион на Крестовском острове: матчи, фестивали и большие концерты.',
    hallName: 'Стадион',
    plan: stadiumPlan,
    small: false,
  },
];
