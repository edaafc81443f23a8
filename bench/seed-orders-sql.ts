import { sql } from "drizzle-orm";
import type { Db } from "../src/server/db/client";
import { queryRows } from "../src/server/db/rows";

/**
 * The benchmark's million orders: `count` orders over the last two years, written by a few
 * INSERT … SELECT generate_series statements (no round trip per order). Never part of the demo: only the bench's
 * `orders` part calls it, on a database of its own.
 *
 * What the admin's list, export and dashboard meet in a shop that has run for two years: ids in date order (about
 * 1,370 orders a day at a million), 69% shipped, 21% paid and waiting (all of the last ten days' paid orders), 10%
 * cancelled, and the last day's unpaid carts pending; 120,000 customers' addresses (so "filter by email" finds a handful), mostly guests plus the shop's own
 * accounts when it has some; one to three lines each from the catalog's variants (or from a small product set of
 * its own when the catalog is empty), totals with Spanish VAT, a payment event for every paid order and an event
 * per order in its history. Ids are `bench-orders` tagged so a second run refuses to write them twice.
 */
/** A whole number written into the statement (generate_series bounds and arithmetic need a typed value, not a parameter). */
const int = (value: number) => sql.raw(String(Math.trunc(Number(value))));

export type OrdersSeedResult = { orders: number; lines: number; seconds: number };

export async function seedBenchOrders(db: Db, options: { count?: number; now?: Date } = {}): Promise<OrdersSeedResult> {
  const count = options.count ?? 1_000_000;
  const now = (options.now ?? new Date()).toISOString();
  const started = performance.now();
  // One transaction, so one connection: the plan lives in temporary tables.
  const lines = await db.transaction(async (tx) => writeOrders(tx as unknown as Db, count, now));
  // As autovacuum would after an import: statistics for the planner and a visibility map for index-only scans.
  for (const table of ["orders", "order_lines", "order_events", "payment_events", "order_counts", "order_emails"]) await db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
  return { orders: count, lines, seconds: (performance.now() - started) / 1000 };
}

