-- Checkout extras (docs/product.md#checkout-extras): the shopper's note to the shop and the company the invoice is
-- made out to, with its tax id as checked for the order's country. All optional; older orders have none.
ALTER TABLE "orders" ADD COLUMN "order_note" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "company_name" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_id" text;
