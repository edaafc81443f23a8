-- Option types shared across products (docs/product.md#option-types, decision 0368). A product's option ("Colour",
-- "Estilo", "Size"…) links to one of the shop's option types, and each of its values to one of the type's values, so
-- the storefront filters group by type (one "Colour" filter, whatever each product called it) and list values in
-- the type's order (sizes by number). Existing options are linked here; later writes are linked by the trigger below,
-- whichever adapter writes them (admin editor, CSV import, demo seed, bench seed).
--
-- Every name inside the functions is schema-qualified, as in 0002/0003/0009.
CREATE TABLE "option_types" (
	"id" text PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text DEFAULT '' NOT NULL,
	"kind" text DEFAULT 'other' NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "option_types_kind_check" CHECK ("kind" IN ('colour', 'size', 'other'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "option_types_key_unique" ON "option_types" USING btree ("key");
--> statement-breakpoint
CREATE TABLE "option_type_values" (
	"id" text PRIMARY KEY NOT NULL,
	"type_id" text NOT NULL REFERENCES "public"."option_types"("id") ON DELETE cascade,
	"value_en" text NOT NULL,
	"value_es" text DEFAULT '' NOT NULL,
	"key" text NOT NULL,
	"swatch" text,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "option_type_values_type_key_unique" ON "option_type_values" USING btree ("type_id", "key");
--> statement-breakpoint
ALTER TABLE "product_options" ADD COLUMN "option_type_id" text REFERENCES "public"."option_types"("id");
--> statement-breakpoint
ALTER TABLE "product_option_values" ADD COLUMN "type_value_id" text REFERENCES "public"."option_type_values"("id");
--> statement-breakpoint
CREATE INDEX "product_options_type_idx" ON "product_options" USING btree ("option_type_id");
--> statement-breakpoint
CREATE INDEX "product_option_values_type_value_idx" ON "product_option_values" USING btree ("type_value_id");
--> statement-breakpoint
-- Common colour words (keys as vitrina_facet_key makes them, English and Spanish) and a swatch for each: how a
-- "Style"/"Estilo" option is told to hold colours, and the swatch a new colour value starts with.
CREATE OR REPLACE FUNCTION vitrina_colour_swatch(word text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $$
  SELECT c.hex FROM (VALUES
    ('black', '#111111'), ('negro', '#111111'), ('white', '#f5f5f5'), ('blanco', '#f5f5f5'),
    ('red', '#c0392b'), ('rojo', '#c0392b'), ('blue', '#2e5cb8'), ('azul', '#2e5cb8'),
    ('green', '#2e7d32'), ('verde', '#2e7d32'), ('yellow', '#f2c94c'), ('amarillo', '#f2c94c'),
    ('orange', '#e67e22'), ('naranja', '#e67e22'), ('purple', '#7b4fa0'), ('morado', '#7b4fa0'),
    ('pink', '#e8a0b4'), ('rosa', '#e8a0b4'), ('brown', '#6b4226'), ('marron', '#6b4226'),
    ('grey', '#8a8a8a'), ('gray', '#8a8a8a'), ('gris', '#8a8a8a'), ('navy', '#1f3a5f'),
    ('beige', '#d9c7a7'), ('beis', '#d9c7a7'), ('cream', '#efe4c8'), ('crema', '#efe4c8'),
    ('gold', '#c9a227'), ('dorado', '#c9a227'), ('silver', '#c0c0c0'), ('plateado', '#c0c0c0'),
    ('tan', '#c49a6c'), ('cuero', '#c49a6c'), ('olive', '#6b6b2a'), ('oliva', '#6b6b2a'),
    ('ivory', '#fffff0'), ('marfil', '#fffff0'), ('burgundy', '#800020'), ('burdeos', '#800020'),
    ('cognac', '#9a463d'), ('conac', '#9a463d'), ('sand', '#c2b280'), ('arena', '#c2b280'),
    ('camel', '#c19a6b'), ('coral', '#ff7f50'), ('nude', '#e3bc9a'), ('terracotta', '#c65d3b'),
    ('terracota', '#c65d3b'), ('sage', '#9caf88'), ('salvia', '#9caf88'), ('blush', '#de5d83'),
    ('chestnut', '#954535'), ('castano', '#954535'), ('midnight', '#191970'), ('medianoche', '#191970'),
    ('khaki', '#c3b091'), ('caqui', '#c3b091'), ('turquoise', '#40e0d0'), ('turquesa', '#40e0d0')
  ) AS c(word, hex) WHERE c.word = $1
$$;
--> statement-breakpoint
-- Whether a value's name holds a colour word ("White / Green" does).
CREATE OR REPLACE FUNCTION vitrina_names_colour(input text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT EXISTS (SELECT 1 FROM unnest(string_to_array(public.vitrina_facet_key(coalesce(input, '')), '-')) AS w(word)
                 WHERE public.vitrina_colour_swatch(w.word) IS NOT NULL)
$$;
--> statement-breakpoint
-- Sizes go by number first (36, 37, 39, 40, 41…), then the admin's order; other types keep the admin's order. Called
-- after every change of a size type's values (here and by features/catalog/option-type-service.ts).
CREATE OR REPLACE FUNCTION vitrina_order_option_type_values(type_ids text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.option_type_values tv SET sort_order = r.n
  FROM (
    SELECT v.id, (row_number() OVER (PARTITION BY v.type_id ORDER BY
        CASE WHEN t.kind = 'size' AND v.value_en ~ '^\s*[0-9]+([.,][0-9]+)?\s*$' THEN 0 ELSE 1 END,
        CASE WHEN t.kind = 'size' AND v.value_en ~ '^\s*[0-9]+([.,][0-9]+)?\s*$'
          THEN replace(trim(v.value_en), ',', '.')::numeric END,
        v.sort_order, v.id) - 1)::integer AS n
    FROM public.option_type_values v JOIN public.option_types t ON t.id = v.type_id
    WHERE v.type_id = ANY(type_ids)
  ) r
  WHERE tv.id = r.id AND tv.sort_order IS DISTINCT FROM r.n;
END $$;
--> statement-breakpoint
-- Links the given product options that have no type yet, and their values, to the shop's option types (creating a
-- type or value when none matches): a "Colour"/"Color" option, or a "Style"/"Estilo" one whose values name colours,
-- joins the colour type; "Size"/"Talla" the size type; any other option the type of the same name in either
-- language (case and accents aside). Products whose variants already carry the options get their filters refreshed.
CREATE OR REPLACE FUNCTION vitrina_link_product_options(option_ids text[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  g record;
  tid text;
BEGIN
  CREATE TEMP TABLE IF NOT EXISTS vitrina_link_options (id text PRIMARY KEY, product_id text, kind text, en_key text,
    es_key text, title_en text, title_es text, type_id text) ON COMMIT DELETE ROWS;
  CREATE TEMP TABLE IF NOT EXISTS vitrina_link_types (type_id text PRIMARY KEY) ON COMMIT DELETE ROWS;
  TRUNCATE vitrina_link_options, vitrina_link_types;
  INSERT INTO vitrina_link_options
  SELECT o.id, o.product_id,
    CASE
      WHEN k.en IN ('colour', 'color', 'colours', 'colors') OR k.es IN ('color', 'colores') THEN 'colour'
      WHEN k.en IN ('size', 'sizes') OR k.es IN ('talla', 'tallas', 'talle', 'tamano') THEN 'size'
      WHEN (k.en IN ('style', 'styles') OR k.es IN ('estilo', 'estilos')) AND EXISTS (
        SELECT 1 FROM public.product_option_values ov WHERE ov.option_id = o.id
          AND (public.vitrina_names_colour(ov.value_en) OR public.vitrina_names_colour(ov.value_es))) THEN 'colour'
      ELSE 'other' END,
    k.en, k.es, o.title_en, o.title_es, o.option_type_id
  FROM public.product_options o
  CROSS JOIN LATERAL (SELECT public.vitrina_facet_key(o.title_en) AS en, public.vitrina_facet_key(o.title_es) AS es) k
  WHERE o.id = ANY(option_ids) AND k.en <> '';

  -- One type per group of options, in a stable order (the first option of a group names a new type).
  FOR g IN SELECT l.kind, CASE WHEN l.kind = 'other' THEN l.en_key ELSE l.kind END AS grp,
      min(l.id) AS first_id
    FROM vitrina_link_options l WHERE l.type_id IS NULL GROUP BY 1, 2 ORDER BY 2
  LOOP
    tid := NULL;
    IF g.kind <> 'other' THEN
      SELECT t.id INTO tid FROM public.option_types t WHERE t.kind = g.kind ORDER BY t.created_at, t.id LIMIT 1;
    ELSE
      SELECT t.id INTO tid FROM public.option_types t, vitrina_link_options f
      WHERE f.id = g.first_id AND (t.key = f.en_key OR (f.es_key <> '' AND public.vitrina_facet_key(t.name_es) = f.es_key))
      ORDER BY (t.key = f.en_key) DESC, t.created_at, t.id LIMIT 1;
    END IF;
    IF tid IS NULL THEN
      INSERT INTO public.option_types AS t (id, name_en, name_es, kind, key)
      SELECT 'otype_' || replace(gen_random_uuid()::text, '-', ''),
        CASE g.kind WHEN 'colour' THEN 'Colour' WHEN 'size' THEN 'Size' ELSE f.title_en END,
        CASE g.kind WHEN 'colour' THEN 'Color' WHEN 'size' THEN 'Talla' ELSE f.title_es END,
        g.kind, CASE g.kind WHEN 'other' THEN f.en_key ELSE g.kind END
      FROM vitrina_link_options f WHERE f.id = g.first_id
      ON CONFLICT (key) DO NOTHING;
      SELECT t.id INTO tid FROM public.option_types t
      WHERE t.key = (CASE g.kind WHEN 'other' THEN (SELECT f.en_key FROM vitrina_link_options f WHERE f.id = g.first_id) ELSE g.kind END);
    END IF;
    UPDATE vitrina_link_options l SET type_id = tid
    WHERE l.type_id IS NULL AND l.kind = g.kind AND (g.kind <> 'other' OR l.en_key = g.grp);
  END LOOP;

  -- The link writes below must not each refresh the filters (the triggers of 0009 would): done once at the end.
  PERFORM set_config('vitrina.linking_options', 'on', true);
  UPDATE public.product_options o SET option_type_id = l.type_id
  FROM vitrina_link_options l WHERE o.id = l.id AND o.option_type_id IS NULL;

  -- Values: the type's value of the same (English) name, else a new one after the type's others.
  CREATE TEMP TABLE IF NOT EXISTS vitrina_link_values (id text PRIMARY KEY, type_id text, kind text, key text,
    value_en text, value_es text, sort_order integer) ON COMMIT DELETE ROWS;
  TRUNCATE vitrina_link_values;
  INSERT INTO vitrina_link_values
  SELECT ov.id, o.option_type_id, t.kind, public.vitrina_facet_key(ov.value_en), ov.value_en, ov.value_es, ov.sort_order
  FROM public.product_option_values ov JOIN public.product_options o ON o.id = ov.option_id
  JOIN public.option_types t ON t.id = o.option_type_id
  WHERE ov.option_id IN (SELECT l.id FROM vitrina_link_options l) AND ov.type_value_id IS NULL
    AND public.vitrina_facet_key(ov.value_en) <> '';
  INSERT INTO vitrina_link_types SELECT DISTINCT type_id FROM vitrina_link_values;
  INSERT INTO public.option_type_values AS tv (id, type_id, value_en, value_es, key, swatch, sort_order)
  SELECT 'otval_' || replace(gen_random_uuid()::text, '-', ''), n.type_id, n.value_en, n.value_es, n.key,
    CASE WHEN n.kind = 'colour' THEN public.vitrina_colour_swatch(n.key) END,
    coalesce((SELECT max(e.sort_order) + 1 FROM public.option_type_values e WHERE e.type_id = n.type_id), 0)
      + (row_number() OVER (PARTITION BY n.type_id ORDER BY n.sort_order, n.key))::integer - 1
  FROM (SELECT DISTINCT ON (v.type_id, v.key) v.* FROM vitrina_link_values v
        WHERE NOT EXISTS (SELECT 1 FROM public.option_type_values e WHERE e.type_id = v.type_id AND e.key = v.key)
        ORDER BY v.type_id, v.key, v.sort_order, v.id) n
  ORDER BY n.type_id, n.key
  ON CONFLICT (type_id, key) DO NOTHING;
  UPDATE public.product_option_values ov SET type_value_id = tv.id
  FROM vitrina_link_values v JOIN public.option_type_values tv ON tv.type_id = v.type_id AND tv.key = v.key
  WHERE ov.id = v.id;
  PERFORM public.vitrina_order_option_type_values(ARRAY(
    SELECT l.type_id FROM vitrina_link_types l JOIN public.option_types t ON t.id = l.type_id WHERE t.kind = 'size'));
  PERFORM set_config('vitrina.linking_options', 'off', true);

  PERFORM public.vitrina_refresh_product_facets(ARRAY(
    SELECT DISTINCT l.product_id FROM vitrina_link_options l
    WHERE EXISTS (SELECT 1 FROM public.product_option_values ov JOIN public.variant_option_values vl ON vl.option_value_id = ov.id
                  WHERE ov.option_id = l.id)));
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vitrina_option_values_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.vitrina_link_product_options(ARRAY(SELECT DISTINCT option_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_option_values_link_types AFTER INSERT ON product_option_values
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vitrina_option_values_inserted();
--> statement-breakpoint
-- As 0009's, except while options are being linked (the linking refreshes once, for the products that need it).
CREATE OR REPLACE FUNCTION vitrina_facets_options_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('vitrina.linking_options', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'product_options' THEN
    PERFORM public.vitrina_refresh_product_facets(ARRAY(SELECT DISTINCT product_id FROM new_rows));
  ELSE
    PERFORM public.vitrina_refresh_product_facets(ARRAY(
      SELECT DISTINCT o.product_id FROM new_rows ov JOIN public.product_options o ON o.id = ov.option_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The filters' keys and names come from the option types when an option has one: 0055's refresh otherwise.
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
    ARRAY(SELECT DISTINCT 'o:' || k.option_key || ':' || k.value_key
          FROM public.variant_option_values l
          JOIN public.product_option_values ov ON ov.id = l.option_value_id
          JOIN public.product_options o ON o.id = ov.option_id
          LEFT JOIN public.option_types ot ON ot.id = o.option_type_id
          LEFT JOIN public.option_type_values tv ON tv.id = ov.type_value_id
          CROSS JOIN LATERAL (SELECT coalesce(ot.key, public.vitrina_facet_key(o.title_en)) AS option_key,
            coalesce(tv.key, public.vitrina_facet_key(ov.value_en)) AS value_key) k
          WHERE l.variant_id = v.id AND k.option_key <> '' AND k.value_key <> ''
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

  -- Names shown for option values: the first seen wins, renames follow. Labels are shared by every product using
  -- the option value, and an upsert (ON CONFLICT DO UPDATE) locks the existing row even when its WHERE leaves it
  -- alone: every stock change of any product would queue on the shop's label rows, across products, in whatever
  -- order its transaction touched them (the soak's deadlocks, docs/operations.md#soak). So: add what is missing
  -- (DO NOTHING locks nothing), then update only the rows whose names really differ.
  CREATE TEMP TABLE IF NOT EXISTS vitrina_facet_labels_wanted (facet text PRIMARY KEY, option_key text, option_en text,
    option_es text, value_en text, value_es text, sort_order integer) ON COMMIT DELETE ROWS;
  TRUNCATE vitrina_facet_labels_wanted;
  INSERT INTO vitrina_facet_labels_wanted
  SELECT DISTINCT ON (1) 'o:' || k.option_key || ':' || k.value_key, k.option_key,
         coalesce(ot.name_en, o.title_en), coalesce(ot.name_es, o.title_es), coalesce(tv.value_en, ov.value_en),
         coalesce(tv.value_es, ov.value_es), coalesce(tv.sort_order, ov.sort_order)
  FROM public.products p JOIN vitrina_facet_targets t ON t.id = p.id
  JOIN public.product_options o ON o.product_id = p.id
  JOIN public.product_option_values ov ON ov.option_id = o.id
  LEFT JOIN public.option_types ot ON ot.id = o.option_type_id
  LEFT JOIN public.option_type_values tv ON tv.id = ov.type_value_id
  CROSS JOIN LATERAL (SELECT coalesce(ot.key, public.vitrina_facet_key(o.title_en)) AS option_key,
    coalesce(tv.key, public.vitrina_facet_key(ov.value_en)) AS value_key) k
  WHERE p.listed AND k.option_key <> '' AND k.value_key <> ''
  ORDER BY 1, p.id;
  INSERT INTO public.catalog_facet_labels (facet, option_key, option_en, option_es, value_en, value_es, sort_order)
  SELECT w.* FROM vitrina_facet_labels_wanted w
  WHERE NOT EXISTS (SELECT 1 FROM public.catalog_facet_labels c WHERE c.facet = w.facet)
  ORDER BY 1
  ON CONFLICT (facet) DO NOTHING;
  UPDATE public.catalog_facet_labels c SET option_en = w.option_en, option_es = w.option_es, value_en = w.value_en,
    value_es = w.value_es, sort_order = w.sort_order
  FROM vitrina_facet_labels_wanted w
  WHERE c.facet = w.facet
    AND (c.option_en, c.option_es, c.value_en, c.value_es, c.sort_order)
      IS DISTINCT FROM (w.option_en, w.option_es, w.value_en, w.value_es, w.sort_order);

  -- The displayed price (docs/product.md#displayed-price), as features/catalog/service.ts sorts by it. As above, a
  -- row is written (and so locked) only when its price really changes: a reservation changes nothing. Units sold are
  -- counted here only for a product that gets its row now (listed again, or new); an existing row's count follows
  -- the orders' status changes (the deferred trigger below), so a refresh in the same transaction as a status change
  -- never counts that order twice.
  CREATE TEMP TABLE IF NOT EXISTS vitrina_facet_stats_wanted (product_id text PRIMARY KEY, price_cents integer,
    sold integer) ON COMMIT DELETE ROWS;
  TRUNCATE vitrina_facet_stats_wanted;
  INSERT INTO vitrina_facet_stats_wanted
  SELECT x.id, x.price_cents, 0 FROM (
    SELECT p.id,
      CASE WHEN p.site_product_selection IS NULL OR p.site_product_selection = 'lowest_price_first'
        THEN (SELECT min(coalesce(v1.sale_price_cents, v1.price_cents)) FROM public.variants v1 WHERE v1.product_id = p.id)
        ELSE (SELECT coalesce(v2.sale_price_cents, v2.price_cents) FROM public.variants v2 WHERE v2.product_id = p.id
              ORDER BY v2.sort_order, v2.id LIMIT 1) END AS price_cents
    FROM public.products p JOIN vitrina_facet_targets t ON t.id = p.id
    WHERE p.listed) x
  WHERE x.price_cents IS NOT NULL;
  INSERT INTO public.product_facet_stats AS s (product_id, price_cents, sold)
  SELECT w.product_id, w.price_cents,
    coalesce((SELECT sum(l.quantity) FROM public.order_lines l JOIN public.orders o ON o.id = l.order_id
              WHERE l.product_id = w.product_id AND o.status IN ('completed', 'shipped')), 0)::integer
  FROM vitrina_facet_stats_wanted w
  WHERE NOT EXISTS (SELECT 1 FROM public.product_facet_stats e WHERE e.product_id = w.product_id)
  ORDER BY 1
  ON CONFLICT (product_id) DO NOTHING;
  UPDATE public.product_facet_stats s SET price_cents = w.price_cents
  FROM vitrina_facet_stats_wanted w
  WHERE s.product_id = w.product_id AND s.price_cents IS DISTINCT FROM w.price_cents;
  DELETE FROM public.product_facet_stats s USING vitrina_facet_targets t
  WHERE s.product_id = t.id AND NOT EXISTS (SELECT 1 FROM public.products p WHERE p.id = t.id AND p.listed
    AND EXISTS (SELECT 1 FROM public.variants v WHERE v.product_id = p.id));
END $$;
--> statement-breakpoint
-- The shop's options as they are: linked, and the filters rebuilt under the types' keys and names (the old keys'
-- names go; the refresh writes the new ones).
SELECT vitrina_link_product_options(ARRAY(SELECT id FROM product_options ORDER BY id));
--> statement-breakpoint
DELETE FROM catalog_facet_labels;
--> statement-breakpoint
SELECT vitrina_refresh_product_facets(ARRAY(SELECT id FROM products WHERE listed));