async function writeOrders(db: Db, count: number, now: string): Promise<number> {
  const [existing] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM payment_events WHERE provider = 'bench-orders'`);
  if (Number(existing?.n) > 0) throw new Error("The bench orders are already in this database.");

  // The lines' products: the catalog's variants when there are some, else a small set of our own (order lines keep
  // a snapshot of what was bought and have no foreign key to the catalog).
  await db.execute(sql`CREATE TEMP TABLE bench_order_items AS
    SELECT row_number() OVER (ORDER BY v.id) - 1 AS n, v.product_id, v.id AS variant_id, p.title_en AS product_title,
           v.title_en AS variant_title, coalesce(v.sale_price_cents, v.price_cents) AS price_cents
    FROM variants v JOIN products p ON p.id = v.product_id
    ORDER BY v.id LIMIT 500`);
  const [items] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM bench_order_items`);
  if (Number(items.n) === 0) {
    await db.execute(sql`INSERT INTO bench_order_items
      SELECT g - 1, 'prod_bench_order_' || g, 'var_bench_order_' || g, 'Bench product ' || g, (ARRAY['S','M','L'])[1 + g % 3],
             1500 + (g * 7919) % 30000
      FROM generate_series(1, 200) g`);
  }
  const [{ n: itemCount }] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM bench_order_items`);
  // Accounts of the shop, when there are some, own one order in five (the rest are guests' orders).
  await db.execute(sql`CREATE TEMP TABLE bench_order_users AS SELECT row_number() OVER (ORDER BY id) - 1 AS n, id, email FROM "user" ORDER BY id LIMIT 1000`);
  const [{ n: userCount }] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM bench_order_users`);

  const [{ first }] = await queryRows<{ first: number }>(db, sql`SELECT coalesce(max(id), 1000)::int + 1 AS first FROM orders`);
  // g = 1 … count in date order; each order's lines are 1 + g % 3 picks from the items, with quantity 1 + g % 2.
  await db.execute(sql`CREATE TEMP TABLE bench_order_plan AS
    SELECT g,
      ${int(first)} + g - 1 AS id,
      ${now}::timestamptz - interval '730 days' * (1 - (g - 1)::float8 / ${int(count)}) + interval '1 second' * (g % 600) AS created_at,
      CASE WHEN g > ${int(count - Math.max(1, Math.round(count / 730)))} AND g % 7 = 0 THEN 'pending'
           WHEN g % 10 = 3 THEN 'cancelled'
           WHEN g > ${int(count - Math.round(count / 730) * 10)} OR g % 4 = 1 THEN 'completed'
           ELSE 'shipped' END AS status,
      CASE WHEN ${int(userCount)} > 0 AND g % 5 = 0 THEN (g / 5) % ${int(Math.max(1, userCount))} END AS user_n,
      (g::bigint * 48271) % 120000 AS customer
    FROM generate_series(1, ${int(count)}) g`);
  await db.execute(sql`CREATE TEMP TABLE bench_order_lines AS
    SELECT p.id AS order_id, i.product_id, i.variant_id, i.product_title, i.variant_title, i.price_cents, 1 + (p.g + k) % 2 AS quantity
    FROM bench_order_plan p
    CROSS JOIN LATERAL generate_series(0, p.g % 3) k
    JOIN bench_order_items i ON i.n = (p.g * 31 + k * 97) % ${int(itemCount)}`);
  await db.execute(sql`CREATE TEMP TABLE bench_order_subtotals AS
    SELECT order_id, sum(price_cents * quantity)::int AS subtotal FROM bench_order_lines GROUP BY order_id`);
  // The counters' triggers (drizzle/0040) run once per order at commit; for a bulk import the same rows are added
  // up below in two statements instead.
  await db.execute(sql`ALTER TABLE orders DISABLE TRIGGER orders_counts_inserted`);
  // Totals: the lines (VAT 21% included), shipping 4.95 under 50.00, a 10% code on one order in twelve.
  await db.execute(sql`INSERT INTO orders (id, user_id, email, status, currency, subtotal_cents, shipping_cents, total_cents, locale,
      payment_provider, payment_session_id, payment_reference, created_at, updated_at, paid_at, shipped_at, cancelled_at,
      tax_country, prices_include_tax, discount_cents, tax_cents, tax_lines, discount_code, stock_released)
    OVERRIDING SYSTEM VALUE
    SELECT p.id, u.id, coalesce(u.email, CASE WHEN p.customer % 9 = 0 THEN 'Customer' || p.customer || '@Example.ES' ELSE 'customer' || p.customer || '@example.com' END),
      p.status, 'EUR', t.subtotal, t.shipping, t.subtotal - t.discount + t.shipping,
      CASE WHEN p.customer % 3 = 0 THEN 'es' ELSE 'en' END,
      'demo', 'bench_session_' || p.id, CASE WHEN p.status <> 'pending' THEN 'demo_payment_' || p.id END,
      p.created_at, p.created_at + interval '3 days',
      CASE WHEN p.status IN ('completed', 'shipped') THEN p.created_at + interval '2 minutes' END,
      CASE WHEN p.status = 'shipped' THEN p.created_at + interval '2 days' END,
      CASE WHEN p.status = 'cancelled' THEN p.created_at + interval '1 hour' END,
      'ES', true, t.discount, round((t.subtotal - t.discount + t.shipping) * 21.0 / 121)::int,
      jsonb_build_array(jsonb_build_object('rateBp', 2100, 'taxCents', round((t.subtotal - t.discount + t.shipping) * 21.0 / 121)::int)),
      CASE WHEN t.discount > 0 THEN 'WELCOME10' END, p.status = 'cancelled'
    FROM bench_order_plan p
    LEFT JOIN bench_order_users u ON u.n = p.user_n
    JOIN bench_order_subtotals s ON s.order_id = p.id
    CROSS JOIN LATERAL (
      SELECT s.subtotal, CASE WHEN p.g % 12 = 0 THEN s.subtotal / 10 ELSE 0 END AS discount, CASE WHEN s.subtotal < 5000 THEN 495 ELSE 0 END AS shipping
    ) t
    ORDER BY p.id`);
  await db.execute(sql`ALTER TABLE orders ENABLE TRIGGER orders_counts_inserted`);
  await db.execute(sql`INSERT INTO order_counts AS c (status, currency, day, slot, orders, total_cents)
    SELECT status, currency, (created_at AT TIME ZONE 'UTC')::date, 0, count(*), sum(total_cents) FROM orders WHERE id >= ${int(first)}
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (status, currency, day, slot) DO UPDATE SET orders = c.orders + excluded.orders, total_cents = c.total_cents + excluded.total_cents`);
  await db.execute(sql`INSERT INTO order_emails SELECT DISTINCT lower(email) FROM orders WHERE id >= ${int(first)} ORDER BY 1 ON CONFLICT DO NOTHING`);
  await db.execute(sql`SELECT setval(pg_get_serial_sequence('orders', 'id'), (SELECT max(id) FROM orders))`);
  await db.execute(sql`INSERT INTO order_lines (order_id, product_id, variant_id, product_title, variant_title, quantity, unit_price_cents,
      currency, tax_rate_bp, tax_cents, total_cents)
    SELECT order_id, product_id, variant_id, product_title, variant_title, quantity, price_cents, 'EUR', 2100,
      round(price_cents * quantity * 21.0 / 121)::int, price_cents * quantity
    FROM bench_order_lines ORDER BY order_id`);
  await db.execute(sql`INSERT INTO payment_events (provider, event_id, type, order_id, amount_cents, currency, outcome, created_at)
    SELECT 'bench-orders', 'bench_paid_' || o.id, 'demo.payment_succeeded', o.id, o.total_cents, o.currency, 'completed', o.paid_at
    FROM orders o JOIN bench_order_plan p ON p.id = o.id WHERE o.paid_at IS NOT NULL ORDER BY o.id`);
  await db.execute(sql`INSERT INTO order_events (order_id, type, from_status, to_status, note, created_at)
    SELECT p.id, CASE WHEN p.status = 'pending' THEN 'created' ELSE 'status_changed' END,
      CASE WHEN p.status = 'pending' THEN NULL WHEN p.status = 'shipped' THEN 'completed' ELSE 'pending' END, p.status,
      CASE WHEN p.status = 'pending' THEN 'Stock reserved' END, p.created_at + interval '2 minutes'
    FROM bench_order_plan p ORDER BY p.id`);
  const [{ n: lines }] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM bench_order_lines`);
  await db.execute(sql`DROP TABLE bench_order_items, bench_order_users, bench_order_plan, bench_order_lines, bench_order_subtotals`);
  return Number(lines);
}
