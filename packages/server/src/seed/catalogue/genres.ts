/** Root genres and their sub-genres; slugs are stable URL names. */
export interface GenreSpec {
  slug: string;
  name: string;
  children: Array<{ slug: string; name: string }>;
}

export const GENRES: GenreSpec[] = [
  {
    slug: 'teatr',
    name: 'Театр',
    children: [
      { slug: 'drama', name: 'Драма' },
      { slug: 'komediya', name: 'Комедия' },
      { slug: 'myuzikl', name: 'Мюзикл' },
    ],
  },
  {
    slug: 'kontserty',
    name: 'Концерты',
    children: [
      { slug: 'klassika', name: 'Классика' },
      { slug: 'rok', name: 'Рок' },
      { slug: 'dzhaz', name: 'Джаз' },
      { slug: 'pop', name: 'Поп' },
    ],
  },
  {
    slug: 'vystavki',
    name: 'Выставки',
    children: [
      { slug: 'zhivopis', name: 'Живопись' },
      { slug: 'fotografiya', name: 'Фотография' },
    ],
  },
  { slug: 'detyam', name: 'Детям', children: [{ slug: 'spektakli-dlya-detey', name: 'Спектакли для детей' }] },
  {
    slug: 'shou',
    name: 'Шоу',
    children: [
      { slug: 'stendap', name: 'Стендап' },
      { slug: 'ledovye-shou', name: 'Ледовые шоу' },
      { slug: 'illyuzion', name: 'Иллюзион' },
    ],
  },
  {
    slug: 'sport',
    name: 'Спорт',
    children: [
      { slug: 'khokkey', name: 'Хоккей' },
      { slug: 'futbol', name: 'Футбол' },
    ],
  },
];

/** Description, review and pricing style of a show follow its family. */
export type GenreFamily =
  | 'theatre'
  | 'comedy'
  | 'musical'
  | 'kids'
  | 'classical'
  | 'jazz'
  | 'rock'
  | 'pop'
  | 'standup'
  | 'show'
  | 'exhibition'
  | 'sport';

export const FAMILY_OF_GENRE: Record<string, GenreFamily> = {
  drama: 'theatre',
  komediya: 'comedy',
  myuzikl: 'musical',
  'spektakli-dlya-detey': 'kids',
  klassika: 'classical',
  dzhaz: 'jazz',
  rok: 'rock',
  pop: 'pop',
  stendap: 'standup',
  'ledovye-shou': 'show',
  illyuzion: 'show',
  zhivopis: 'exhibition',
  fotografiya: 'exhibition',
  khokkey: 'sport',
  futbol: 'sport',
};

export function familyOf(genreSlug: string): GenreFamily {
  return FAMILY_OF_GENRE[genreSlug] ?? 'theatre';
}

export interface OrganizerSpec {
  key: string;
  name: string;
  description: string;
}

export const ORGANIZERS: OrganizerSpec[] = [
  {
    key: 'antrakt',
    name: 'Продюсерский центр «Антракт»',
    description: 'Ставит комедии и мюзиклы и возит их на гастроли по всей России.',
  },
  {
    key: 'triumf',
    name: 'Концертное агентство «Триумф»',
    description: 'Организует концерты поп- и рок-музыки, стендап и фестивали.',
  },
  {
    key: 'kamerata',
    name: 'Филармоническое общество «Камерата»',
    description: 'Симфонические, камерные и джазовые программы в лучших залах двух столиц.',
  },
  {
    key: 'art-proekt',
    name: 'Выставочное объединение «Арт-Проект»',
    description: 'Готовит выставки живописи и фотографии из музейных и частных собраний.',
  },
  { key: 'liga', name: 'Спортивная лига «Северо-Запад»', description: 'Проводит матчи по хоккею и футболу.' },
  { key: 'ogni', name: 'Шоу-компания «Огни»', description: 'Ледовые и иллюзионные шоу для всей семьи.' },
];
