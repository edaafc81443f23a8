-- Units sold without a queue (issue 19, decision 0260). Since 0041 a status change adds the order's own units to
-- product_facet_stats.sold in an immediate trigger: the payment's status UPDATE took the product's row lock and held
-- it through the rest of the payment (invoice, mail, ledger) to its commit, so every payment of a popular product
-- (the bench's always-available ones) queued ~100 ms on that one row. The trigger is now a deferred constraint
-- trigger, as the order counters are (0040): the row is locked only while the transaction commits. What 0041 feared
-- from a deferred count (a cancellation that also gives stock back counted twice, because the refresh after the stock
-- change recounted the paid lines and already saw the new status) is gone with it: the refresh below is 0029's,
-- except that it counts units sold only for a product that gets its row now, and leaves an existing row's count to
-- the trigger.
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

  -- Names shown for option values: the first seen wins, renames follow. Labels are shared by every product using
  -- the option value, and an upsert (ON CONFLICT DO UPDATE) locks the existing row even when its WHERE leaves it
  -- alone: every stock change of any product would queue on the shop's label rows, across products, in whatever
  -- order its transaction touched them (the soak's deadlocks, docs/operations.md#soak). So: add what is missing
  -- (DO NOTHING locks nothing), then update only the rows whose names really differ.
  CREATE TEMP TABLE IF NOT EXISTS vitrina_facet_labels_wanted (facet text PRIMARY KEY, option_key text, option_en text,
    option_es text, value_en text, value_es text, sort_order integer) ON COMMIT DELETE ROWS;
  TRUNCATE vitrina_facet_labels_wanted;
  INSERT INTO vitrina_facet_labels_wanted
  SELECT DISTINCT ON (1) 'o:' || public.vitrina_facet_key(o.title_en) || ':' || public.vitrina_facet_key(ov.value_en),
         public.vitrina_facet_key(o.title_en), o.title_en, o.title_es, ov.value_en, ov.value_es, ov.sort_order
  FROM public.products p JOIN vitrina_facet_targets t ON t.id = p.id
  JOIN public.product_options o ON o.product_id = p.id
  JOIN public.product_option_values ov ON ov.option_id = o.id
  WHERE p.listed AND public.vitrina_facet_key(o.title_en) <> '' AND public.vitrina_facet_key(ov.value_en) <> ''
  ORDER BY 1, p.id;
  INSERT INTO public.catalog_facet_labels (facet, option_key, option_en, option_es, value_en, value_es, sort_order)
  SELECT w.* FROM vitrina_facet_labels_wanted w
  WHERE NOT EXISTS (SELECT 1 FROM public.catalog_facet_labels c WHERE c.facet = w.facet)
  ORDER BY 1
  ON CONFLICT (facet) DO NOTHING;
  UPDATE public.catalog_facet_labels c SET option_en = w.option_en, option_es = w.option_es, value_en = w.value_en, value_es = w.value_es
  FROM vitrina_facet_labels_wanted w
  WHERE c.facet = w.facet
    AND (c.option_en, c.option_es, c.value_en, c.value_es) IS DISTINCT FROM (w.option_en, w.option_es, w.value_en, w.value_es);

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
DROP TRIGGER IF EXISTS orders_facets_status ON orders;
--> statement-breakpoint
-- Fires at commit, with the row images of the UPDATE it follows (two changes in one transaction: two events, each
-- counting its own step). One product at a time in id order, as 0041: every commit locks these rows in one order.
CREATE CONSTRAINT TRIGGER orders_facets_status AFTER UPDATE OF status ON orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION vitrina_facets_order_status_changed();
