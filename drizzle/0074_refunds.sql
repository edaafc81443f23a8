-- Refunds from the order page (docs/product.md#refunds): part of a paid order given back by lines, shipping and/or an
-- amount, with a reason. orders.refunded_cents is everything given back so far (returns, refunds, a cancellation),
-- kept by each of them in its own transaction; the check makes "never more than was paid" hold in the database.
ALTER TABLE "orders" ADD COLUMN "refunded_cents" integer NOT NULL DEFAULT 0;
--> statement-breakpoint
UPDATE "orders" o SET "refunded_cents" = least(o."total_cents", coalesce((
  SELECT sum(r."lines_cents" + r."shipping_cents") FROM "returns" r WHERE r."order_id" = o."id" AND r."status" = 'refunded'
), 0));
--> statement-breakpoint
UPDATE "orders" SET "refunded_cents" = "total_cents" WHERE "status" = 'cancelled' AND "paid_at" IS NOT NULL AND "needs_refund" = false;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_within_total" CHECK ("refunded_cents" >= 0 AND "refunded_cents" <= "total_cents");
--> statement-breakpoint
CREATE TABLE "refunds" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
  "lines_cents" integer NOT NULL DEFAULT 0,
  "shipping_cents" integer NOT NULL DEFAULT 0,
  "amount_cents" integer NOT NULL DEFAULT 0,
  "reason" text NOT NULL,
  "refund_reference" text NOT NULL,
  "actor_user_id" text,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "refunds_amounts_not_negative" CHECK ("lines_cents" >= 0 AND "shipping_cents" >= 0 AND "amount_cents" >= 0),
  CONSTRAINT "refunds_something" CHECK ("lines_cents" + "shipping_cents" + "amount_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" ("order_id");
--> statement-breakpoint
CREATE TABLE "refund_lines" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "refund_id" integer NOT NULL REFERENCES "refunds"("id") ON DELETE CASCADE,
  "order_line_id" integer NOT NULL REFERENCES "order_lines"("id") ON DELETE CASCADE,
  "quantity" integer NOT NULL,
  "amount_cents" integer NOT NULL,
  CONSTRAINT "refund_lines_quantity_positive" CHECK ("quantity" > 0)
);
--> statement-breakpoint
CREATE INDEX "refund_lines_refund_idx" ON "refund_lines" ("refund_id");
--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "decision_note" text;
