-- The catalog's words, for near spellings (docs/product.md#search, decision 0394). When a search's words find nothing,
-- each word is matched against this small table (a row per normalised word per language, trigram-indexed)
-- instead of against every product's whole document, and the products are then found by the nearest words written
-- as they are (the trigram index of drizzle/0077). Kept by statement triggers on products: the words of a listed
-- product's whole document (search_en/es and its category names and option values, search_terms_en/es) are added
-- when it is inserted, listed, or its document changes. Words are never removed: a word left behind by a deleted or
-- hidden product only costs a near-spelling search one of its few candidates, which then finds no product.
-- Every name inside the functions is schema-qualified (see drizzle/0002).
-- No unique key: writers adding the same new word at once would wait on each other's uncommitted row (and could
-- deadlock across statements); each adds only words it does not see, and a rare duplicate is merged by the lookup.
CREATE TABLE IF NOT EXISTS "search_lexicon" (
  "locale" text NOT NULL,
  "word" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_lexicon_locale_word_idx" ON "search_lexicon" ("locale", "word");
--> statement-breakpoint
-- No pending list (fastupdate): new words are few once a catalog exists, and a lookup would scan every pending entry.
CREATE INDEX IF NOT EXISTS "search_lexicon_word_trgm_idx" ON "search_lexicon" USING gin ("word" gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
-- The words of whole documents, as pg_trgm sees words (runs of letters and digits), 2 to 64 characters.
CREATE OR REPLACE FUNCTION vitrina_search_lexicon_add(docs_en text[], docs_es text[]) RETURNS void
LANGUAGE sql
AS $$
  INSERT INTO public.search_lexicon (locale, word)
  SELECT DISTINCT d.locale, w.word
  FROM (SELECT 'en' AS locale, unnest(docs_en) AS doc UNION ALL SELECT 'es', unnest(docs_es)) d,
    LATERAL regexp_split_to_table(d.doc, '[^[:alnum:]]+') AS w(word)
  WHERE length(w.word) BETWEEN 2 AND 64
    AND NOT EXISTS (SELECT 1 FROM public.search_lexicon x WHERE x.locale = d.locale AND x.word = w.word)
$$;
--> statement-breakpoint
-- Only the rows whose words may be new: a stock, price or visibility-only update reads the transition tables and adds
-- nothing, and a bulk import's documents are split once per statement.
CREATE OR REPLACE FUNCTION vitrina_search_lexicon_from_products() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.vitrina_search_lexicon_add(array_agg(n.search_en || ' ' || public.vitrina_search_normalize(n.search_terms_en)),
      array_agg(n.search_es || ' ' || public.vitrina_search_normalize(n.search_terms_es)))
    FROM new_rows n WHERE n.listed;
  ELSE
    PERFORM public.vitrina_search_lexicon_add(array_agg(n.search_en || ' ' || public.vitrina_search_normalize(n.search_terms_en)),
      array_agg(n.search_es || ' ' || public.vitrina_search_normalize(n.search_terms_es)))
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.listed AND (NOT o.listed OR (n.search_en, n.search_es, n.search_terms_en, n.search_terms_es)
      IS DISTINCT FROM (o.search_en, o.search_es, o.search_terms_en, o.search_terms_es));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_search_lexicon_ins AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vitrina_search_lexicon_from_products();
--> statement-breakpoint
CREATE TRIGGER products_search_lexicon_upd AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vitrina_search_lexicon_from_products();
--> statement-breakpoint
-- The words of the products listed now, in one statement (at a million products: docs/performance-log.md).
INSERT INTO search_lexicon (locale, word)
SELECT DISTINCT d.locale, w.word
FROM products p,
  LATERAL (VALUES ('en', p.search_en || ' ' || vitrina_search_normalize(p.search_terms_en)),
    ('es', p.search_es || ' ' || vitrina_search_normalize(p.search_terms_es))) d(locale, doc),
  LATERAL regexp_split_to_table(d.doc, '[^[:alnum:]]+') AS w(word)
WHERE p.listed AND length(w.word) BETWEEN 2 AND 64;
