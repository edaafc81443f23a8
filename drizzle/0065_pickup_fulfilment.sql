-- Local pickup (docs/product.md#local-pickup): when a paid pickup order was announced ready at the pickup point. Picked up
-- is the existing shipped status (shipped_at = when it was collected), so the status values stay as they are.
ALTER TABLE "orders" ADD COLUMN "ready_for_pickup_at" timestamp with time zone;
