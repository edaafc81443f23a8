-- A search's matches are kept per server process (features/catalog/search-matches.ts, decision 0200) and brought up
-- to date from the filters' change feed (`catalog_facet_versions`, drizzle/0023): a product is stamped there when its
-- filter rows change, which covers it joining or leaving the listed catalog. This stamps it too when what a search
-- reads of it changes without touching those rows: its search documents, its title (the ranking) or its place in the
-- catalog order (the ranking's tie-break). One statement trigger; a stock or price change never names these columns.
CREATE OR REPLACE FUNCTION vitrina_search_docs_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.catalog_facet_versions AS cv (product_id, txid)
  SELECT n.id, pg_current_xact_id()::text::bigint FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE (n.listed OR o.listed)
    AND (n.search_en, n.search_es, n.search_title_en, n.search_title_es, n.sort_order)
      IS DISTINCT FROM (o.search_en, o.search_es, o.search_title_en, o.search_title_es, o.sort_order)
  ORDER BY 1
  ON CONFLICT (product_id) DO UPDATE SET txid = excluded.txid;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_search_docs_changed AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vitrina_search_docs_changed();
