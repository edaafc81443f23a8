-- Guest checkout (docs/product.md#guest-checkout): a guest's order has no account; it belongs to its email until the
-- owner of that address registers and verifies it, when the order joins the account.
ALTER TABLE "orders" ALTER COLUMN "user_id" DROP NOT NULL;
--> statement-breakpoint
CREATE INDEX "orders_guest_email_idx" ON "orders" USING btree (lower("email")) WHERE "user_id" IS NULL;
