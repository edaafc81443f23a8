-- Search finds a product when every word is written somewhere in it, or every word is one of its stemmed words
-- (decision 0386). "Somewhere" is the whole normalised document: title, subtitle, description (search_en/es,
-- drizzle/0003) and the category names and option values (search_terms_en/es, kept by drizzle/0070's triggers). It is
-- indexed as an expression of those stored columns, so no column is added or rewritten and the triggers that keep
-- search_terms stay the only writers. The documents' own trigram indexes are then unused (the typo tier reads this
-- one too) and go, so a product write keeps two trigram indexes as before, not four.
-- At 1M products the two indexes took 171 s and 176 s to build (load 18-24 on 2 cores, maintenance_work_mem 512MB;
-- docs/performance-log.md): a shop that size should expect minutes for this migration.
CREATE INDEX IF NOT EXISTS "products_search_whole_en_trgm_idx" ON "products"
  USING gin (("search_en" || ' ' || public.vitrina_search_normalize("search_terms_en")) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_search_whole_es_trgm_idx" ON "products"
  USING gin (("search_es" || ' ' || public.vitrina_search_normalize("search_terms_es")) gin_trgm_ops);
--> statement-breakpoint
DROP INDEX IF EXISTS "products_search_en_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "products_search_es_trgm_idx";
