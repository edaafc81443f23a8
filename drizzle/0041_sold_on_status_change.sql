-- Units sold (the "bestselling" sort, product_facet_stats.sold) follow an order's status by the order's own lines
-- (decision 0171). Until now a status change ran the whole facet refresh of the order's products, which sums the
-- lines of every paid order of each product: a payment's cost grew with the shop's history, and it rewrote nothing
-- else (a status changes neither prices, stock nor options). The refresh after a stock change still recomputes the
-- sum, so the two always agree. It stays an immediate trigger: deferred to the commit, a cancellation that also gives
-- stock back would be counted twice (the refresh after the stock change already sees the new status).
CREATE OR REPLACE FUNCTION vitrina_facets_order_status_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  was_sold boolean := OLD.status IN ('completed', 'shipped');
  is_sold boolean := NEW.status IN ('completed', 'shipped');
  line record;
BEGIN
  IF was_sold = is_sold THEN
    RETURN NULL;
  END IF;
  -- One product at a time, in id order: the rows' locks are taken in the same order by every payment and cancel.
  FOR line IN SELECT l.product_id, sum(l.quantity)::integer AS units FROM public.order_lines l WHERE l.order_id = NEW.id
              GROUP BY l.product_id ORDER BY l.product_id LOOP
    UPDATE public.product_facet_stats SET sold = sold + CASE WHEN is_sold THEN line.units ELSE -line.units END
    WHERE product_id = line.product_id;
  END LOOP;
  RETURN NULL;
END $$;
