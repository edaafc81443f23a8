-- vitrina_free_slug (drizzle/0069) with one look-up per table and language, so each reads its own unique index
-- (products_slug_en/es_unique, categories_slug_unique / _slug_es_unique) instead of every row of the table.
-- The earlier form compared `CASE WHEN lang = 'es' THEN slug_es ELSE slug_en END`: once PL/pgSQL keeps a generic plan
-- for it, no index fits and every new product scanned products twice, so a large CSV import slowed chunk by chunk
-- (docs/performance-log.md). Same signature, same slugs: -2, -3… past current slugs and other rows' earlier ones.
CREATE OR REPLACE FUNCTION vitrina_free_slug(row_kind text, lang text, base text, self_id text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  stem text := coalesce(nullif(base, ''), row_kind);
  candidate text := stem;
  n integer := 1;
  taken boolean;
BEGIN
  LOOP
    IF row_kind = 'product' AND lang = 'es' THEN
      SELECT EXISTS (SELECT 1 FROM public.products p WHERE p.slug_es = candidate AND p.id <> self_id) INTO taken;
    ELSIF row_kind = 'product' THEN
      SELECT EXISTS (SELECT 1 FROM public.products p WHERE p.slug_en = candidate AND p.id <> self_id) INTO taken;
    ELSIF lang = 'es' THEN
      SELECT EXISTS (SELECT 1 FROM public.categories c WHERE c.slug_es = candidate AND c.id <> self_id) INTO taken;
    ELSE
      SELECT EXISTS (SELECT 1 FROM public.categories c WHERE c.slug = candidate AND c.id <> self_id) INTO taken;
    END IF;
    IF NOT taken THEN
      SELECT EXISTS (SELECT 1 FROM public.catalog_slug_history h
        WHERE h.kind = row_kind AND h.locale = lang AND h.slug = candidate AND h.target_id <> self_id) INTO taken;
    END IF;
    EXIT WHEN NOT taken;
    n := n + 1;
    candidate := stem || '-' || n;
  END LOOP;
  RETURN candidate;
END $$;
