-- Storefront filters per variant (docs/product.md#filters-and-sort, decision 0121): "size 42 + in stock" matches a
-- product only when ONE of its variants is both. `listed_variants` holds one row per variant of a listed product
-- with everything a filter asks of it (its own price, whether it can be bought now, whether it is on sale, its
-- option values, its product's categories), kept by the refresh function of 0009 (replaced below), which no longer
-- writes `product_facets`. `catalog_facet_versions` records, per product, the transaction that last changed its rows,
-- so a reader holding the rows in memory (features/catalog/facet-index.ts) fetches only what changed since it last
-- looked, with no counter row every writer would queue on.
--
-- Every name inside the functions is schema-qualified, as in 0002/0003/0009.
CREATE TABLE "listed_variants" (
	"variant_id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"price_cents" integer NOT NULL,
	"in_stock" boolean NOT NULL,
	"on_sale" boolean NOT NULL,
	"facets" text[] DEFAULT '{}' NOT NULL,
	"category_ids" text[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "listed_variants_product_idx" ON "listed_variants" USING btree ("product_id");
--> statement-breakpoint
CREATE TABLE "catalog_facet_versions" (
	"product_id" text PRIMARY KEY NOT NULL,
	"txid" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalog_facet_versions_txid_idx" ON "catalog_facet_versions" USING btree ("txid");
--> statement-breakpoint
DROP TABLE "product_facets";
--> statement-breakpoint
-- Recomputes the variant rows, option labels, displayed price and units sold of the given products (idempotent).
CREATE OR REPLACE FUNCTION vitrina_refresh_product_facets(ids text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  CREATE TEMP TABLE IF NOT EXISTS vitrina_facet_targets (id text PRIMARY KEY) ON COMMIT DELETE ROWS;
  CREATE TEMP TABLE IF NOT EXISTS vitrina_variant_wanted (variant_id text, product_id text, price_cents integer,
    in_stock boolean, on_sale boolean, facets text[], category_ids text[]) ON COMMIT DELETE ROWS;
  CREATE TEMP TABLE IF NOT EXISTS vitrina_facet_changed (product_id text PRIMARY KEY) ON COMMIT DELETE ROWS;
  TRUNCATE vitrina_facet_targets, vitrina_variant_wanted, vitrina_facet_changed;
  INSERT INTO vitrina_facet_targets SELECT DISTINCT u.id FROM unnest(ids) AS u(id) WHERE u.id IS NOT NULL;

  -- A variant's own price (its sale price when it has one), whether it can be bought now, whether it is on sale.
  INSERT INTO vitrina_variant_wanted
  SELECT v.id, p.id, coalesce(v.sale_price_cents, v.price_cents),
    p.purchasable AND (NOT v.manage_inventory OR v.stock > 0),
    v.sale_price_cents IS NOT NULL AND v.sale_price_cents < v.price_cents,
    ARRAY(SELECT DISTINCT 'o:' || public.vitrina_facet_key(o.title_en) || ':' || public.vitrina_facet_key(ov.value_en)
          FROM public.variant_option_values l
          JOIN public.product_option_values ov ON ov.id = l.option_value_id
          JOIN public.product_options o ON o.id = ov.option_id
          WHERE l.variant_id = v.id AND public.vitrina_facet_key(o.title_en) <> '' AND public.vitrina_facet_key(ov.value_en) <> ''
          ORDER BY 1),
    ARRAY(SELECT pc.category_id FROM public.product_categories pc WHERE pc.product_id = p.id ORDER BY 1)
  FROM public.products p JOIN vitrina_facet_targets t ON t.id = p.id JOIN public.variants v ON v.product_id = p.id
  WHERE p.listed;

  -- Products whose rows differ from what is stored (a moved variant names both products).
  INSERT INTO vitrina_facet_changed
  SELECT DISTINCT x.pid FROM (
    SELECT w.product_id AS wp, e.product_id AS ep FROM vitrina_variant_wanted w
    FULL JOIN (SELECT lv.* FROM public.listed_variants lv JOIN vitrina_facet_targets t ON t.id = lv.product_id) e
      ON e.variant_id = w.variant_id
    WHERE (w.product_id, w.price_cents, w.in_stock, w.on_sale, w.facets, w.category_ids)
      IS DISTINCT FROM (e.product_id, e.price_cents, e.in_stock, e.on_sale, e.facets, e.category_ids)
  ) d CROSS JOIN LATERAL (VALUES (d.wp), (d.ep)) AS x(pid)
  WHERE x.pid IS NOT NULL AND x.pid IN (SELECT id FROM vitrina_facet_targets);

  IF EXISTS (SELECT 1 FROM vitrina_facet_changed) THEN
    DELETE FROM public.listed_variants lv USING vitrina_facet_changed c WHERE lv.product_id = c.product_id;
    DELETE FROM public.listed_variants lv USING vitrina_variant_wanted w
    WHERE lv.variant_id = w.variant_id AND w.product_id IN (SELECT product_id FROM vitrina_facet_changed);
    INSERT INTO public.listed_variants (variant_id, product_id, price_cents, in_stock, on_sale, facets, category_ids)
    SELECT w.* FROM vitrina_variant_wanted w JOIN vitrina_facet_changed c ON c.product_id = w.product_id ORDER BY 1;
    INSERT INTO public.catalog_facet_versions AS cv (product_id, txid)
    SELECT product_id, pg_current_xact_id()::text::bigint FROM vitrina_facet_changed ORDER BY 1
    ON CONFLICT (product_id) DO UPDATE SET txid = excluded.txid;
  END IF;

  -- Names shown for option values: the first seen wins, renames follow.
  INSERT INTO public.catalog_facet_labels AS c (facet, option_key, option_en, option_es, value_en, value_es, sort_order)
  SELECT DISTINCT ON (1) 'o:' || public.vitrina_facet_key(o.title_en) || ':' || public.vitrina_facet_key(ov.value_en),
         public.vitrina_facet_key(o.title_en), o.title_en, o.title_es, ov.value_en, ov.value_es, ov.sort_order
  FROM public.products p JOIN vitrina_facet_targets t ON t.id = p.id
  JOIN public.product_options o ON o.product_id = p.id
  JOIN public.product_option_values ov ON ov.option_id = o.id
  WHERE p.listed AND public.vitrina_facet_key(o.title_en) <> '' AND public.vitrina_facet_key(ov.value_en) <> ''
  ORDER BY 1, p.id
  ON CONFLICT (facet) DO UPDATE SET option_en = excluded.option_en, option_es = excluded.option_es,
    value_en = excluded.value_en, value_es = excluded.value_es
  WHERE (c.option_en, c.option_es, c.value_en, c.value_es) IS DISTINCT FROM (excluded.option_en, excluded.option_es, excluded.value_en, excluded.value_es);

  -- The displayed price (docs/product.md#displayed-price), as features/catalog/service.ts sorts by it.
  INSERT INTO public.product_facet_stats AS s (product_id, price_cents, sold)
  SELECT x.id, x.price_cents, x.sold FROM (
    SELECT p.id,
      CASE WHEN p.site_product_selection IS NULL OR p.site_product_selection = 'lowest_price_first'
        THEN (SELECT min(coalesce(v1.sale_price_cents, v1.price_cents)) FROM public.variants v1 WHERE v1.product_id = p.id)
        ELSE (SELECT coalesce(v2.sale_price_cents, v2.price_cents) FROM public.variants v2 WHERE v2.product_id = p.id
              ORDER BY v2.sort_order, v2.id LIMIT 1) END AS price_cents,
      coalesce((SELECT sum(l.quantity) FROM public.order_lines l JOIN public.orders o ON o.id = l.order_id
                WHERE l.product_id = p.id AND o.status IN ('completed', 'shipped')), 0)::integer AS sold
    FROM public.products p JOIN vitrina_facet_targets t ON t.id = p.id
    WHERE p.listed) x
  WHERE x.price_cents IS NOT NULL
  ORDER BY x.id
  ON CONFLICT (product_id) DO UPDATE SET price_cents = excluded.price_cents, sold = excluded.sold
  WHERE (s.price_cents, s.sold) IS DISTINCT FROM (excluded.price_cents, excluded.sold);
  DELETE FROM public.product_facet_stats s USING vitrina_facet_targets t
  WHERE s.product_id = t.id AND NOT EXISTS (SELECT 1 FROM public.products p WHERE p.id = t.id AND p.listed
    AND EXISTS (SELECT 1 FROM public.variants v WHERE v.product_id = p.id));
END $$;
--> statement-breakpoint
-- A product joining or leaving a category changes the category filter of its variants.
CREATE OR REPLACE FUNCTION vitrina_facets_categories_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM public.vitrina_refresh_product_facets(ARRAY(SELECT DISTINCT product_id FROM old_rows));
  ELSE
    PERFORM public.vitrina_refresh_product_facets(ARRAY(SELECT DISTINCT product_id FROM new_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_categories_facets_inserted AFTER INSERT ON product_categories
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vitrina_facets_categories_changed();
--> statement-breakpoint
CREATE TRIGGER product_categories_facets_deleted AFTER DELETE ON product_categories
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vitrina_facets_categories_changed();
--> statement-breakpoint
-- The catalog as it is now.
SELECT vitrina_refresh_product_facets(ARRAY(SELECT id FROM products WHERE listed));
