import type { Random } from '../random.js';
import type { GenreFamily } from './genres.js';
import type { ShowSpec } from './shows.js';

export interface DescriptionContext {
  venue: string;
  director: string | null;
  actors: string[];
  people: Array<{ name: string; role: string }>;
}

function duration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} мин`;
  return m === 0 ? `${h} ч` : `${h} ч ${m} мин`;
}

function list(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} и ${names[names.length - 1]}`;
}

/** A few Russian sentences from templates: opening, people, a detail, practicalities. */
export function describeShow(random: Random, show: ShowSpec, family: GenreFamily, ctx: DescriptionContext): string {
  const s: string[] = [];
  const about = show.about ? ` — история ${show.about}` : '';
  const source = show.source ? ` ${show.source}` : '';
  const lineup = ctx.people.map((p) => `${p.role.toLowerCase()} — ${p.name}`);
  switch (family) {
    case 'theatre':
    case 'comedy':
    case 'musical': {
      const kind = family === 'musical' ? 'Мюзикл' : 'Спектакль';
      s.push(`${kind} ${quoted(show.name)}${source}${about}.`);
      if (ctx.director) s.push(`Режиссёр-постановщик — ${ctx.director}.`);
      if (ctx.actors.length > 0) s.push(`В главных ролях: ${list(ctx.actors.slice(0, 3))}.`);
      s.push(
        random.pick(
          family === 'comedy'
            ? [
                'Остроумная и лёгкая постановка, после которой хочется улыбаться.',
                'Зал смеётся с первой до последней минуты.',
                'Классическая комедия положений в современном прочтении.',
              ]
            : family === 'musical'
              ? [
                  'Живой оркестр, яркие костюмы и песни, которые хочется напевать после спектакля.',
                  'Масштабные декорации, хореография и живой звук.',
                ]
              : [
                  'Постановка строится на тонкой актёрской игре и живой музыке.',
                  'Спектакль отмечен театральными премиями и каждый сезон собирает полные залы.',
                  'Строгая сценография, свет и тишина, в которой слышно каждое слово.',
                ],
        ),
      );
      s.push(`Продолжительность — ${duration(show.minutes)}${show.minutes >= 120 ? ', с одним антрактом' : ''}.`);
      break;
    }
    case 'kids':
      s.push(`${quoted(show.name)} — спектакль для всей семьи${source}${about}.`);
      s.push(
        random.pick([
          'Добрая история с песнями, танцами и волшебными превращениями.',
          'Яркие костюмы, куклы и живая музыка не дадут заскучать ни детям, ни взрослым.',
        ]),
      );
      s.push('После спектакля маленькие зрители смогут сфотографироваться с героями.');
      s.push(`Продолжительность — ${duration(show.minutes)} без антракта.`);
      break;
    case 'classical':
    case 'jazz':
      s.push(
        family === 'classical'
          ? `Концерт ${quoted(show.name)} — вечер большой музыки в зале с превосходной акустикой.`
          : `${quoted(show.name)}: живой джаз, импровизации и любимые стандарты.`,
      );
      if (lineup.length > 0) s.push(`${capitalize(list(lineup))}.`);
      s.push(
        random.pick([
          'Перед концертом в фойе проходит короткая лекция о программе.',
          'Программа рассчитана и на знатоков, и на тех, кто впервые пришёл на такой концерт.',
          'Один из самых ожидаемых вечеров сезона.',
        ]),
      );
      s.push(`Продолжительность — ${duration(show.minutes)}.`);
      break;
    case 'rock':
    case 'pop':
      s.push(
        random.pick([
          `${quoted(show.name)}: большой концерт с хитами и новыми песнями.`,
          `${show.name} — живой звук, световое шоу и песни, которые знает весь зал.`,
        ]),
      );
      if (lineup.length > 0) s.push(`На сцене: ${list(ctx.people.map((p) => p.name))}.`);
      s.push(
        random.pick([
          'Специально для этого концерта готовится новая сценическая программа.',
          'Прозвучат песни из нового альбома и любимые хиты прошлых лет.',
        ]),
      );
      s.push(`Продолжительность — около ${duration(show.minutes)}.`);
      break;
    case 'standup':
      s.push(`${quoted(show.name)}: новый материал о жизни, отношениях и работе.`);
      if (lineup.length > 0) s.push(`${capitalize(list(lineup))}.`);
      s.push('Программа содержит ненормативную лексику.');
      break;
    case 'show':
      s.push(`${quoted(show.name)} — зрелищное шоу для всей семьи.`);
      s.push(
        random.pick([
          'Сложные трюки, спецэффекты и живая музыка.',
          'Декорации, костюмы и свет создают настоящую сказку.',
        ]),
      );
      if (lineup.length > 0) s.push(`${capitalize(list(lineup))}.`);
      s.push(`Продолжительность — ${duration(show.minutes)}.`);
      break;
    case 'exhibition':
      s.push(
        `Выставка ${quoted(show.name)} объединяет более ${random.int(8, 30) * 10} работ из музейных и частных собраний.`,
      );
      if (lineup.length > 0) s.push(`${capitalize(list(lineup))}.`);
      s.push('По выходным проходят экскурсии, для посетителей работает аудиогид.');
      s.push('Билет действует весь день, указанный в нём.');
      break;
    case 'sport':
      s.push(`${show.name}: матч регулярного чемпионата.`);
      s.push(`Вход открывается за полтора часа до начала. Место проведения — ${ctx.venue}.`);
      s.push('Приходите поддержать любимую команду!');
      break;
  }
  // A show with its own longer story (ShowSpec.story) gets it as paragraphs after the templates.
  return [s.join(' '), ...(show.story ?? [])].join('\n\n');
}

