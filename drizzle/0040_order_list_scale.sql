-- The admin's order list, export and dashboard at a million orders (docs/performance.md#a-million-orders,
-- decision 0170). The list is newest first with the id as tie-break: both sorts are in the index, so a page (with or
-- without a status) is an index walk that stops after its rows, and a page deep in the list is read from the index alone.
DROP INDEX IF EXISTS "orders_created_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "orders_status_created_idx";
--> statement-breakpoint
CREATE INDEX "orders_created_id_idx" ON "orders" USING btree ("created_at", "id");
--> statement-breakpoint
CREATE INDEX "orders_status_created_id_idx" ON "orders" USING btree ("status", "created_at", "id");
--> statement-breakpoint
-- "Customer email contains …": matched against the shop's distinct addresses (far fewer than orders, so the trigram
-- lists are short), then the orders of the matching addresses by the index on lower(email).
CREATE TABLE "order_emails" ("email" text PRIMARY KEY);
--> statement-breakpoint
-- fastupdate off: a new address goes straight into the index (one insert per new customer), so a search never reads
-- a pending list of unmerged entries (394 pages of it after the bench's import cost 40 ms a search).
CREATE INDEX "order_emails_trgm_idx" ON "order_emails" USING gin ("email" gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX "orders_email_lower_idx" ON "orders" USING btree (lower("email"));
--> statement-breakpoint
INSERT INTO order_emails SELECT DISTINCT lower(email) FROM orders ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Orders and their totals per status, currency and day (UTC), so the list's page count (all, a status, a range of
-- days) and the dashboard's revenue, sales and days are rows of this table added up instead of a count of the orders.
-- Each database connection adds to its own `slot`, so concurrent checkouts and payments do not queue on one counter
-- row while their transactions run; readers add the slots up.
CREATE TABLE "order_counts" (
  "status" text NOT NULL,
  "currency" text NOT NULL,
  "day" date NOT NULL,
  "slot" integer NOT NULL,
  "orders" bigint NOT NULL DEFAULT 0,
  "total_cents" bigint NOT NULL DEFAULT 0,
  CONSTRAINT "order_counts_pkey" PRIMARY KEY ("status", "currency", "day", "slot")
);
--> statement-breakpoint
-- Each insert, change and delete of an order moves it between rows, at the end of its transaction (deferred
-- constraint triggers, decision 0171): a counter row is locked from the commit's start to its end, not while a
-- checkout waits for a scarce variant or a payment writes its mail. Updates that set none of the counted columns
-- (checkout's session id, a parcel…) never call it (the WHEN clause).
CREATE OR REPLACE FUNCTION vitrina_order_counts_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO public.order_counts AS c (status, currency, day, slot, orders, total_cents)
    VALUES (OLD.status, OLD.currency, (OLD.created_at AT TIME ZONE 'UTC')::date, pg_backend_pid() % 8, -1, -OLD.total_cents)
    ON CONFLICT (status, currency, day, slot) DO UPDATE SET orders = c.orders + excluded.orders, total_cents = c.total_cents + excluded.total_cents;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO public.order_counts AS c (status, currency, day, slot, orders, total_cents)
    VALUES (NEW.status, NEW.currency, (NEW.created_at AT TIME ZONE 'UTC')::date, pg_backend_pid() % 8, 1, NEW.total_cents)
    ON CONFLICT (status, currency, day, slot) DO UPDATE SET orders = c.orders + excluded.orders, total_cents = c.total_cents + excluded.total_cents;
    INSERT INTO public.order_emails VALUES (lower(NEW.email)) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_counts_inserted AFTER INSERT ON orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION vitrina_order_counts_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_counts_updated AFTER UPDATE OF status, currency, total_cents, created_at, email ON orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.status, OLD.currency, OLD.total_cents, OLD.created_at, lower(OLD.email))
    IS DISTINCT FROM (NEW.status, NEW.currency, NEW.total_cents, NEW.created_at, lower(NEW.email)))
  EXECUTE FUNCTION vitrina_order_counts_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_counts_deleted AFTER DELETE ON orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION vitrina_order_counts_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vitrina_order_counts_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM public.order_counts;
  DELETE FROM public.order_emails;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_counts_truncated AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_order_counts_truncated();
--> statement-breakpoint
-- The orders already there.
INSERT INTO order_counts (status, currency, day, slot, orders, total_cents)
SELECT status, currency, (created_at AT TIME ZONE 'UTC')::date, 0, count(*), sum(total_cents) FROM orders GROUP BY 1, 2, 3;
