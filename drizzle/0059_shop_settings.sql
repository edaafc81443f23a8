-- The merchant's business settings (decision 0360, docs/product.md#settings): one row per section of /admin/settings,
-- written by src/features/settings. A section without a row takes its initial values from the environment.
CREATE TABLE "shop_settings" (
	"section" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "shop_settings_section_known" CHECK ("shop_settings"."section" in ('store', 'seller', 'money', 'checkout', 'returns', 'stock', 'mail'))
);
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
