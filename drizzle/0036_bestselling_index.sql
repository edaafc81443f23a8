-- The bestselling order (features/catalog/facet-service.ts, docs/performance.md): units sold, ties in catalog order.
-- Listings walk the catalog-order index and leave out the products that sold (which come first, sorted): this small
-- partial index answers "did this product sell?" from the index alone, whatever the catalog's size.
CREATE INDEX "product_facet_stats_sold_products_idx" ON "product_facet_stats" USING btree ("product_id") WHERE "sold" > 0;
