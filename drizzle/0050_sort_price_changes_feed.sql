-- The facet index (features/catalog/facet-index.ts) keeps each listed product's displayed price
-- (`product_facet_stats.price_cents`, the price sorts' key) so that a filtered page sorted by price can find its rows
-- without walking the price index from the cheapest product (decision 0250). It learns of changes from the filters'
-- change feed (`catalog_facet_versions`, drizzle/0023), which the refresh stamps only when a product's variant rows
-- change; the displayed price can also change alone (the product's "which variant shows" setting, a variant's place
-- in the order). This stamps the feed whenever a product's displayed price row appears, goes or changes price; units
-- sold (every completed order) never stamp it.
CREATE OR REPLACE FUNCTION vitrina_sort_price_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO public.catalog_facet_versions AS cv (product_id, txid)
    SELECT n.product_id, pg_current_xact_id()::text::bigint FROM new_rows n ORDER BY 1
    ON CONFLICT (product_id) DO UPDATE SET txid = excluded.txid;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO public.catalog_facet_versions AS cv (product_id, txid)
    SELECT o.product_id, pg_current_xact_id()::text::bigint FROM old_rows o ORDER BY 1
    ON CONFLICT (product_id) DO UPDATE SET txid = excluded.txid;
  ELSE
    INSERT INTO public.catalog_facet_versions AS cv (product_id, txid)
    SELECT n.product_id, pg_current_xact_id()::text::bigint FROM new_rows n JOIN old_rows o ON o.product_id = n.product_id
    WHERE n.price_cents IS DISTINCT FROM o.price_cents ORDER BY 1
    ON CONFLICT (product_id) DO UPDATE SET txid = excluded.txid;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_facet_stats_price_inserted AFTER INSERT ON product_facet_stats
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vitrina_sort_price_changed();
--> statement-breakpoint
CREATE TRIGGER product_facet_stats_price_updated AFTER UPDATE ON product_facet_stats
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vitrina_sort_price_changed();
--> statement-breakpoint
CREATE TRIGGER product_facet_stats_price_deleted AFTER DELETE ON product_facet_stats
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vitrina_sort_price_changed();
