/**
 * The admin with a million orders, in-process, on PostgreSQL: applies the migrations, writes the orders
 * (bench/seed-orders-sql.ts), then times the calls the admin's order list, order page and dashboard make, 25 runs
 * each after 3 warm-ups, EXPLAIN ANALYZEs their SQL, and streams the whole CSV export while sampling the process's
 * resident memory. Prints one JSON line on stdout.
 *
 *   tsx bench/orders-suite.ts --url postgres://…/db [--count 1000000] [--runs 25] [--reuse true] [--only "email"]
 */
import { desc, sql, type SQL } from "drizzle-orm";
import { openDatabase, type Db } from "../src/server/db/client";
import { migrateDatabase } from "../src/server/db/migrate";
import { queryRows } from "../src/server/db/rows";
import { orders } from "../src/server/db/schema/orders";
import { listOrdersForAdmin, ordersCsvLines, type AdminOrderListQuery } from "../src/features/orders/admin-order-list";
import { getOrderDetailForAdmin } from "../src/features/orders/queries";
import { loadDashboard } from "../src/features/dashboard/service";
import { listCustomers } from "../src/features/customers/list-service";
import { shipmentFor } from "../src/features/tracking/service";
import { documentLinks } from "../src/features/invoices/queries";
import { csvStream } from "../src/lib/csv";
import { seedBenchOrders } from "./seed-orders-sql";
import { explainAll, timeCalls, type TimedCall } from "./suite-timing";

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ""), process.argv[i + 1]);
const count = Number(args.get("count") ?? 1_000_000);
const runs = Number(args.get("runs") ?? 25);

