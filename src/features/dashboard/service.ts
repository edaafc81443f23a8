import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/rows";
import { countAccounts } from "@/features/accounts/service";
import { keptLineFactsSql, latestOrders, orderFactsSql, ordersToFulfil } from "@/features/orders/order-facts";
import { zonedDay, zonedLocalToInstant } from "@/lib/time-zone";

/*
 * The dashboard's figures (docs/product.md#admin-dashboard), read from the orders (with what each gave back) on every
 * visit: a period (the last 30 days, or the last 12 weeks from Monday) on the shop's clock, compared with the one
 * before it. Money counts kept orders (completed, shipped) in the shop's currency, less what returns and refunds gave back;
 * orders in another currency are counted, never added.
 */

export type ChartPeriod = "day" | "week";
export type SalesPoint = { start: string; count: number; cents: number; previousStart: string; previousCount: number; previousCents: number };
export type TopProduct = { productId: string; title: string; units: number; cents: number };

const BUCKETS: Record<ChartPeriod, { count: number; days: number }> = { day: { count: 30, days: 1 }, week: { count: 12, days: 7 } };

/** A calendar day moved by `n` days ("2026-03-01" + -1 → "2026-02-28"). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The Monday of a day's ISO week. */
function mondayOf(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** The first day of each bucket of the current period and of the previous one, oldest first. */
export function periodBuckets(today: string, period: ChartPeriod): { current: string[]; previous: string[] } {
  const { count, days } = BUCKETS[period];
  const last = period === "week" ? mondayOf(today) : today;
  const current = Array.from({ length: count }, (_, i) => addDays(last, (i - count + 1) * days));
  const previous = current.map((start) => addDays(start, -count * days));
  return { current, previous };
}

type BucketRow = { bucket: string; count: number | string; cents: number | string; refunded: number | string; tax: number | string };

export async function loadDashboard(db: Db, options: { currency: string; timeZone: string; period?: ChartPeriod; now?: Date }) {
  const currency = options.currency.toUpperCase();
  const period = options.period ?? "day";
  const tz = options.timeZone;
  const today = zonedDay(options.now ?? new Date(), tz);
  const { current, previous } = periodBuckets(today, period);
  const end = addDays(current.at(-1)!, BUCKETS[period].days);
  const from = zonedLocalToInstant(`${previous[0]}T00:00`, tz)!;
  const currentFrom = zonedLocalToInstant(`${current[0]}T00:00`, tz)!;
  const to = zonedLocalToInstant(`${end}T00:00`, tz)!;

  const [buckets, top, users, toFulfil, latest] = await Promise.all([
    queryRows<BucketRow>(
      db,
      sql`WITH o AS (${orderFactsSql()})
          SELECT to_char(date_trunc(${period}, o.created_at AT TIME ZONE ${tz}), 'YYYY-MM-DD') AS bucket,
                 count(*)::int AS count,
                 coalesce(sum(o.total_cents - o.refunded_cents) FILTER (WHERE o.currency = ${currency}), 0)::bigint AS cents,
                 coalesce(sum(o.refunded_cents) FILTER (WHERE o.currency = ${currency}), 0)::bigint AS refunded,
                 coalesce(sum(o.tax_cents) FILTER (WHERE o.currency = ${currency}), 0)::bigint AS tax
            FROM o
           WHERE o.status IN ('completed', 'shipped') AND o.created_at >= ${from.toISOString()}::timestamptz AND o.created_at < ${to.toISOString()}::timestamptz
           GROUP BY 1`,
    ),
    queryRows<{ product_id: string; title: string; units: number | string; cents: number | string }>(
      db,
      sql`WITH l AS (${keptLineFactsSql(currency, currentFrom, to)})
          SELECT product_id, (array_agg(title ORDER BY created_at DESC))[1] AS title, sum(quantity)::int AS units, sum(amount_cents)::bigint AS cents
            FROM l GROUP BY product_id ORDER BY units DESC, cents DESC, product_id LIMIT 5`,
    ),
    countAccounts(db),
    ordersToFulfil(db),
    latestOrders(db, 5),
  ]);

  const byBucket = new Map(buckets.map((b) => [b.bucket, b]));
  const points: SalesPoint[] = current.map((start, i) => {
    const now = byBucket.get(start);
    const before = byBucket.get(previous[i]);
    return {
      start,
      count: Number(now?.count ?? 0),
      cents: Number(now?.cents ?? 0),
      previousStart: previous[i],
      previousCount: Number(before?.count ?? 0),
      previousCents: Number(before?.cents ?? 0),
    };
  });
  const inCurrent = current.map((start) => byBucket.get(start)).filter((b) => b !== undefined);
  const sum = (key: "cents" | "refunded" | "tax" | "count") => inCurrent.reduce((s, b) => s + Number(b[key]), 0);
  return {
    currency,
    period,
    netCents: sum("cents"),
    refundedCents: sum("refunded"),
    taxCents: sum("tax"),
    salesCount: sum("count"),
    previousNetCents: points.reduce((s, p) => s + p.previousCents, 0),
    userCount: users,
    toFulfil,
    points,
    topProducts: top.map((t): TopProduct => ({ productId: t.product_id, title: t.title, units: Number(t.units), cents: Number(t.cents) })),
    latest,
  };
}

export type DashboardData = Awaited<ReturnType<typeof loadDashboard>>;
