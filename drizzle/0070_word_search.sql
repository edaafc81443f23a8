-- Search that understands words (docs/product.md#search, decision 0371). Each product gets a weighted full-text
-- document per language: its title (A), its subtitle, category names and option values (B) and its description (C),
-- accent-folded by vitrina_search_normalize (drizzle/0002) and stemmed with the english or spanish configuration, so
-- "bags" finds "bag", "bolsos" finds "Bolso" and "zapatilla" finds "Zapatillas". Identical on PGlite and PostgreSQL 15.
--
-- Category names and option values live in other tables; statement triggers copy them into search_terms_en/es so the
-- stored documents stay generated columns of the product row (and a rename reaches every product in one statement).
-- Every name inside the functions is schema-qualified (see drizzle/0002: PGlite builds indexes with only pg_catalog).
CREATE OR REPLACE FUNCTION vitrina_product_fts(config regconfig, title text, subtitle text, terms text, description text)
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT setweight(pg_catalog.to_tsvector(config, coalesce(public.vitrina_search_normalize(title), '')), 'A')
    || setweight(pg_catalog.to_tsvector(config, coalesce(public.vitrina_search_normalize(coalesce(subtitle, '') || ' ' || coalesce(terms, '')), '')), 'B')
    || setweight(pg_catalog.to_tsvector(config, coalesce(public.vitrina_search_normalize(description), '')), 'C')
$$;
--> statement-breakpoint
ALTER TABLE "products"
  ADD COLUMN "search_terms_en" text NOT NULL DEFAULT '',
  ADD COLUMN "search_terms_es" text NOT NULL DEFAULT '';
--> statement-breakpoint
-- What a product's categories and options add to its documents: names and values, the Spanish falling back to English.
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
    SELECT w.id, coalesce(cats.en, '') || ' ' || coalesce(opts.en, '') AS en, coalesce(cats.es, '') || ' ' || coalesce(opts.es, '') AS es
    FROM wanted w LEFT JOIN cats ON cats.id = w.id LEFT JOIN opts ON opts.id = w.id
  ) t
  WHERE p.id = t.id AND (p.search_terms_en, p.search_terms_es) IS DISTINCT FROM (t.en, t.es);
END $$;
--> statement-breakpoint
-- A link added or removed. Links are never re-pointed by an UPDATE (only their copy of `listed` and order change,
-- which the documents do not read), so no UPDATE trigger: it would run on every stock or visibility change.
CREATE OR REPLACE FUNCTION vitrina_search_terms_from_links() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.vitrina_refresh_search_terms(ARRAY(SELECT DISTINCT product_id FROM new_rows));
  ELSE
    PERFORM public.vitrina_refresh_search_terms(ARRAY(SELECT DISTINCT product_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_categories_search_terms_ins AFTER INSERT ON product_categories
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vitrina_search_terms_from_links();
--> statement-breakpoint
CREATE TRIGGER product_categories_search_terms_del AFTER DELETE ON product_categories
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vitrina_search_terms_from_links();
--> statement-breakpoint
-- A category renamed: every product in it (only when a name changed; its sort order or image leave them alone).
CREATE OR REPLACE FUNCTION vitrina_search_terms_from_categories() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.vitrina_refresh_search_terms(ARRAY(
    SELECT pc.product_id FROM public.product_categories pc WHERE pc.category_id IN (
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.name_en, n.name_es) IS DISTINCT FROM (o.name_en, o.name_es))));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER categories_search_terms AFTER UPDATE ON categories
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vitrina_search_terms_from_categories();
--> statement-breakpoint
-- Option values added, renamed or removed (a removed option cascades to its values, which fires this too).
CREATE OR REPLACE FUNCTION vitrina_search_terms_from_values() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.vitrina_refresh_search_terms(ARRAY(
      SELECT o.product_id FROM public.product_options o WHERE o.id IN (SELECT option_id FROM new_rows)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM public.vitrina_refresh_search_terms(ARRAY(
      SELECT o.product_id FROM public.product_options o WHERE o.id IN (SELECT option_id FROM old_rows)));
  ELSE
    PERFORM public.vitrina_refresh_search_terms(ARRAY(
      SELECT o.product_id FROM public.product_options o WHERE o.id IN (
        SELECT n.option_id FROM new_rows n JOIN old_rows od ON od.id = n.id
        WHERE (n.value_en, n.value_es, n.option_id) IS DISTINCT FROM (od.value_en, od.value_es, od.option_id)
        UNION SELECT od.option_id FROM new_rows n JOIN old_rows od ON od.id = n.id WHERE n.option_id <> od.option_id)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_option_values_search_terms_ins AFTER INSERT ON product_option_values
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vitrina_search_terms_from_values();
--> statement-breakpoint
CREATE TRIGGER product_option_values_search_terms_del AFTER DELETE ON product_option_values
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vitrina_search_terms_from_values();
--> statement-breakpoint
CREATE TRIGGER product_option_values_search_terms_upd AFTER UPDATE ON product_option_values
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vitrina_search_terms_from_values();
--> statement-breakpoint
SELECT vitrina_refresh_search_terms(ARRAY(SELECT id FROM products));
--> statement-breakpoint
ALTER TABLE "products"
  ADD COLUMN "search_fts_en" tsvector GENERATED ALWAYS AS (public.vitrina_product_fts('pg_catalog.english'::regconfig, title_en, subtitle_en, search_terms_en, description_en)) STORED,
  ADD COLUMN "search_fts_es" tsvector GENERATED ALWAYS AS (public.vitrina_product_fts('pg_catalog.spanish'::regconfig,
    coalesce(nullif(title_es, ''), title_en), coalesce(nullif(subtitle_es, ''), subtitle_en), search_terms_es,
    coalesce(nullif(description_es, ''), description_en))) STORED;
--> statement-breakpoint
CREATE INDEX "products_search_fts_en_idx" ON "products" USING gin ("search_fts_en");
--> statement-breakpoint
CREATE INDEX "products_search_fts_es_idx" ON "products" USING gin ("search_fts_es");
--> statement-breakpoint
-- The kept searches' change feed (drizzle/0045) also follows the word documents.
CREATE OR REPLACE FUNCTION vitrina_search_docs_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.catalog_facet_versions AS cv (product_id, txid)
  SELECT n.id, pg_current_xact_id()::text::bigint FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE (n.listed OR o.listed)
    AND (n.search_en, n.search_es, n.search_title_en, n.search_title_es, n.sort_order, n.search_fts_en, n.search_fts_es)
      IS DISTINCT FROM (o.search_en, o.search_es, o.search_title_en, o.search_title_es, o.sort_order, o.search_fts_en, o.search_fts_es)
  ORDER BY 1
  ON CONFLICT (product_id) DO UPDATE SET txid = excluded.txid;
  RETURN NULL;
END $$;
