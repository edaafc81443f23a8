-- The stock ledger (decision 0350, docs/product.md#stock-history): one row per change of a variant's stock, written
-- by src/features/inventory in the transaction of the change (checkout sale, cancellation, expired reservation,
-- received return, the product editor, a catalog import). A variant's stock is the sum of its rows' changes.
CREATE TABLE "stock_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"variant_id" text NOT NULL,
	"product_id" text NOT NULL,
	"reason" text NOT NULL,
	"quantity_before" integer NOT NULL,
	"quantity_after" integer NOT NULL,
	"order_id" integer,
	"return_id" integer,
	"actor" text NOT NULL,
	"actor_user_id" text,
	"import_file" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_ledger_reason_known" CHECK ("stock_ledger"."reason" in ('initial', 'sale', 'cancellation', 'reservation_expired', 'return', 'adjustment', 'import')),
	CONSTRAINT "stock_ledger_actor_known" CHECK ("stock_ledger"."actor" in ('customer', 'admin', 'system', 'provider')),
	CONSTRAINT "stock_ledger_quantities_not_negative" CHECK ("stock_ledger"."quantity_before" >= 0 AND "stock_ledger"."quantity_after" >= 0)
);
--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "stock_ledger_product_idx" ON "stock_ledger" USING btree ("product_id","id");
--> statement-breakpoint
CREATE INDEX "stock_ledger_variant_idx" ON "stock_ledger" USING btree ("variant_id","id");
--> statement-breakpoint
-- Variants older than the ledger start it with their stock of today, so that the sum holds for them too.
INSERT INTO "stock_ledger" ("variant_id", "product_id", "reason", "quantity_before", "quantity_after", "actor")
SELECT "id", "product_id", 'initial', 0, "stock", 'system' FROM "variants" WHERE "stock" <> 0 ORDER BY "id";