/** «Name» in guillemets, unless the name already carries its own («Группа «Маяк»»). */
function quoted(name: string): string {
  return name.includes('«') ? name : `«${name}»`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const REVIEW_AUTHORS = [
  'Ольга',
  'Дмитрий К.',
  'Анна Смирнова',
  'Игорь',
  'Марина В.',
  'Сергей',
  'Екатерина',
  'Алексей П.',
  'Наталья',
  'Юлия Р.',
  'Михаил',
  'Татьяна',
];

const GOOD: Record<'stage' | 'music' | 'exhibition' | 'sport', string[]> = {
  stage: [
    'Замечательный спектакль, актёры играют на одном дыхании.',
    'Смотрели всей семьёй, всем очень понравилось. Обязательно придём ещё!',
    'Очень живая постановка, три часа пролетели незаметно.',
    'Прекрасные декорации и костюмы, а финал просто до мурашек.',
  ],
  music: [
    'Потрясающий звук и атмосфера, лучший концерт этого года.',
    'Были с мужем, остались в полном восторге. Спасибо музыкантам!',
    'Отличная программа, зал аплодировал стоя.',
  ],
  exhibition: [
    'Прекрасная экспозиция, удобная навигация, очень рекомендую аудиогид.',
    'Провели там полдня, открыли для себя много новых имён.',
  ],
  sport: ['Отличная организация, атмосфера на трибунах невероятная.', 'Удобный вход, хорошо видно с любого места.'],
};

const MIXED = [
  'В целом понравилось, но второе действие показалось затянутым.',
  'Хорошо, но с балкона слышно не всё.',
  'Неплохо, хотя ожидал большего. Гардероб работал медленно.',
];

export interface ReviewSpec {
  author: string;
  text: string;
  rating: number;
  answer: string | null;
  daysAgo: number;
}

export function reviewsFor(random: Random, family: GenreFamily, quality: number, count: number): ReviewSpec[] {
  const pool =
    family === 'exhibition'
      ? GOOD.exhibition
      : family === 'sport'
        ? GOOD.sport
        : ['classical', 'jazz', 'rock', 'pop'].includes(family)
          ? GOOD.music
          : GOOD.stage;
  const authors = random.sample(REVIEW_AUTHORS, count);
  return authors.map((author) => {
    const happy = random.chance(Math.min(0.95, (quality - 3) / 2));
    const rating = happy ? random.pick([4, 5, 5]) : random.pick([3, 3, 4]);
    return {
      author,
      text: happy ? random.pick(pool) : random.pick(MIXED),
      rating,
      answer: random.chance(0.3) ? 'Спасибо за отзыв! Будем рады видеть вас снова.' : null,
      daysAgo: random.int(2, 120),
    };
  });
}
