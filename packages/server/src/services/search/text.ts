/**
 * The search's rules for a query's text (decision 0037), in one place: its normal form (the same
 * as the database's `search_key`, migration 0023), the other readings of a text typed in the
 * wrong keyboard layout or in Latin letters, and the full-text query of each reading.
 */

/** Longer queries are cut: nobody types more into a search box, and it bounds the work. */
export const QUERY_MAX_CHARS = 100;

/**
 * The normal form: lower case, 'ё' read as 'е', anything but Latin or Cyrillic letters and
 * digits a single space. Equal to the database's search_key(), so both sides compare alike.
 */
export function searchKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^a-z0-9а-я]+/g, ' ')
    .trim();
}

/** The Russian ЙЦУКЕН keys on the places of the Latin QWERTY ones (the same physical key). */
const QWERTY = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`";
const JCUKEN = 'йцукенгшщзхъфывапролджэячсмитьбюё';

const toRussianLayout = new Map([...QWERTY].map((ch, i) => [ch, JCUKEN[i] as string]));
const toLatinLayout = new Map([...JCUKEN].map((ch, i) => [ch, QWERTY[i] as string]));

/** The text as it would read had the other layout been on ('ogthtlbdb;yrb' → 'передвижники'). */
export function switchLayout(text: string): string {
  const lower = text.toLowerCase();
  const latin = /[a-z]/.test(lower);
  const map = latin ? toRussianLayout : toLatinLayout;
  return [...lower].map((ch) => map.get(ch) ?? ch).join('');
}

/** Latin spellings of Russian sounds, longest first ('shch' before 'sh' before 's'). */
const TRANSLIT: ReadonlyArray<readonly [string, string]> = [
  ['shch', 'щ'],
  ['sch', 'щ'],
  ['zh', 'ж'],
  ['kh', 'х'],
  ['ts', 'ц'],
  ['ch', 'ч'],
  ['sh', 'ш'],
  ['yu', 'ю'],
  ['ju', 'ю'],
  ['ya', 'я'],
  ['ja', 'я'],
  ['yo', 'е'],
  ['jo', 'е'],
  ['ye', 'е'],
  ['iy', 'ий'],
  ['yy', 'ый'],
  ['ei', 'ей'],
  ['ai', 'ай'],
  ['oi', 'ой'],
  ['a', 'а'],
  ['b', 'б'],
  ['c', 'к'],
  ['d', 'д'],
  ['e', 'е'],
  ['f', 'ф'],
  ['g', 'г'],
  ['h', 'х'],
  ['i', 'и'],
  ['j', 'й'],
  ['k', 'к'],
  ['l', 'л'],
  ['m', 'м'],
  ['n', 'н'],
  ['o', 'о'],
  ['p', 'п'],
  ['q', 'к'],
  ['r', 'р'],
  ['s', 'с'],
  ['t', 'т'],
  ['u', 'у'],
  ['v', 'в'],
  ['w', 'в'],
  ['x', 'кс'],
  ['y', 'ы'],
  ['z', 'з'],
];

/** Latin letters read as a Russian word spelt in them ('peredvizhniki' → 'передвижники'). */
export function transliterate(text: string): string {
  const lower = text.toLowerCase();
  let out = '';
  let i = 0;
  while (i < lower.length) {
    const pair = TRANSLIT.find(([latin]) => lower.startsWith(latin, i));
    if (pair) {
      out += pair[1];
      i += pair[0].length;
    } else {
      out += lower[i];
      i++;
    }
  }
  return out;
}

/** One reading of a query: its normal form and its full-text query (the last word a prefix). */
export interface QueryReading {
  key: string;
  tsquery: string;
}

/** 'спектакли для дет' → 'спектакли & для & дет:*': every word, the last one still being typed. */
export function tsqueryOf(key: string): string {
  const words = key.split(' ').filter(Boolean);
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
}

/**
 * Every reading of what was typed: as typed; in the other keyboard layout; and, for Latin
 * letters, transliterated. Readings that normalise to nothing or repeat another are left out.
 */
export function readingsOf(typed: string): QueryReading[] {
  const text = typed.slice(0, QUERY_MAX_CHARS);
  const candidates = [text, switchLayout(text)];
  if (/[a-z]/i.test(text)) candidates.push(transliterate(text));
  const keys = [...new Set(candidates.map(searchKey).filter((k) => k.length > 0))];
  return keys.map((key) => ({ key, tsquery: tsqueryOf(key) }));
}
