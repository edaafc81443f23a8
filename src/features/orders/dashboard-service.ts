import { and, desc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { countAccounts } from "@/features/accounts/service";
import { orderCounts, orders } from "@/server/db/schema/orders";
import { queryRows } from "@/server/db/rows";
import { fulfilmentStatusSql, paymentStatusSql } from "./order-state";

// ——— Dashboard ———

export type DailySales = { day: string; count: number; cents: number };

/** Orders that brought money in: paid (completed) or paid and shipped. */
const PAID_STATUSES = ["completed", "shipped"] as const;

/**
 * The dashboard's figures, from the database: revenue and sales count of paid orders in the store currency (orders in
 * another currency are counted apart, never added to it), users, the last 30 days of sales per day, latest orders.
 */
export async function loadDashboard(db: Db, currency: string, now: Date = new Date()) {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 29));
  // From the counters per status, currency and day (drizzle/0040): a few thousand rows at most, however many orders.
  const [[revenue], [sales], users, daily, latest] = await Promise.all([
    db
      .select({ cents: sql<string>`coalesce(sum(${orderCounts.totalCents}), 0)` })
      .from(orderCounts)
      .where(and(inArray(orderCounts.status, [...PAID_STATUSES]), eq(orderCounts.currency, currency.toUpperCase()))),
    db.select({ n: sql<string>`coalesce(sum(${orderCounts.orders}), 0)` }).from(orderCounts).where(inArray(orderCounts.status, [...PAID_STATUSES])),
    countAccounts(db),
    queryRows<{ day: string; count: number; cents: string }>(
      db,
      sql`select to_char(${orderCounts.day}, 'YYYY-MM-DD') as day,
                 coalesce(sum(${orderCounts.orders}), 0)::int as count,
                 coalesce(sum(${orderCounts.totalCents}) filter (where ${orderCounts.currency} = ${currency.toUpperCase()}), 0)::text as cents
            from ${orderCounts}
           where ${orderCounts.status} in ('completed', 'shipped') and ${orderCounts.day} >= ${start.toISOString().slice(0, 10)}::date
           group by 1`,
    ),
    db.select({ ...getTableColumns(orders), payment: paymentStatusSql, fulfilment: fulfilmentStatusSql }).from(orders).orderBy(desc(orders.createdAt), desc(orders.id)).limit(5),
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
    userCount: users,
    days,
    latest,
  };
}
