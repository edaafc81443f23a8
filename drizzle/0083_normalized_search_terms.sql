-- A product's category names and option values (search_terms_en/es, drizzle/0070) are stored normalised, as the rest
-- of its whole search document is (search_en/es, drizzle/0003). The whole document's trigram index (drizzle/0077)
-- becomes an expression of stored columns only, so a search's substring check reads them as they are: every
-- candidate the trigram index returns used to have its names normalised again for each word (~2 µs a call, about a
-- quarter of a typed prefix's first page at a million products; docs/performance-log.md). The words of the lexicon
-- (drizzle/0080) were made from the names normalised and stay the same. The stemmed documents (vitrina_product_fts)
-- normalise the stored names once more, which changes nothing but for ten characters of all Unicode (the ångström sign
-- and nine phonetic letters, whose lower case unaccent folds further). Names inside the functions are
-- schema-qualified (drizzle/0002).
CREATE OR REPLACE FUNCTION vitrina_refresh_search_terms(ids text[]) RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  -- Nothing to do makes no statement: an empty UPDATE would still fire the products' statement triggers.
  IF coalesce(cardinality(ids), 0) = 0 THEN RETURN; END IF;
  -- Set-based (grouped joins, not a subquery per product): a bulk import links a whole catalog in one statement.
  WITH wanted AS (SELECT DISTINCT unnest(ids) AS id),
  cats AS (
    SELECT pc.product_id AS id, string_agg(c.name_en, ' ' ORDER BY c.id) AS en,
      string_agg(coalesce(nullif(c.name_es, ''), c.name_en), ' ' ORDER BY c.id) AS es
    FROM public.product_categories pc JOIN public.categories c ON c.id = pc.category_id
    WHERE pc.product_id IN (SELECT id FROM wanted) GROUP BY pc.product_id),
  opts AS (
    SELECT o.product_id AS id, string_agg(DISTINCT v.value_en, ' ') AS en,
      string_agg(DISTINCT coalesce(nullif(v.value_es, ''), v.value_en), ' ') AS es
    FROM public.product_options o JOIN public.product_option_values v ON v.option_id = o.id
    WHERE o.product_id IN (SELECT id FROM wanted) GROUP BY o.product_id)
  UPDATE public.products p SET search_terms_en = t.en, search_terms_es = t.es
  FROM (
    SELECT w.id,
      public.vitrina_search_normalize(coalesce(cats.en, '') || ' ' || coalesce(opts.en, '')) AS en,
      public.vitrina_search_normalize(coalesce(cats.es, '') || ' ' || coalesce(opts.es, '')) AS es
    FROM wanted w LEFT JOIN cats ON cats.id = w.id LEFT JOIN opts ON opts.id = w.id
  ) t
  WHERE p.id = t.id AND (p.search_terms_en, p.search_terms_es) IS DISTINCT FROM (t.en, t.es);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vitrina_search_lexicon_from_products() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.vitrina_search_lexicon_add(array_agg(n.search_en || ' ' || n.search_terms_en), array_agg(n.search_es || ' ' || n.search_terms_es))
    FROM new_rows n WHERE n.listed;
  ELSE
    PERFORM public.vitrina_search_lexicon_add(array_agg(n.search_en || ' ' || n.search_terms_en), array_agg(n.search_es || ' ' || n.search_terms_es))
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.listed AND (NOT o.listed OR (n.search_en, n.search_es, n.search_terms_en, n.search_terms_es)
      IS DISTINCT FROM (o.search_en, o.search_es, o.search_terms_en, o.search_terms_es));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only the products whose stored names change (at a million products with none, one read of every row).
UPDATE products SET search_terms_en = public.vitrina_search_normalize(search_terms_en),
  search_terms_es = public.vitrina_search_normalize(search_terms_es)
WHERE (search_terms_en, search_terms_es)
  IS DISTINCT FROM (public.vitrina_search_normalize(search_terms_en), public.vitrina_search_normalize(search_terms_es));
--> statement-breakpoint
-- The same names, the expression without the call. Built again as 0077 built them: minutes at a million products.
DROP INDEX IF EXISTS "products_search_whole_en_trgm_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_search_whole_en_trgm_idx" ON "products" USING gin (("search_en" || ' ' || "search_terms_en") gin_trgm_ops);
--> statement-breakpoint
DROP INDEX IF EXISTS "products_search_whole_es_trgm_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_search_whole_es_trgm_idx" ON "products" USING gin (("search_es" || ' ' || "search_terms_es") gin_trgm_ops);
