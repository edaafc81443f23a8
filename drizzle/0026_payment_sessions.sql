-- The return URLs of a hosted payment page get their own table instead of the payment-event ledger's payload
-- (docs/decisions/0051-payment-sessions-table.md). Sessions already recorded in the ledger are carried over, so a
-- shopper mid-payment during the upgrade still returns to the right page.
CREATE TABLE "payment_sessions" (
	"provider" text NOT NULL,
	"session_id" text NOT NULL,
	"order_id" integer NOT NULL,
	"url" text NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_sessions_provider_session_id_pk" PRIMARY KEY("provider","session_id")
);
--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD CONSTRAINT "payment_sessions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "payment_sessions_order_idx" ON "payment_sessions" USING btree ("order_id");
--> statement-breakpoint
INSERT INTO "payment_sessions" ("provider", "session_id", "order_id", "url", "success_url", "cancel_url", "created_at")
SELECT e."provider", substring(e."event_id" from 9), e."order_id", e."payload"->>'url', e."payload"->>'successUrl', e."payload"->>'cancelUrl', e."created_at"
FROM "payment_events" e
JOIN "orders" o ON o."id" = e."order_id"
WHERE e."type" = 'session.created' AND e."event_id" LIKE 'session\_%'
  AND e."payload"->>'url' IS NOT NULL AND e."payload"->>'successUrl' IS NOT NULL AND e."payload"->>'cancelUrl' IS NOT NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "payment_events" SET "payload" = NULL WHERE "type" = 'session.created';
