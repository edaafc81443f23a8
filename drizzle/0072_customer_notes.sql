-- Internal notes on a customer (docs/product.md#admin-customers, decision 0373): an account's or a guest's address.
CREATE TABLE IF NOT EXISTS "customer_notes" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "user_id" text REFERENCES "user"("id") ON DELETE CASCADE,
  "guest_email" text,
  "body" text NOT NULL,
  "author_user_id" text,
  "author_email" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "customer_notes_one_owner" CHECK (("user_id" IS NULL) <> ("guest_email" IS NULL))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customer_notes_user_idx" ON "customer_notes" ("user_id", "created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customer_notes_guest_idx" ON "customer_notes" ("guest_email", "created_at");
--> statement-breakpoint
-- Refunded returns summed per order (the customer list and the dashboard's net revenue).
CREATE INDEX IF NOT EXISTS "returns_refunded_order_idx" ON "returns" ("order_id") WHERE "status" = 'refunded';