function isoDay(daysAgo: number) {
  return new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

/** The list as the admin pages through it: 25 a page, as /admin/orders shows. */
function listCalls(total: number, someEmail: string): TimedCall[] {
  const lastPage = Math.max(1, Math.ceil(total / 25));
  const list = (name: string, query: AdminOrderListQuery): TimedCall => ({ name: `orders list: ${name}`, call: (db) => listOrdersForAdmin(db, { pageSize: 25, ...query }) });
  return [
    list("page 1", {}),
    list("page 2", { page: 2 }),
    list("page 200", { page: 200 }),
    list(`middle page (${Math.ceil(lastPage / 2)})`, { page: Math.ceil(lastPage / 2) }),
    list(`last page (${lastPage})`, { page: lastPage }),
    list("status shipped", { status: "shipped" }),
    list("status pending", { status: "pending" }),
    list("status cancelled, page 10", { status: "cancelled", page: 10 }),
    list("email, whole address", { email: someEmail }),
    list("email, part", { email: someEmail.slice(0, someEmail.indexOf("@")) }),
    list("email + status", { email: someEmail, status: "shipped" }),
    list("dates: last 30 days", { from: isoDay(30), to: isoDay(0) }),
    list("dates: a month a year ago, page 3", { from: isoDay(395), to: isoDay(365), page: 3 }),
    list("dates + status completed", { from: isoDay(90), to: isoDay(0), status: "completed" }),
  ];
}

async function main() {
  const url = args.get("url");
  if (!url) throw new Error("--url postgres://…/db is required (a million orders is a PostgreSQL measure)");
  const handle = await openDatabase({ databaseUrl: url, poolSize: 4 });
  const { db } = handle;
  await migrateDatabase(db, handle.kind);
  const reuse = args.get("reuse") === "true";
  const seeded = reuse ? { orders: count, lines: 0, seconds: 0 } : await seedBenchOrders(db, { count });
  const [{ total }] = await queryRows<{ total: number }>(db, sql`SELECT coalesce(sum(orders), 0)::int AS total FROM order_counts`);
  process.stderr.write(`bench: orders: ${total} orders (${seeded.lines} lines) ${reuse ? "reused" : `seeded in ${seeded.seconds.toFixed(1)} s`}\n`);

  // A customer with several orders, and an order from the middle of the history with a shipment.
  const [customer] = await queryRows<{ email: string }>(db, sql`SELECT email FROM orders WHERE id = (SELECT max(id) - 12345 FROM orders)`);
  const [shipped] = await queryRows<{ id: number }>(db, sql`SELECT id FROM orders WHERE status = 'shipped' ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET 5000`);
  const suite: TimedCall[] = [
    ...listCalls(total, customer.email.toLowerCase()),
    {
      name: "order detail",
      // What /admin/orders/{id} reads: the order, lines and history, its parcel and its documents.
      call: async (d) => {
        const order = await getOrderDetailForAdmin(d, shipped.id);
        await shipmentFor(d, order!.id);
        await documentLinks(d, [order!.id]);
      },
    },
    { name: "dashboard figures", call: (d) => loadDashboard(d, { currency: "EUR", timeZone: "Europe/Madrid" }) },
    { name: "dashboard figures (12 weeks)", call: (d) => loadDashboard(d, { currency: "EUR", timeZone: "Europe/Madrid", period: "week" }) },
    { name: "customer list first page", call: (d) => listCustomers(d, { currency: "EUR" }) },
  ];

  const only = args.get("only");
  const timings = await timeCalls(db, suite, runs, only);

  const [middle] = await queryRows<{ before: string; skip: number }>(
    db,
    sql`SELECT (day + 1)::text AS before, (${Math.floor(total / 2)} - newer)::int AS skip FROM (
          SELECT day, sum(sum(orders)) OVER (ORDER BY day DESC) - sum(orders) AS newer, sum(sum(orders)) OVER (ORDER BY day DESC) AS upto
          FROM order_counts GROUP BY day) d
        WHERE upto > ${Math.floor(total / 2)} ORDER BY day DESC LIMIT 1`,
  );
  const explained: Array<{ name: string; query: SQL }> = [
    { name: "list page 1 (ids)", query: sql`SELECT id FROM orders ORDER BY created_at DESC, id DESC LIMIT 25` },
    // The middle page as the list reads it: entered at its day (found from the counters), skipping that day's newer orders.
    { name: "list middle page (ids, from its day)", query: sql`SELECT id FROM orders WHERE created_at < ${middle.before}::timestamptz ORDER BY created_at DESC, id DESC LIMIT 25 OFFSET ${middle.skip}` },
    { name: "list count", query: sql`SELECT coalesce(sum(orders), 0) FROM order_counts` },
    // "Email contains": the matching addresses once, then their orders (features/orders/admin-order-list.ts).
    { name: "email filter: addresses", query: sql`SELECT email FROM order_emails WHERE email LIKE ${`%${customer.email.toLowerCase()}%`} LIMIT 501` },
    { name: "email filter page (ids)", query: sql`SELECT id FROM orders WHERE lower(email) IN (${customer.email.toLowerCase()}) ORDER BY created_at DESC, id DESC LIMIT 25` },
    { name: "dates count (30 days)", query: sql`SELECT coalesce(sum(orders), 0) FROM order_counts WHERE day >= ${isoDay(30)}::date AND day <= ${isoDay(0)}::date` },
    {
      name: "dashboard: 30 days per day",
      query: sql`SELECT day, sum(orders), sum(total_cents) FILTER (WHERE currency = 'EUR') FROM order_counts
        WHERE status IN ('completed', 'shipped') AND day >= ${isoDay(29)}::date GROUP BY 1`,
    },
  ];
  const plans = await explainAll(db, explained);

  // The whole export, as the route streams it, read as fast as this process can: resident memory sampled every 20 ms.
  const csv = only && !"csv export".includes(only) ? null : await measureExport(db, total);
  await handle.close();
  process.stdout.write(`${JSON.stringify({ seeded, total, timings, plans, csv })}\n`);
}

async function measureExport(db: Db, total: number) {
  globalThis.gc?.();
  const rssStart = process.memoryUsage().rss;
  let peak = rssStart;
  let peakAtTenth = rssStart;
  let rows = 0;
  let bytes = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  const reader = csvStream(ordersCsvLines(db, {})).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    // CRLF ends each row; quoted cells never hold one in this export (emails, amounts, codes).
    for (let i = 0; i < value.length; i++) if (value[i] === 10) rows++;
    peak = Math.max(peak, process.memoryUsage().rss);
    if (rows <= total / 10) peakAtTenth = peak;
  }
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  const newest = await db.select({ id: orders.id }).from(orders).orderBy(desc(orders.createdAt), desc(orders.id)).limit(1);
  return { rows: rows - 1, expected: total, bytes, seconds, rssStartMb: rssStart / 2 ** 20, peakGrowthMb: (peak - rssStart) / 2 ** 20, growthAfterFirstTenthMb: (peak - peakAtTenth) / 2 ** 20, newestId: newest[0]?.id };
}

main().catch((error) => {
  console.error(`bench: orders-suite failed: ${(error as { cause?: Error }).cause?.message ?? (error as Error).stack?.slice(0, 800)}`);
  process.exit(1);
});
