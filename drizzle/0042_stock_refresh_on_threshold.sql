-- A variant's stock enters the catalog's facet rows only through "can it be bought now" (listed_variants.in_stock:
-- not tracked, or stock > 0; migrations 0023/0029). Every reservation, release and restock still ran the whole
-- refresh of its product (temporary tables, option labels, displayed price, and the sum of every paid order line of
-- the product for units sold), while holding the variant's row: the scarce variant's queue in checkout grew with the
-- shop's history (decision 0190). Units sold follow an order's status by its own lines since 0041, so a stock change
-- refreshes its product only when it can change what the refresh writes: stock crosses 0 (or stops/starts being
-- tracked), or price, sale price, order or product change as before.
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
      WHERE (n.price_cents, n.sale_price_cents, NOT n.manage_inventory OR n.stock > 0, n.manage_inventory, n.product_id, n.sort_order)
        IS DISTINCT FROM (o.price_cents, o.sale_price_cents, NOT o.manage_inventory OR o.stock > 0, o.manage_inventory, o.product_id, o.sort_order)
      UNION SELECT o.product_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.product_id <> o.product_id));
  END IF;
  RETURN NULL;
END $$;
