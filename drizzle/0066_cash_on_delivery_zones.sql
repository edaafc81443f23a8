-- Cash on delivery is offered per shipping zone, no longer per country code (decision 0367,
-- docs/product.md#payment-methods): settings.countries becomes settings.zoneIds, the zones holding any of the listed
-- countries. An empty list stays "every zone". A list none of whose countries is in a zone could serve no order (the
-- shop ships to none of them): the method is turned off rather than widened to every zone.
UPDATE "payment_methods" SET "enabled" = false
WHERE "method" = 'cash_on_delivery'
  AND jsonb_typeof("settings" -> 'countries') = 'array'
  AND jsonb_array_length("settings" -> 'countries') > 0
  AND NOT EXISTS (
    SELECT 1 FROM "shipping_zone_countries" zc
    WHERE zc."country" IN (SELECT jsonb_array_elements_text("payment_methods"."settings" -> 'countries'))
  );
--> statement-breakpoint
UPDATE "payment_methods" SET "settings" = ("settings" - 'countries') || jsonb_build_object(
  'zoneIds',
  COALESCE(
    (
      SELECT jsonb_agg(z."zone_id" ORDER BY z."zone_id")
      FROM (
        SELECT DISTINCT zc."zone_id" FROM "shipping_zone_countries" zc
        WHERE jsonb_typeof("payment_methods"."settings" -> 'countries') = 'array'
          AND zc."country" IN (SELECT jsonb_array_elements_text("payment_methods"."settings" -> 'countries'))
      ) z
    ),
    '[]'::jsonb
  )
)
WHERE "method" = 'cash_on_delivery' AND "settings" ? 'countries';
