import { and, asc, desc, eq, getTableColumns, gte, inArray, like, lt, lte, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { minorToDecimal } from "@/lib/money";
import type { Db } from "@/server/db/client";
import { orderCounts, orderEmails, orders, orderStatuses } from "@/server/db/schema/orders";
import type { OrderRow } from "./order-rows";
import { orderDaySchema } from "./admin-schemas";
import { planEachCall } from "@/server/db/prepared-statements";
import { pageCount } from "@/lib/paging";
import { fulfilmentStatusSql, fulfilmentViews, orderStateWhere, paymentStatusSql, paymentStatuses } from "./order-state";

/*
 * The admin's order list and export at any size (docs/performance.md#a-million-orders, decision 0170): newest first
 * with the id as tie-break, filtered by status, part of the email and a range of days (UTC). Unless an email is
 * given, the page count and the day a page starts on come from the counters per status and day (drizzle/0040); a
 * page's ids are found in the index first and only its rows are read; the export walks the list in batches after the last row it wrote.
 */

export const adminOrderListSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  status: z.enum(orderStatuses).optional(),
  /** Payment and fulfilment status (./order-state.ts); "all" orders unless told. */
  payment: z.enum(paymentStatuses).optional(),
  fulfilment: z.enum(fulfilmentViews).optional(),
  /** Part of the customer's email, case-insensitive. */
  email: z.string().trim().max(200).optional(),
  /** First and last day of the range (UTC), both included. */
  from: orderDaySchema.optional(),
  to: orderDaySchema.optional(),
});
export type AdminOrderListQuery = z.input<typeof adminOrderListSchema>;
export type AdminOrderFilter = Pick<z.output<typeof adminOrderListSchema>, "status" | "payment" | "fulfilment" | "email" | "from" | "to">;

/** Up to this many matching addresses are looked up once and named in the orders' query; more stay a subquery. */
const NAMED_ADDRESSES = 500;

/**
 * The filter as SQL on `orders`. "Email contains" first finds the addresses containing the text among the distinct
 * addresses (trigram index on `order_emails`, a tenth of the orders' rows), once per call, then matches their orders
 * by the btree on lower(email).
 */
