-- Product search and storefront listing indexes (catalog). Identical on PGlite and PostgreSQL 15.
--
-- Every name inside these functions is schema-qualified: PostgreSQL 17+ (PGlite) builds indexes with a
-- search_path of only pg_catalog, so an unqualified public function would not be found there.
--
-- unaccent() is only STABLE (it reads a dictionary), so it cannot appear in an index expression. These wrappers
-- pin the dictionary by name and are declared IMMUTABLE, the usual, documented way to index unaccented text.
CREATE OR REPLACE FUNCTION vitrina_search_normalize(input text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $$
  SELECT lower(public.unaccent('public.unaccent'::regdictionary,
    regexp_replace(regexp_replace(input, '<[^>]*>', ' ', 'g'), '&[#a-zA-Z0-9]+;', ' ', 'g')))
$$;
--> statement-breakpoint
-- What a shopper searches in English: title, subtitle and description (HTML stripped).
CREATE OR REPLACE FUNCTION vitrina_product_search_doc_en(title_en text, subtitle_en text, description_en text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT public.vitrina_search_normalize(
    coalesce(title_en, '') || ' ' || coalesce(subtitle_en, '') || ' ' || coalesce(description_en, ''))
$$;
--> statement-breakpoint
-- The Spanish document falls back to English per field, as the storefront shows it.
CREATE OR REPLACE FUNCTION vitrina_product_search_doc_es(
  title_en text, title_es text, subtitle_en text, subtitle_es text, description_en text, description_es text
) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT public.vitrina_search_normalize(
    coalesce(nullif(title_es, ''), title_en, '') || ' ' ||
    coalesce(nullif(subtitle_es, ''), subtitle_en, '') || ' ' ||
    coalesce(nullif(description_es, ''), description_en, ''))
$$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_search_doc_en_trgm_idx ON products
  USING gin (public.vitrina_product_search_doc_en(title_en, subtitle_en, description_en) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_search_doc_es_trgm_idx ON products
  USING gin (public.vitrina_product_search_doc_es(title_en, title_es, subtitle_en, subtitle_es, description_en, description_es) gin_trgm_ops);
--> statement-breakpoint
-- The storefront's default listing (catalog order, stable by id) only ever reads visible products.
CREATE INDEX IF NOT EXISTS products_visible_order_idx ON products (sort_order, id)
  WHERE deleted_at IS NULL AND is_hidden = false AND status = 'published';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_visible_created_idx ON products (created_at, id)
  WHERE deleted_at IS NULL AND is_hidden = false AND status = 'published';
