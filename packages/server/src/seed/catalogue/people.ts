import type { Random } from '../random.js';

const MALE = [
  'Александр',
  'Алексей',
  'Андрей',
  'Антон',
  'Артём',
  'Борис',
  'Вадим',
  'Виктор',
  'Владимир',
  'Григорий',
  'Даниил',
  'Денис',
  'Дмитрий',
  'Евгений',
  'Егор',
  'Иван',
  'Игорь',
  'Кирилл',
  'Константин',
  'Леонид',
  'Максим',
  'Михаил',
  'Никита',
  'Николай',
  'Олег',
  'Павел',
  'Пётр',
  'Роман',
  'Семён',
  'Сергей',
  'Степан',
  'Фёдор',
  'Юрий',
  'Ярослав',
];

const FEMALE = [
  'Александра',
  'Алина',
  'Анастасия',
  'Анна',
  'Валерия',
  'Вера',
  'Виктория',
  'Галина',
  'Дарья',
  'Екатерина',
  'Елена',
  'Елизавета',
  'Ирина',
  'Ксения',
  'Лариса',
  'Любовь',
  'Маргарита',
  'Марина',
  'Мария',
  'Надежда',
  'Наталья',
  'Нина',
  'Ольга',
  'Полина',
  'Светлана',
  'София',
  'Таисия',
  'Татьяна',
  'Ульяна',
  'Юлия',
];

const SURNAMES = [
  'Соколов',
  'Лебедев',
  'Козлов',
  'Новиков',
  'Морозов',
  'Волков',
  'Алексеев',
  'Павлов',
  'Семёнов',
  'Голубев',
  'Виноградов',
  'Богданов',
  'Воробьёв',
  'Фёдоров',
  'Михайлов',
  'Беляев',
  'Тарасов',
  'Комаров',
  'Киселёв',
  'Макаров',
  'Андреев',
  'Ковалёв',
  'Ильин',
  'Гусев',
  'Титов',
  'Кузьмин',
  'Кудрявцев',
  'Баранов',
  'Куликов',
  'Степанов',
  'Яковлев',
  'Сорокин',
  'Сергеев',
  'Романов',
  'Захаров',
  'Борисов',
  'Королёв',
  'Герасимов',
  'Пономарёв',
  'Григорьев',
  'Лазарев',
  'Медведев',
  'Ершов',
  'Никитин',
  'Соболев',
  'Рябов',
  'Поляков',
  'Цветков',
  'Данилов',
  'Жуков',
  'Фролов',
  'Журавлёв',
  'Николаев',
  'Крылов',
  'Максимов',
  'Осипов',
  'Белоусов',
  'Федотов',
  'Егоров',
  'Матвеев',
  'Бобров',
  'Калинин',
  'Антонов',
  'Тимофеев',
  'Никифоров',
  'Веселов',
  'Филиппов',
  'Марков',
  'Суханов',
  'Ширяев',
  'Коновалов',
  'Шестаков',
  'Казаков',
  'Ефимов',
  'Денисов',
  'Фомин',
  'Давыдов',
  'Мельников',
  'Щербаков',
  'Блинов',
  'Колесников',
  'Карпов',
  'Власов',
  'Тихонов',
  'Гаврилов',
  'Родионов',
  'Котов',
  'Горбунов',
  'Быков',
  'Зуев',
  'Третьяков',
  'Савельев',
];

export interface PersonSpec {
  name: string;
  female: boolean;
  bio: string;
}

function feminine(surname: string): string {
  return /(ов|ев|ёв|ин)$/.test(surname) ? `${surname}а` : surname;
}

/**
 * Everyone on the posters: named artists and generated ones. A full name is given out once, so
 * the same person can appear in several shows (a troupe's actors, a band's singer).
 */
export class PersonBook {
  readonly people: PersonSpec[] = [];
  private readonly byName = new Map<string, PersonSpec>();

  constructor(private readonly random: Random) {}

  named(name: string, female: boolean, bio: () => string): PersonSpec {
    const known = this.byName.get(name);
    if (known) return known;
    const person = { name, female, bio: bio() };
    this.people.push(person);
    this.byName.set(name, person);
    return person;
  }

  generate(female: boolean, bio: (name: string) => string): PersonSpec {
    for (;;) {
      const first = this.random.pick(female ? FEMALE : MALE);
      const surname = this.random.pick(SURNAMES);
      const name = `${first} ${female ? feminine(surname) : surname}`;
      if (!this.byName.has(name)) return this.named(name, female, () => bio(name));
    }
  }
}

export interface Troupe {
  directors: PersonSpec[];
  designers: PersonSpec[];
  actors: PersonSpec[];
}

const SCHOOLS: Array<[accusative: string, genitive: string]> = [
  ['ГИТИС', 'ГИТИСа'],
  ['Школу-студию МХАТ', 'Школы-студии МХАТ'],
  ['Театральный институт имени Бориса Щукина', 'Театрального института имени Бориса Щукина'],
  ['Высшее театральное училище имени М. С. Щепкина', 'Высшего театрального училища имени М. С. Щепкина'],
  ['Российский институт сценических искусств', 'Российского института сценических искусств'],
];

const CONSERVATORIES = [
  'Московской консерватории имени П. И. Чайковского',
  'Санкт-Петербургской консерватории имени Н. А. Римского-Корсакова',
  'Российской академии музыки имени Гнесиных',
];

export function actorBio(random: Random, name: string, female: boolean, venue: string): string {
  const [school] = random.pick(SCHOOLS);
  const year = random.int(1995, 2019);
  const extra = random.pick([
    'Лауреат театральной премии «Золотая маска».',
    `Служит в театре более ${random.int(5, 20)} лет.`,
    female ? 'Известна по ролям в кино и сериалах.' : 'Известен по ролям в кино и сериалах.',
    'Ведёт мастер-классы для молодых актёров.',
  ]);
  return `${name} — ${female ? 'актриса' : 'актёр'} ${venue}. ${female ? 'Окончила' : 'Окончил'} ${school} в ${year} году. ${extra}`;
}

export function directorBio(random: Random, name: string, female: boolean): string {
  const [, school] = random.pick(SCHOOLS);
  return `${name} — режиссёр, ${female ? 'выпускница' : 'выпускник'} ${school}. ${female ? 'Поставила' : 'Поставил'} более ${random.int(10, 40)} спектаклей в театрах Москвы и Петербурга.`;
}

export function designerBio(random: Random, name: string, female: boolean): string {
  return `${name} — ${female ? 'художница' : 'художник'} театра и кино, ${female ? 'автор' : 'автор'} сценографии более ${random.int(15, 60)} спектаклей.`;
}

export function artistBio(random: Random, name: string, female: boolean, role: string): string {
  const lower = role.charAt(0).toLowerCase() + role.slice(1);
  const extra = random.pick([
    'Гастролирует по России и Европе.',
    `На сцене более ${random.int(8, 30)} лет.`,
    female ? 'Лауреат международных конкурсов.' : 'Лауреат международных конкурсов.',
  ]);
  if (/скрипка|фортепиано|орган|дирижёр|сопрано|бас$|солист/i.test(role)) {
    return `${name} (${lower}), ${female ? 'выпускница' : 'выпускник'} ${random.pick(CONSERVATORIES)}. ${extra}`;
  }
  return `${name} (${lower}). ${extra}`;
}
