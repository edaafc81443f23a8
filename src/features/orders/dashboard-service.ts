import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { profiles } from "@/server/db/schema/auth";
import { orders } from "@/server/db/schema/orders";
import { queryRows } from "@/server/db/rows";

// ——— Dashboard ———

export type DailySales = { day: string; count: number; cents: number };

/** Orders that brought money in: paid (completed) or paid and shipped. */
const PAID_STATUSES = ["completed", "shipped"] as const;

/**
 * The dashboard's figures, from the database: revenue and sales count of paid orders in the store currency (orders in
 * another currency are counted apart, never added to it), users, the last 30 days of sales per day, latest orders.
 */
export async function loadDashboard(db: Db, currency: string, now: Date = new Date()) {
  const paid = inArray(orders.status, [...PAID_STATUSES]);
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 29));
  const [[revenue], [sales], [users], daily, latest] = await Promise.all([
    db
      .select({ cents: sql<string>`coalesce(sum(${orders.totalCents}), 0)` })
      .from(orders)
      .where(and(paid, eq(orders.currency, currency.toUpperCase()))),
    db.select({ n: count() }).from(orders).where(paid),
    db.select({ n: count() }).from(profiles),
    queryRows<{ day: string; count: number; cents: string }>(
      db,
      sql`select to_char(date_trunc('day', ${orders.createdAt} at time zone 'UTC'), 'YYYY-MM-DD') as day,
                 count(*)::int as count,
                 coalesce(sum(${orders.totalCents}) filter (where ${orders.currency} = ${currency.toUpperCase()}), 0)::text as cents
            from ${orders}
           where ${orders.status} in ('completed', 'shipped') and ${orders.createdAt} >= ${start.toISOString()}::timestamptz
           group by 1`,
    ),
    db.select().from(orders).orderBy(desc(orders.createdAt), desc(orders.id)).limit(5),
  ]);
  const byDay = new Map(daily.map((d) => [d.day, d]));
  const days: DailySales[] = [];
  for (let i = 0; i < 30; i++) {
    const date = new Date(start.getTime() + i * 86_400_000);
    const key = date.toISOString().slice(0, 10);
    const row = byDay.get(key);
    days.push({ day: key, count: row ? Number(row.count) : 0, cents: row ? Number(row.cents) : 0 });
  }
  return {
    revenueCents: Number(revenue.cents),
    currency: currency.toUpperCase(),
    salesCount: Number(sales.n),
    userCount: Number(users.n),
    days,
    latest,
  };
}
