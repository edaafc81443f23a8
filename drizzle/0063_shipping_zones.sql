-- Shipping zones and methods (decision 0364, docs/product.md#shipping), owned by src/features/shipping. A country is
-- in at most one zone (the primary key of shipping_zone_countries). Orders keep the method they were sold with.
CREATE TABLE "shipping_zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_zone_countries" (
	"country" text PRIMARY KEY NOT NULL,
	"zone_id" integer NOT NULL,
	CONSTRAINT "shipping_zone_countries_code" CHECK ("shipping_zone_countries"."country" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
ALTER TABLE "shipping_zone_countries" ADD CONSTRAINT "shipping_zone_countries_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "shipping_zone_countries_zone_idx" ON "shipping_zone_countries" USING btree ("zone_id");
--> statement-breakpoint
CREATE TABLE "shipping_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"zone_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL,
	"delivery_en" text DEFAULT '' NOT NULL,
	"delivery_es" text DEFAULT '' NOT NULL,
	"rate_cents" integer DEFAULT 0 NOT NULL,
	"free_above_cents" integer,
	"weight_bands" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pickup_address" text DEFAULT '' NOT NULL,
	"pickup_hours_en" text DEFAULT '' NOT NULL,
	"pickup_hours_es" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_methods_kind_known" CHECK ("shipping_methods"."kind" in ('flat', 'free', 'weight', 'pickup')),
	CONSTRAINT "shipping_methods_amounts" CHECK ("shipping_methods"."rate_cents" >= 0 AND ("shipping_methods"."free_above_cents" IS NULL OR "shipping_methods"."free_above_cents" >= 0))
);
--> statement-breakpoint
ALTER TABLE "shipping_methods" ADD CONSTRAINT "shipping_methods_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "shipping_methods_zone_idx" ON "shipping_methods" USING btree ("zone_id","sort_order");
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_method" jsonb;
--> statement-breakpoint
-- The shop's one rule until now becomes its first zone: the defaults of SHIPPING_COUNTRIES, SHIPPING_FLAT_RATE_CENTS
-- and FREE_SHIPPING_THRESHOLD_CENTS. A shop that had set those variables gets their values written over these on its
-- next start (src/features/shipping/environment-zone.ts), once; after that /admin/shipping is where they change.
INSERT INTO "shipping_zones" ("id", "name_en", "name_es", "sort_order") VALUES (1, 'Shipping countries', 'Países de envío', 0);
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('shipping_zones', 'id'), 1);
--> statement-breakpoint
INSERT INTO "shipping_zone_countries" ("country", "zone_id")
SELECT c, 1 FROM unnest(ARRAY['US','ES','MX','AR','CO','CL','PE','FR','DE','IT','PT','GB','CA']) AS c;
--> statement-breakpoint
INSERT INTO "shipping_methods" ("zone_id", "kind", "name_en", "name_es", "delivery_en", "delivery_es", "rate_cents", "free_above_cents", "sort_order")
VALUES (1, 'flat', 'Standard shipping', 'Envío estándar', '3–7 business days', '3–7 días laborables', 495, 10000, 0);
--> statement-breakpoint
-- Marks the zone made from the environment's defaults until a start has applied the environment's own values.
CREATE TABLE "shipping_environment_pending" ("zone_id" integer PRIMARY KEY NOT NULL);
--> statement-breakpoint
INSERT INTO "shipping_environment_pending" ("zone_id") VALUES (1);
