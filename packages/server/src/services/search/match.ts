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

/** Per kind: the table (each has search_name and search_doc, migration 0023). */
const TABLES: Record<SearchKind, string> = {
  show: 'shows',
  building: 'buildings',
  person: 'persons',
  organizer: 'organizers',
  genre: 'genres',
};

const extSchemas = new WeakMap<object, Promise<string>>();

/** Where pg_trgm is installed (migration 0023), as a quoted identifier; read once per database. */
export function trigramSchema(db: Queryable): Promise<string> {
  let schema = extSchemas.get(db);
  if (!schema) {
    schema = db
      .query<{ nspname: string }>(
        `SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
      )
      .then((r) => {
        const name = r.rows[0]?.nspname;
        if (!name) throw new Error('pg_trgm is not installed (migration 0023)');
        return `"${name.replace(/"/g, '""')}"`;
      });
    schema.catch(() => extSchemas.delete(db));
    extSchemas.set(db, schema);
  }
  return schema;
}

/** The readings as the two array parameters the matching SQL takes: keys, full-text queries, nearness. */
export function readingParams(readings: readonly QueryReading[]): [string[], string[], number[]] {
  return [
    readings.map((r) => r.key),
    readings.map((r) => r.tsquery),
    readings.map((r, i) => (i > 0 && r.key.length >= LONG_READING ? OTHER_READING_NEARNESS : TYPED_NEARNESS)),
  ];
}

/**
 * A SELECT of (id, relevance) for the rows of a kind that match any reading of the query: the
 * readings arrive as parameters $k, $k+1, $k+2 (readingParams). A row matches when its document
 * contains every word of a reading (Russian stems, the last word a prefix) or its name is near
 * the reading. Relevance: the name's nearness, plus 1 when the name itself contains the words,
 * plus the document's full-text rank; the best reading counts. A show also matches through its
 * genre's name, weighed less.
 */
export function matchSql(kind: SearchKind, ext: string, firstParam: number): string {
  const [keys, queries, nearness] = [firstParam, firstParam + 1, firstParam + 2].map((n) => `$${n}`);
  const similar = `${ext}.word_similarity(q.key, x.search_name)`;
  const genreJoin = kind === 'show' ? 'JOIN genres g ON g.id = x.genre_id' : '';
  const genreHit = kind === 'show' ? 'g.search_doc @@ q.tq' : 'false';
  // The readings' queries are made once (OFFSET 0 keeps the planner from folding them into the
  // join, where they would be made again for every row), and each name's nearness once.
  return `SELECT m.id,
            max(m.relevance + CASE WHEN to_tsvector('russian'::regconfig, m.search_name) @@ m.tq THEN 1 ELSE 0 END)::float8
              AS relevance
       FROM (SELECT x.id, s.near >= q.nearness OR x.search_doc @@ q.tq OR ${genreHit} AS hit,
                    s.near
                    + CASE WHEN x.search_doc @@ q.tq THEN ts_rank(x.search_doc, q.tq) ELSE 0 END
                    + CASE WHEN ${genreHit} THEN 0.3 ELSE 0 END AS relevance,
                    x.search_name, q.tq
               FROM (SELECT k AS key, to_tsquery('russian'::regconfig, t) AS tq, n AS nearness
                       FROM unnest(${keys}::text[], ${queries}::text[], ${nearness}::float8[]) AS r(k, t, n)
                     OFFSET 0) q
              CROSS JOIN ${TABLES[kind]} x ${genreJoin}
              CROSS JOIN LATERAL (SELECT ${similar} AS near) s) m
      WHERE m.hit
      GROUP BY m.id`;
}

/** Per kind, the rows that match the text: id → relevance. */
export type Matches = Record<SearchKind, Map<number, number>>;

const KINDS = Object.keys(TABLES) as SearchKind[];

/**
 * The rows of every kind that match any reading of a text, in one statement: what a search asks
 * the database for each new text (the rest, what is ahead, is kept: ahead.ts).
 */
export async function matchAll(db: Queryable, readings: readonly QueryReading[]): Promise<Matches> {
  const matches = Object.fromEntries(KINDS.map((k) => [k, new Map<number, number>()])) as Matches;
  if (readings.length === 0) return matches;
  const ext = await trigramSchema(db);
  const { rows } = await db.query<{ kind: SearchKind; id: number; relevance: number }>(
    KINDS.map((k) => `SELECT '${k}' AS kind, x.id, x.relevance FROM (${matchSql(k, ext, 1)}) x`).join('\nUNION ALL\n'),
    readingParams(readings),
  );
  for (const r of rows) matches[r.kind].set(r.id, r.relevance);
  return matches;
}
