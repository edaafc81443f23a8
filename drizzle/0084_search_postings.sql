-- A one-word search's matches read from an index alone (docs/product.md#search, decision 0400). At a million products
-- a common word matches ~48,000 of them, and reading each through the GIN indexes visits its row (PostgreSQL here
-- cannot count a bitmap scan without the heap): ~90 ms for a first page, whatever else is tuned. Postings are the
-- same facts kept one row per product per term, in an index that holds every column a first page reads:
--   'l:' || lexeme  for each lexeme of the stemmed word document (search_fts_en/es): its matches as a word;
--   'w:' || word    for each word (a run of letters and digits, as pg_trgm and the lexicon see words) of the whole
--                   normalised document (search_en/es || ' ' || search_terms_en/es): a word typed is written in a
--                   product exactly when one of the catalog's words holding it (search_lexicon) is one of its words.
-- `tier` is what the term says of a one-word search's ranking tier (search-sql.ts searchTierSql): 0 a word of the
-- title (the title then holds what was typed), 1 a lexeme of the title (weight A), 2 of the subtitle, category names
-- or option values (B), 3 elsewhere. `title_trigrams` and `sort_order` are the product's, for the ranking's bound and
-- its last keys. `lexeme_held`, on a word's row: the product also has the word's own lexeme (so a search for the word
-- finds it by that lexeme too, and counts it there). Only listed products have postings. Kept by statement triggers
-- on products, never written by code.
CREATE TABLE IF NOT EXISTS "search_postings" (
  "locale" text NOT NULL,
  "term" text NOT NULL,
  "product_id" text NOT NULL,
  "tier" smallint NOT NULL,
  "title_trigrams" integer NOT NULL,
  "sort_order" integer NOT NULL,
  "lexeme_held" boolean NOT NULL
);
--> statement-breakpoint
-- A product's postings in one language: its lexemes with the best weight each has, and its words of three letters or
-- more (a search word shorter than that is never read from postings) up to 1,000 (a btree key's room), marked when
-- the title holds them and when the word's lexeme is one of the product's.
CREATE OR REPLACE FUNCTION vitrina_search_postings_of(config regconfig, doc text, title text, fts tsvector)
RETURNS TABLE (term text, tier smallint, lexeme_held boolean)
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT 'l:' || u.lexeme, (CASE WHEN 'A' = ANY(u.weights) THEN 1 WHEN 'B' = ANY(u.weights) THEN 2 ELSE 3 END)::smallint, true
  FROM unnest(fts) u
  UNION ALL
  SELECT 'w:' || w.word, w.tier, coalesce((SELECT array_agg(v.lexeme) FROM unnest(to_tsvector(config, w.word)) v) <@ held.lexemes, false)
  FROM (SELECT tsvector_to_array(fts) AS lexemes) held,
    (SELECT a.word, (CASE WHEN bool_or(a.in_title) THEN 0 ELSE 3 END)::smallint AS tier
     FROM (SELECT t.word, true AS in_title FROM regexp_split_to_table(title, '[^[:alnum:]]+') AS t(word)
           UNION ALL SELECT d.word, false FROM regexp_split_to_table(doc, '[^[:alnum:]]+') AS d(word)) a
     WHERE length(a.word) BETWEEN 3 AND 1000
     GROUP BY a.word) w
$$;
--> statement-breakpoint
-- The postings of these products that are listed, in both languages.
CREATE OR REPLACE FUNCTION vitrina_search_postings_write(ids text[]) RETURNS void
LANGUAGE sql
AS $$
  INSERT INTO public.search_postings (locale, term, product_id, tier, title_trigrams, sort_order, lexeme_held)
  SELECT x.locale, t.term, p.id, t.tier, x.trigrams, p.sort_order, t.lexeme_held
  FROM public.products p,
    LATERAL (VALUES ('en', 'pg_catalog.english'::regconfig, p.search_en || ' ' || p.search_terms_en, p.search_title_en, p.search_fts_en,
        p.search_title_trigrams_en),
      ('es', 'pg_catalog.spanish'::regconfig, p.search_es || ' ' || p.search_terms_es, p.search_title_es, p.search_fts_es,
        p.search_title_trigrams_es)) x(locale, config, doc, title, fts, trigrams),
    LATERAL public.vitrina_search_postings_of(x.config, x.doc, x.title, x.fts) t
  WHERE p.id = ANY(ids) AND p.listed
$$;
--> statement-breakpoint
-- Only rows whose postings may differ are written again: a stock, price or date-only update compares and moves on.
CREATE OR REPLACE FUNCTION vitrina_search_postings_from_products() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n.id) INTO ids FROM new_rows n WHERE n.listed;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(n.id) INTO ids FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.listed OR o.listed) AND (n.listed, n.search_en, n.search_es, n.search_terms_en, n.search_terms_es, n.search_title_en,
        n.search_title_es, n.search_fts_en, n.search_fts_es, n.search_title_trigrams_en, n.search_title_trigrams_es, n.sort_order)
      IS DISTINCT FROM (o.listed, o.search_en, o.search_es, o.search_terms_en, o.search_terms_es, o.search_title_en,
        o.search_title_es, o.search_fts_en, o.search_fts_es, o.search_title_trigrams_en, o.search_title_trigrams_es, o.sort_order);
  ELSE
    SELECT array_agg(o.id) INTO ids FROM old_rows o WHERE o.listed;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM public.search_postings s WHERE s.product_id = ANY(ids);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM public.vitrina_search_postings_write(ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vitrina_search_postings_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE public.search_postings;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_search_postings_ins AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vitrina_search_postings_from_products();
--> statement-breakpoint
CREATE TRIGGER products_search_postings_upd AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vitrina_search_postings_from_products();
--> statement-breakpoint
CREATE TRIGGER products_search_postings_del AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vitrina_search_postings_from_products();
--> statement-breakpoint
CREATE TRIGGER products_search_postings_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_search_postings_truncated();
--> statement-breakpoint
-- The listed products' postings now, before the indexes (built once rather than kept row by row).
SELECT vitrina_search_postings_write(array_agg(id)) FROM products WHERE listed;
--> statement-breakpoint
-- In the order a first page's candidates are taken (a term's rows of a tier, by title trigram count from the words'
-- own outwards), with every column a search reads: a common word's matches are counted and its page's candidates
-- read without visiting the table. A word's rows whose product has its lexeme too come apart (lexeme_held), so the
-- count skips them in one range.
CREATE INDEX IF NOT EXISTS "search_postings_term_idx"
  ON "search_postings" ("locale", "term", "lexeme_held", "tier", "title_trigrams", "sort_order", "product_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_postings_product_idx" ON "search_postings" ("product_id");
--> statement-breakpoint
-- A word typed is read from postings through the catalog's words that hold it: the lexicon must hold every word as
-- long as a posting's (it kept 2 to 64 letters, what near spellings need; they still only read those).
CREATE OR REPLACE FUNCTION vitrina_search_lexicon_add(docs_en text[], docs_es text[]) RETURNS void
LANGUAGE sql
AS $$
  INSERT INTO public.search_lexicon (locale, word)
  SELECT DISTINCT d.locale, w.word
  FROM (SELECT 'en' AS locale, unnest(docs_en) AS doc UNION ALL SELECT 'es', unnest(docs_es)) d,
    LATERAL regexp_split_to_table(d.doc, '[^[:alnum:]]+') AS w(word)
  WHERE length(w.word) BETWEEN 2 AND 1000
    AND NOT EXISTS (SELECT 1 FROM public.search_lexicon x WHERE x.locale = d.locale AND x.word = w.word)
$$;
--> statement-breakpoint
INSERT INTO search_lexicon (locale, word)
SELECT DISTINCT d.locale, w.word
FROM products p,
  LATERAL (VALUES ('en', p.search_en || ' ' || p.search_terms_en), ('es', p.search_es || ' ' || p.search_terms_es)) d(locale, doc),
  LATERAL regexp_split_to_table(d.doc, '[^[:alnum:]]+') AS w(word)
WHERE p.listed AND length(w.word) BETWEEN 65 AND 1000;
