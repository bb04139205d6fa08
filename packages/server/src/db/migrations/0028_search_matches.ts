/**
 * The search's matching in the database (decision 0037): `search_matches` finds the rows of every
 * kind that match any reading of a query through the name and document indexes of migration
 * 0023, instead of measuring every name against every reading (services/search/match.ts calls
 * it; what a match is stays the rule of 0023's time).
 *
 * - The search's GIN indexes take new rows straight into the index (fastupdate off). With it on,
 *   rows wait in a pending list that only a vacuum empties, and a catalogue of a few hundred
 *   names never gets one, so every search read the whole list row by row. The list of a
 *   database migrated before is emptied here.
 * - The function's settings hold only while it runs: the trigram index (the `<%` operator) finds
 *   the names at least as near as the least nearness asked; its plan is made once per connection
 *   (parameters do not change it); and it reads the indexes even where the planner would rather
 *   scan a small table, since it prices a trigram comparison, a few microseconds, as a cheap
 *   operator.
 */
/** The searched tables (migration 0023), each with a trigram index on its name and a full-text one on its document. */
const TABLES = ['shows', 'buildings', 'persons', 'organizers', 'genres'];
const INDEXES = TABLES.flatMap((t) => [`${t}_search_name`, `${t}_search_doc`]);
/** The kinds other than shows, with their tables: they match by their own name and document alone. */
const OTHER_KINDS = [
  ['building', 'buildings'],
  ['person', 'persons'],
  ['organizer', 'organizers'],
  ['genre', 'genres'],
];

export default `
${INDEXES.map((i) => `ALTER INDEX ${i} SET (fastupdate = off);`).join('\n')}
SELECT gin_clean_pending_list(i::regclass)
  FROM unnest(ARRAY[${INDEXES.map((i) => `'${i}'`).join(', ')}]) AS i;

-- Per reading (its normal form, its full-text query, how near a name must be): a row matches
-- when its name is near enough (word_similarity), its document holds every word, or, for a show,
-- its genre's document does. Relevance: the name's nearness, + 1 when the name holds every word,
-- + the document's ts_rank, + 0.3 for the genre; the best reading counts.
CREATE FUNCTION search_matches(keys text[], queries text[], nearness float8[])
  RETURNS TABLE (kind text, id int, relevance float8)
  LANGUAGE plpgsql STABLE
  SET pg_trgm.word_similarity_threshold = 0.3
  SET plan_cache_mode = force_generic_plan
  SET enable_seqscan = off
AS $$
BEGIN
  PERFORM set_config('pg_trgm.word_similarity_threshold', (SELECT min(n) FROM unnest(nearness) AS n)::text, true);
  RETURN QUERY
  WITH q AS MATERIALIZED (
    SELECT r.key, to_tsquery('russian'::regconfig, r.query) AS tq, r.nearness
      FROM unnest(keys, queries, nearness) AS r(key, query, nearness)
  ), genre_hits AS MATERIALIZED (
    SELECT q.key, g.id FROM q JOIN genres g ON g.search_doc @@ q.tq
  ), candidates AS (
    SELECT 'show' AS kind, x.id, q.key, q.tq, q.nearness, x.search_name, x.search_doc, x.genre_id
      FROM q JOIN shows x ON q.key <% x.search_name OR x.search_doc @@ q.tq
    UNION ALL
    SELECT 'show', x.id, q.key, q.tq, q.nearness, x.search_name, x.search_doc, x.genre_id
      FROM q JOIN genre_hits gh ON gh.key = q.key JOIN shows x ON x.genre_id = gh.id
${OTHER_KINDS.map(
  ([kind, table]) => `    UNION ALL
    SELECT '${kind}', x.id, q.key, q.tq, q.nearness, x.search_name, x.search_doc, NULL
      FROM q JOIN ${table} x ON q.key <% x.search_name OR x.search_doc @@ q.tq`,
).join('\n')}
  ), scored AS (
    SELECT c.kind, c.id, c.search_name, c.tq,
           word_similarity(c.key, c.search_name) AS near,
           c.search_doc @@ c.tq AS doc_hit,
           EXISTS (SELECT 1 FROM genre_hits gh WHERE gh.key = c.key AND gh.id = c.genre_id) AS genre_hit,
           c.search_doc, c.nearness
      FROM candidates c
  )
  SELECT s.kind, s.id,
         max(s.near
             + CASE WHEN s.doc_hit THEN ts_rank(s.search_doc, s.tq) ELSE 0 END
             + CASE WHEN s.genre_hit THEN 0.3 ELSE 0 END
             + CASE WHEN to_tsvector('russian'::regconfig, s.search_name) @@ s.tq THEN 1 ELSE 0 END)::float8
    FROM scored s
   WHERE s.near >= s.nearness OR s.doc_hit OR s.genre_hit
   GROUP BY s.kind, s.id;
END $$;

-- The tables are this schema's; the trigram operators and functions live where pg_trgm is.
DO $$
DECLARE ext text;
BEGIN
  SELECT n.nspname INTO ext FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
   WHERE e.extname = 'pg_trgm';
  EXECUTE format('ALTER FUNCTION search_matches(text[], text[], float8[]) SET search_path = %I, %I',
                 current_schema(), ext);
END $$;
`;
