-- Payment methods per shop (decision 0366, docs/product.md#payment-methods): which ways of paying the admin has
-- enabled, with the bank account of a transfer and the fee and countries of cash on delivery. Owned by
-- src/features/payments. No rows: the shop takes payment as PAYMENT_PROVIDER says.
CREATE TABLE "payment_methods" (
	"method" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_method_known" CHECK ("payment_methods"."method" in ('demo', 'stripe', 'mercadopago', 'bank_transfer', 'cash_on_delivery'))
);
