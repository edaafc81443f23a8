-- Storefront filters (docs/product.md#filters-and-sort): which listed products carry each filter value, their
-- displayed price and units sold, kept by triggers so a filtered listing reads indexes instead of walking variants
-- and options per product. Rows exist for listed products only (a product that stops being listed loses them), so
-- no query has to join back to `products` to ask whether a shopper may see it.
--
-- Every name inside the functions is schema-qualified, as in 0002/0003.
CREATE TABLE "product_facets" (
	"facet" text NOT NULL,
	"product_id" text NOT NULL,
	CONSTRAINT "product_facets_facet_product_id_pk" PRIMARY KEY("facet","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_facet_stats" (
	"product_id" text PRIMARY KEY NOT NULL,
	"price_cents" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_facet_labels" (
	"facet" text PRIMARY KEY NOT NULL,
	"option_key" text NOT NULL,
	"option_en" text NOT NULL,
	"option_es" text NOT NULL,
	"value_en" text NOT NULL,
	"value_es" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_facets" ADD CONSTRAINT "product_facets_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "product_facet_stats" ADD CONSTRAINT "product_facet_stats_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "product_facets_product_idx" ON "product_facets" USING btree ("product_id");
--> statement-breakpoint
CREATE INDEX "product_facet_stats_price_idx" ON "product_facet_stats" USING btree ("price_cents","product_id");
--> statement-breakpoint
CREATE INDEX "product_facet_stats_sold_idx" ON "product_facet_stats" USING btree ("sold","product_id");
--> statement-breakpoint
CREATE INDEX "order_lines_product_idx" ON "order_lines" USING btree ("product_id");
--> statement-breakpoint
-- The key of an option name or value in URLs and facet ids: "White / Green" → "white-green", "Talla 42" → "talla-42".
CREATE OR REPLACE FUNCTION vitrina_facet_key(input text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $$
  SELECT trim(both '-' from regexp_replace(public.vitrina_search_normalize(input), '[^a-z0-9]+', '-', 'g'))
$$;
--> statement-breakpoint
-- Recomputes the facets, price and units sold of the given products (idempotent; safe when two writers refresh the
-- same product at once: rows are only ever deleted when unwanted and inserted ON CONFLICT DO NOTHING).
CREATE OR REPLACE FUNCTION vitrina_refresh_product_facets(ids text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  CREATE TEMP TABLE IF NOT EXISTS vitrina_facet_targets (id text PRIMARY KEY) ON COMMIT DELETE ROWS;
  CREATE TEMP TABLE IF NOT EXISTS vitrina_facet_wanted (facet text, product_id text) ON COMMIT DELETE ROWS;
  TRUNCATE vitrina_facet_targets, vitrina_facet_wanted;
  INSERT INTO vitrina_facet_targets SELECT DISTINCT u.id FROM unnest(ids) AS u(id) WHERE u.id IS NOT NULL;

  INSERT INTO vitrina_facet_wanted (facet, product_id)
  -- Stored the other way round: most products are in stock, so "in stock" is read as "not among the few sold out".
  SELECT 'out_of_stock', p.id FROM public.products p JOIN vitrina_facet_targets t ON t.id = p.id
  WHERE p.listed AND NOT (p.purchasable
    AND EXISTS (SELECT 1 FROM public.variants v WHERE v.product_id = p.id AND (NOT v.manage_inventory OR v.stock > 0)))
  UNION
  SELECT 'on_sale', p.id FROM public.products p JOIN vitrina_facet_targets t ON t.id = p.id
  WHERE p.listed AND EXISTS (SELECT 1 FROM public.variants v WHERE v.product_id = p.id
    AND v.sale_price_cents IS NOT NULL AND v.sale_price_cents < v.price_cents)
  UNION
  SELECT 'o:' || public.vitrina_facet_key(o.title_en) || ':' || public.vitrina_facet_key(ov.value_en), p.id
  FROM public.products p JOIN vitrina_facet_targets t ON t.id = p.id
  JOIN public.product_options o ON o.product_id = p.id
  JOIN public.product_option_values ov ON ov.option_id = o.id
  WHERE p.listed AND public.vitrina_facet_key(o.title_en) <> '' AND public.vitrina_facet_key(ov.value_en) <> ''
    AND EXISTS (SELECT 1 FROM public.variant_option_values l WHERE l.option_value_id = ov.id);

  DELETE FROM public.product_facets f USING vitrina_facet_targets t
  WHERE f.product_id = t.id AND NOT EXISTS (SELECT 1 FROM vitrina_facet_wanted w WHERE w.product_id = f.product_id AND w.facet = f.facet);
  INSERT INTO public.product_facets (facet, product_id) SELECT facet, product_id FROM vitrina_facet_wanted ORDER BY 1, 2
  ON CONFLICT DO NOTHING;

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
CREATE OR REPLACE FUNCTION vitrina_facets_products_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.vitrina_refresh_product_facets(ARRAY(SELECT id FROM new_rows WHERE listed));
  ELSE
    PERFORM public.vitrina_refresh_product_facets(ARRAY(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.listed IS DISTINCT FROM o.listed OR n.purchasable IS DISTINCT FROM o.purchasable
         OR n.site_product_selection IS DISTINCT FROM o.site_product_selection));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_facets_inserted AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vitrina_facets_products_changed();
--> statement-breakpoint
CREATE TRIGGER products_facets_updated AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vitrina_facets_products_changed();
--> statement-breakpoint
-- Variants: any insert, delete or change of price, sale price, stock or inventory tracking. Stock moves with every
-- checkout; the refresh is a handful of index lookups for one product.
CREATE OR REPLACE FUNCTION vitrina_facets_variants_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.vitrina_refresh_product_facets(ARRAY(SELECT DISTINCT product_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM public.vitrina_refresh_product_facets(ARRAY(SELECT DISTINCT product_id FROM old_rows));
  ELSE
    PERFORM public.vitrina_refresh_product_facets(ARRAY(
      SELECT n.product_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.price_cents, n.sale_price_cents, n.stock, n.manage_inventory, n.product_id, n.sort_order)
        IS DISTINCT FROM (o.price_cents, o.sale_price_cents, o.stock, o.manage_inventory, o.product_id, o.sort_order)
      UNION SELECT o.product_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.product_id <> o.product_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER variants_facets_inserted AFTER INSERT ON variants
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vitrina_facets_variants_changed();
--> statement-breakpoint
CREATE TRIGGER variants_facets_updated AFTER UPDATE ON variants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vitrina_facets_variants_changed();
--> statement-breakpoint
CREATE TRIGGER variants_facets_deleted AFTER DELETE ON variants
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vitrina_facets_variants_changed();
--> statement-breakpoint
-- Option values reach products through their links to variants; an option's or value's rename changes the key.
CREATE OR REPLACE FUNCTION vitrina_facets_links_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM public.vitrina_refresh_product_facets(ARRAY(
      SELECT DISTINCT v.product_id FROM old_rows l JOIN public.variants v ON v.id = l.variant_id));
  ELSE
    PERFORM public.vitrina_refresh_product_facets(ARRAY(
      SELECT DISTINCT v.product_id FROM new_rows l JOIN public.variants v ON v.id = l.variant_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER variant_option_values_facets_inserted AFTER INSERT ON variant_option_values
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vitrina_facets_links_changed();
--> statement-breakpoint
CREATE TRIGGER variant_option_values_facets_deleted AFTER DELETE ON variant_option_values
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vitrina_facets_links_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vitrina_facets_options_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'product_options' THEN
    PERFORM public.vitrina_refresh_product_facets(ARRAY(SELECT DISTINCT product_id FROM new_rows));
  ELSE
    PERFORM public.vitrina_refresh_product_facets(ARRAY(
      SELECT DISTINCT o.product_id FROM new_rows ov JOIN public.product_options o ON o.id = ov.option_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_options_facets_updated AFTER UPDATE ON product_options
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vitrina_facets_options_changed();
--> statement-breakpoint
CREATE TRIGGER product_option_values_facets_updated AFTER UPDATE ON product_option_values
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vitrina_facets_options_changed();
--> statement-breakpoint
-- Units sold (the "bestselling" sort) count completed and shipped orders: follow an order's status.
CREATE OR REPLACE FUNCTION vitrina_facets_order_status_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.vitrina_refresh_product_facets(ARRAY(SELECT DISTINCT product_id FROM public.order_lines WHERE order_id = NEW.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_facets_status AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION vitrina_facets_order_status_changed();
--> statement-breakpoint
-- The catalog as it is now.
SELECT vitrina_refresh_product_facets(ARRAY(SELECT id FROM products WHERE listed));