async function whereOf(db: Db, filter: AdminOrderFilter): Promise<SQL | undefined> {
  const filters: SQL[] = [];
  if (filter.status) filters.push(eq(orders.status, filter.status));
  const states = orderStateWhere(filter);
  if (states) filters.push(states);
  if (filter.email) {
    const pattern = `%${filter.email.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // Both planned for each pattern: a generic plan cannot see it (src/server/db/prepared-statements.ts).
    const matches = await db.select({ email: orderEmails.email }).from(orderEmails).where(sql`${planEachCall} ${like(orderEmails.email, pattern)}`).limit(NAMED_ADDRESSES + 1);
    filters.push(
      matches.length > NAMED_ADDRESSES
        ? sql`${planEachCall} lower(${orders.email}) IN (SELECT ${orderEmails.email} FROM ${orderEmails} WHERE ${orderEmails.email} LIKE ${pattern})`
        : matches.length > 0
          ? inArray(sql`lower(${orders.email})`, matches.map((m) => m.email))
          : sql`false`,
    );
  }
  if (filter.from) filters.push(gte(orders.createdAt, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to) filters.push(lt(orders.createdAt, new Date(Date.parse(`${filter.to}T00:00:00Z`) + 86_400_000)));
  return filters.length ? and(...filters) : undefined;
}

/** The counters' rows of a filter without an email: its status and its days. */
function countersWhere(filter: AdminOrderFilter): SQL | undefined {
  return and(
    filter.status ? eq(orderCounts.status, filter.status) : undefined,
    filter.from ? gte(orderCounts.day, filter.from) : undefined,
    filter.to ? lte(orderCounts.day, filter.to) : undefined,
  );
}

/** The counters know status and day only: an email or a payment or fulfilment status counts the matching rows. */
const countsRows = (filter: AdminOrderFilter) => Boolean(filter.email) || orderStateWhere(filter) !== undefined;

/** How many orders match: the counters' sum by status and days, a count of the matching rows otherwise (countsRows). */
export async function countOrdersForAdmin(db: Db, filter: AdminOrderFilter, where?: SQL): Promise<number> {
  if (!countsRows(filter)) {
    const [row] = await db
      .select({ n: sql<string>`coalesce(sum(${orderCounts.orders}), 0)` })
      .from(orderCounts)
      .where(
        countersWhere(filter),
      );
    return Number(row.n);
  }
  const [row] = await db.select({ n: sql<string>`count(*)` }).from(orders).where(where ?? (await whereOf(db, filter)));
  return Number(row.n);
}

/** Orders per day (UTC) of a filter without an email, newest day first, from the counters. */
async function ordersPerDay(db: Db, filter: AdminOrderFilter): Promise<Array<{ day: string; n: number }>> {
  const rows = await db
    .select({ day: sql<string>`to_char(${orderCounts.day}, 'YYYY-MM-DD')`, n: sql<string>`sum(${orderCounts.orders})` })
    .from(orderCounts)
    .where(
      countersWhere(filter),
    )
    .groupBy(orderCounts.day)
    .having(sql`sum(${orderCounts.orders}) <> 0`)
    .orderBy(desc(orderCounts.day));
  return rows.map((r) => ({ day: r.day, n: Number(r.n) }));
}

/** Admin list: newest first, paginated, filtered by status, customer email and days. Callers check requireAdmin() first. */
export async function listOrdersForAdmin(db: Db, query: AdminOrderListQuery = {}) {
  const q = adminOrderListSchema.parse(query);
  const where = await whereOf(db, q);
  const offset = (q.page - 1) * q.pageSize;
  let total: number;
  let page: { where: SQL | undefined; skip: number; fromEnd: boolean };
  if (!countsRows(q)) {
    // The counters say which day the page starts on and how many newer orders there are: the index is entered at
    // that day and walked for at most one day's orders, whatever the page number.
    const days = await ordersPerDay(db, q);
    total = days.reduce((sum, d) => sum + d.n, 0);
    page = { where, skip: offset, fromEnd: false };
    let newer = 0;
    for (const d of days) {
      if (newer + d.n > offset) {
        page = { where: and(where, lt(orders.createdAt, new Date(Date.parse(`${d.day}T00:00:00Z`) + 86_400_000))), skip: offset - newer, fromEnd: false };
        break;
      }
      newer += d.n;
    }
  } else {
    total = await countOrdersForAdmin(db, q, where);
    // Past the middle, the page is counted from the oldest end: the index is walked for at most half the list.
    page = { where, skip: offset, fromEnd: offset > total / 2 };
  }
  const pages = pageCount(total, q.pageSize);
  let ids: number[] = [];
  if (offset < total) {
    const endOffset = total - offset - q.pageSize;
    const order = page.fromEnd ? [asc(orders.createdAt), asc(orders.id)] : [desc(orders.createdAt), desc(orders.id)];
    const rows = await db
      .select({ id: orders.id })
      .from(orders)
      .where(page.where)
      .orderBy(...order)
      .limit(page.fromEnd ? q.pageSize + Math.min(0, endOffset) : q.pageSize)
      .offset(page.fromEnd ? Math.max(0, endOffset) : page.skip);
    ids = rows.map((r) => r.id);
  }
  const rows = ids.length
    ? await db
        .select({ ...getTableColumns(orders), payment: paymentStatusSql, fulfilment: fulfilmentStatusSql })
        .from(orders)
        .where(inArray(orders.id, ids))
        .orderBy(desc(orders.createdAt), desc(orders.id))
    : [];
  return { orders: rows, total, page: q.page, pageSize: q.pageSize, pageCount: pages };
}

/**
 * Every order matching the filter, newest first, `batchSize` rows at a time: each batch starts after the last row of
 * the one before (compared in the database, to the microsecond), so memory holds one batch however long the list.
 */
export async function* ordersForExport(db: Db, filter: AdminOrderFilter, batchSize = 1000): AsyncGenerator<OrderRow[]> {
  let last: { at: string; id: number } | null = null;
  const where = await whereOf(db, filter);
  for (;;) {
    const after: SQL | undefined = last === null ? undefined : sql`(${orders.createdAt}, ${orders.id}) < (${last.at}::timestamptz, ${last.id})`;
    const batch = await db
      .select({ ...getTableColumns(orders), cursorAt: sql<string>`${orders.createdAt}::text` })
      .from(orders)
      .where(and(where, after))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(batchSize);
    if (batch.length > 0) yield batch.map(({ cursorAt: _, ...order }) => order);
    if (batch.length < batchSize) return;
    last = { at: batch[batch.length - 1].cursorAt, id: batch[batch.length - 1].id };
  }
}

/**
 * The CSV's lines, one batch of orders at a time (docs/performance.md#a-million-orders): a million orders stream in
 * the memory of one batch. Discount, tax and the tax per rate ("21%:7.11;10%:1.23") follow the original columns,
 * which keep their places.
 */
export async function* ordersCsvLines(db: Db, filter: AdminOrderFilter): AsyncGenerator<unknown[][]> {
  yield [["order_id", "created_at", "email", "status", "total", "currency", "subtotal", "shipping", "payment_provider", "discount", "discount_code", "tax", "tax_per_rate", "prices_include_tax", "tax_country"]];
  for await (const batch of ordersForExport(db, filter)) {
    yield batch.map((o) => {
      // Amounts in the order's own currency with its digits: "12.50" EUR, "15990" CLP, "12.345" KWD.
      const amount = (cents: number) => minorToDecimal(cents, o.currency);
      return [
        o.id, o.createdAt, o.email, o.status, amount(o.totalCents), o.currency, amount(o.subtotalCents), amount(o.shippingCents), o.paymentProvider,
        amount(o.discountCents), o.discountCode ?? "", amount(o.taxCents), o.taxLines.map((t) => `${t.rateBp / 100}%:${amount(t.taxCents)}`).join(";"), o.pricesIncludeTax, o.taxCountry ?? "",
      ];
    });
  }
}
