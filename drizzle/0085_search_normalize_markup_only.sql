-- Search's normalisation takes out markup only: a tag is `<`, an optional `/` or `!`, a letter, and text up to the
-- next `>` with no `<` in between. It took out everything from any `<` to the next `>`, across the fields a document
-- joins: a plain-text title "I <3 NY Tote" followed by an HTML description lost "<3 NY Tote  <p>", so the product's
-- document held neither "ny" nor "tote". A `<` in an HTML description is written `&lt;` (an entity, taken out as before).
-- Facet keys keep the normalisation they were made with: they are stored (option types, facet rows) and in filter URLs.
CREATE OR REPLACE FUNCTION vitrina_facet_key(input text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $$
  SELECT trim(both '-' from regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary,
    regexp_replace(regexp_replace(input, '<[^>]*>', ' ', 'g'), '&[#a-zA-Z0-9]+;', ' ', 'g'))), '[^a-z0-9]+', '-', 'g'))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vitrina_search_normalize(input text) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT
AS $$
BEGIN
  RETURN lower(public.unaccent('public.unaccent'::regdictionary,
    regexp_replace(regexp_replace(input, '</?[[:alpha:]!][^<>]*>', ' ', 'g'), '&[#a-zA-Z0-9]+;', ' ', 'g')));
END
$$;
--> statement-breakpoint
-- What was stored with the old normalisation is made again where a `<` could have changed it: the stored category
-- names and option values (vitrina_refresh_search_terms writes only those that change)...
SELECT public.vitrina_refresh_search_terms(array_agg(DISTINCT x.id)) FROM (
  SELECT pc.product_id AS id FROM product_categories pc JOIN categories c ON c.id = pc.category_id
  WHERE c.name_en LIKE '%<%' OR c.name_es LIKE '%<%'
  UNION ALL
  SELECT o.product_id FROM product_options o JOIN product_option_values v ON v.option_id = o.id
  WHERE v.value_en LIKE '%<%' OR v.value_es LIKE '%<%') x;
--> statement-breakpoint
-- ...and the generated documents, titles and counts, which PostgreSQL computes again on any update of the row (the
-- products' triggers then write their postings and lexicon words). Descriptions are HTML, so nearly every product has a
-- `<`: only those whose document or title the new normalisation changes are written (a subtitle or stored name with a
-- `<` too, as the stemmed document joins those two apart). At a million products rewriting every row took 7 minutes.
UPDATE products SET title_en = title_en
WHERE concat_ws(' ', title_en, title_es, subtitle_en, subtitle_es, description_en, description_es) LIKE '%<%'
  AND ((search_en, search_es, search_title_en, search_title_es) IS DISTINCT FROM
      (public.vitrina_product_search_doc_en(title_en, subtitle_en, description_en),
       public.vitrina_product_search_doc_es(title_en, title_es, subtitle_en, subtitle_es, description_en, description_es),
       public.vitrina_search_normalize(title_en), public.vitrina_search_normalize(coalesce(nullif(title_es, ''), title_en)))
    OR concat(subtitle_en, subtitle_es, search_terms_en, search_terms_es) LIKE '%<%');
