import type { Queryable } from '../../db/index.js';
import type { QueryReading } from './text.js';

/** What can be searched: shows, venues (buildings), persons, organizers, genres. */
export type SearchKind = 'show' | 'building' | 'person' | 'organizer' | 'genre';

/**
 * How near a name must be to a reading of the query (pg_trgm's word_similarity: the share of the
 * reading's trigrams found in the best-matching stretch of the name). The text as typed must be
 * near ('щелкунчек' is 0.7 of 'щелкунчик'); a long reading of another kind (wrong layout,
 * transliteration) carries the typing mistakes of its own on top and passes with less
 * ('ogthtlbdb;yrb' reads 'щпередивижнки', 0.32 of 'передвижники'); a short one would then
 * match too much by chance ('ghjcnj', 'просто', would find 'программа').
 */
export const TYPED_NEARNESS = 0.5;
export const OTHER_READING_NEARNESS = 0.3;
/** From this length on, another reading may be as far as OTHER_READING_NEARNESS. */
export const LONG_READING = 10;

/** The readings as the three array parameters the matching SQL takes: keys, full-text queries, nearness. */
export function readingParams(readings: readonly QueryReading[]): [string[], string[], number[]] {
  return [
    readings.map((r) => r.key),
    readings.map((r) => r.tsquery),
    readings.map((r, i) => (i > 0 && r.key.length >= LONG_READING ? OTHER_READING_NEARNESS : TYPED_NEARNESS)),
  ];
}

/**
 * A SELECT of (id, relevance) for the rows of a kind that match any reading of the query, the
 * readings arriving as parameters $k, $k+1, $k+2 (readingParams). The rule is the database's
 * search_matches (migration 0028): a row matches when its document contains every word of a
 * reading (Russian stems, the last word a prefix) or its name is near the reading. Relevance: the
 * name's nearness, plus 1 when the name itself contains the words, plus the document's full-text
 * rank; the best reading counts. A show also matches through its genre's name, weighed less.
 */
export function matchSql(kind: SearchKind, firstParam: number): string {
  const [keys, queries, nearness] = [firstParam, firstParam + 1, firstParam + 2].map((n) => `$${n}`);
  return `SELECT m.id, m.relevance FROM search_matches(${keys}::text[], ${queries}::text[], ${nearness}::float8[]) m
           WHERE m.kind = '${kind}'`;
}

/** Per kind, the rows that match the text: id → relevance. */
export type Matches = Record<SearchKind, Map<number, number>>;

const KINDS: readonly SearchKind[] = ['show', 'building', 'person', 'organizer', 'genre'];

/**
 * The rows of every kind that match any reading of a text, in one statement: what a search asks
 * the database for each new text (the rest, what is ahead, is kept: ahead.ts).
 */
export async function matchAll(db: Queryable, readings: readonly QueryReading[]): Promise<Matches> {
  const matches = Object.fromEntries(KINDS.map((k) => [k, new Map<number, number>()])) as Matches;
  if (readings.length === 0) return matches;
  const { rows } = await db.query<{ kind: SearchKind; id: number; relevance: number }>(
    'SELECT kind, id, relevance FROM search_matches($1::text[], $2::text[], $3::float8[])',
    readingParams(readings),
  );
  for (const r of rows) matches[r.kind].set(r.id, r.relevance);
  return matches;
}
