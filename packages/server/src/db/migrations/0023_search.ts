/**
 * Search (site-browsing-account.md 2.2, 2.6, 7 Search; decision 0037): the database's own
 * full-text search (the 'russian' configuration: 'спектакли' and 'спектакль' share a stem) and
 * trigram similarity (pg_trgm: 'щелкунчек' is near 'щелкунчик'), both over one normal form of a
 * text, `search_key`: lower case, 'ё' read as 'е', anything but letters and digits a space. The
 * search module (services/search/text.ts) puts a query into the same form.
 *
 * pg_trgm lives in its own schema, partera_ext, unless it is installed already (then where it
 * is): the tables' schema may be one of several (tests), and dropping one must not take the
 * extension the others use. The embedded database loads the same extension (db/pglite.ts).
 */
export default `
CREATE OR REPLACE FUNCTION search_key(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT btrim(regexp_replace(translate(lower(value), 'ё', 'е'), '[^a-z0-9а-я]+', ' ', 'g')) $$;

-- Each searchable table keeps its name's normal form and its full-text document, computed on
-- write (generated columns), so a search reads them instead of computing them for every row.
ALTER TABLE shows
  ADD COLUMN search_name text GENERATED ALWAYS AS (search_key(name)) STORED,
  ADD COLUMN search_doc tsvector GENERATED ALWAYS AS
    (to_tsvector('russian'::regconfig, search_key(name) || ' ' || search_key(description))) STORED;
ALTER TABLE buildings
  ADD COLUMN search_name text GENERATED ALWAYS AS (search_key(name)) STORED,
  ADD COLUMN search_doc tsvector GENERATED ALWAYS AS
    (to_tsvector('russian'::regconfig, search_key(name) || ' ' || search_key(address))) STORED;
ALTER TABLE persons
  ADD COLUMN search_name text GENERATED ALWAYS AS (search_key(name)) STORED,
  ADD COLUMN search_doc tsvector GENERATED ALWAYS AS (to_tsvector('russian'::regconfig, search_key(name))) STORED;
ALTER TABLE organizers
  ADD COLUMN search_name text GENERATED ALWAYS AS (search_key(name)) STORED,
  ADD COLUMN search_doc tsvector GENERATED ALWAYS AS (to_tsvector('russian'::regconfig, search_key(name))) STORED;
ALTER TABLE genres
  ADD COLUMN search_name text GENERATED ALWAYS AS (search_key(name)) STORED,
  ADD COLUMN search_doc tsvector GENERATED ALWAYS AS (to_tsvector('russian'::regconfig, search_key(name))) STORED;

CREATE INDEX shows_search_doc ON shows USING gin (search_doc);
CREATE INDEX buildings_search_doc ON buildings USING gin (search_doc);
CREATE INDEX persons_search_doc ON persons USING gin (search_doc);
CREATE INDEX organizers_search_doc ON organizers USING gin (search_doc);
CREATE INDEX genres_search_doc ON genres USING gin (search_doc);

DO $$
DECLARE ext text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    -- The extension is the database's, not the schema's: another schema's migration may be
    -- creating it at this moment. One at a time, then look again.
    PERFORM pg_advisory_xact_lock(727274);
    IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
      CREATE SCHEMA IF NOT EXISTS partera_ext;
      CREATE EXTENSION pg_trgm SCHEMA partera_ext;
    END IF;
  END IF;
  SELECT n.nspname INTO ext FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
   WHERE e.extname = 'pg_trgm';
  EXECUTE format('CREATE INDEX shows_search_name ON shows USING gin (search_name %I.gin_trgm_ops)', ext);
  EXECUTE format('CREATE INDEX buildings_search_name ON buildings USING gin (search_name %I.gin_trgm_ops)', ext);
  EXECUTE format('CREATE INDEX persons_search_name ON persons USING gin (search_name %I.gin_trgm_ops)', ext);
  EXECUTE format('CREATE INDEX organizers_search_name ON organizers USING gin (search_name %I.gin_trgm_ops)', ext);
  EXECUTE format('CREATE INDEX genres_search_name ON genres USING gin (search_name %I.gin_trgm_ops)', ext);
END $$;
`;
