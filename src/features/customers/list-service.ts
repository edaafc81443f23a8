import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/server/db/executor";
import { queryRows } from "@/server/db/rows";
import { planEachCall } from "@/server/db/prepared-statements";
import { orderFactsSql } from "@/features/orders/order-facts";
import { accountFactsSql } from "@/features/accounts/account-facts";
import { pageCount, pageNumber, pageWindow } from "@/lib/paging";
import { minorToDecimal } from "@/lib/money";

/*
 * The customer list (docs/product.md#admin-customers, decision 0373): every account and every address that ordered
 * without one, in one grouped statement over the orders (with what each gave back) and the accounts, a page at a time.
 * A guest order whose address belongs to an account counts for that account, so a person is listed once.
 */

export const CUSTOMERS_PAGE_SIZE = 25;

export type CustomerRow = {
  userId: string | null;
  email: string;
  name: string | null;
  orders: number;
  /** Kept orders (completed, shipped) in the shop's currency, less what returns and refunds gave back. */
  spentCents: number;
  lastOrderAt: Date | null;
};

type RawRow = { user_id: string | null; email: string; name: string | null; orders: number | string; spent_cents: number | string; last_order_at: string | Date | null; total: number | string };

/** Part of a name or an address, case-insensitive; `%` and `_` are plain characters. */
function matching(q: string): SQL {
  if (q === "") return sql`true`;
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(lower(email) LIKE ${pattern} OR lower(coalesce(name, '')) LIKE ${pattern})`;
}

function customersSql(currency: string, where: SQL, limit: number, offset: number) {
  // Planned for each call: the search is a pattern (decision 0330).
  return sql`${planEachCall}
    WITH o AS (${orderFactsSql()}), a AS (${accountFactsSql()}),
    per_customer AS (
      SELECT coalesce(o.user_id, a.id) AS user_id,
             CASE WHEN o.user_id IS NULL AND a.id IS NULL THEN o.email END AS guest_email,
             count(*) FILTER (WHERE o.paid) AS orders,
             sum(o.total_cents - o.refunded_cents) FILTER (WHERE o.status IN ('completed', 'shipped') AND o.currency = ${currency}) AS spent_cents,
             max(o.created_at) AS last_order_at
        FROM o
        LEFT JOIN a ON o.user_id IS NULL AND a.email = o.email
       GROUP BY 1, 2
    ),
    customers AS (
      SELECT a.id AS user_id, a.email, a.name, coalesce(p.orders, 0) AS orders, coalesce(p.spent_cents, 0) AS spent_cents, p.last_order_at
        FROM a LEFT JOIN per_customer p ON p.user_id = a.id
      UNION ALL
      SELECT NULL, p.guest_email, NULL, p.orders, coalesce(p.spent_cents, 0), p.last_order_at
        FROM per_customer p WHERE p.user_id IS NULL
    )
    SELECT user_id, email, name, orders::int AS orders, spent_cents::bigint AS spent_cents, last_order_at, count(*) OVER () AS total
      FROM customers
     WHERE ${where}
     ORDER BY last_order_at DESC NULLS LAST, email, user_id
     LIMIT ${limit} OFFSET ${offset}`;
}

function toRow(r: RawRow): CustomerRow {
  return {
    userId: r.user_id,
    email: r.email,
    name: r.name,
    orders: Number(r.orders),
    spentCents: Number(r.spent_cents),
    lastOrderAt: r.last_order_at === null ? null : new Date(r.last_order_at),
  };
}

/** One page of the list, most recent buyers first (then by address), with how many match in all. */
export async function listCustomers(db: Executor, options: { currency: string; q?: string; page?: number; pageSize?: number }) {
  const pageSize = options.pageSize ?? CUSTOMERS_PAGE_SIZE;
  const wanted = pageNumber(options.page);
  const q = options.q?.trim() ?? "";
  let rows = await queryRows<RawRow>(db, customersSql(options.currency.toUpperCase(), matching(q), pageSize, pageWindow(wanted, pageSize).offset));
  let total = Number(rows[0]?.total ?? 0);
  let page = wanted;
  if (rows.length === 0 && wanted > 1) {
    // Past the last page (a stale link): show the last one rather than an empty list.
    const [first] = await queryRows<RawRow>(db, customersSql(options.currency.toUpperCase(), matching(q), 1, 0));
    total = Number(first?.total ?? 0);
    page = pageCount(total, pageSize);
    rows = await queryRows<RawRow>(db, customersSql(options.currency.toUpperCase(), matching(q), pageSize, pageWindow(page, pageSize).offset));
  }
  return { rows: rows.map(toRow), total, page, pageCount: pageCount(total, pageSize) };
}

const CSV_BATCH = 2000;

/** Every matching customer, a batch at a time, for the CSV export. */
export async function* customerBatches(db: Executor, options: { currency: string; q?: string }): AsyncGenerator<CustomerRow[]> {
  const q = options.q?.trim() ?? "";
  for (let offset = 0; ; offset += CSV_BATCH) {
    const rows = await queryRows<RawRow>(db, customersSql(options.currency.toUpperCase(), matching(q), CSV_BATCH, offset));
    if (rows.length > 0) yield rows.map(toRow);
    if (rows.length < CSV_BATCH) return;
  }
}

/** One customer's line of the list (orders, spent, last order), or null when there is no such customer. */
export async function customerFigures(db: Executor, currency: string, who: { userId: string } | { email: string }): Promise<CustomerRow | null> {
  const where = "userId" in who ? sql`user_id = ${who.userId}` : sql`user_id IS NULL AND email = ${who.email.toLowerCase()}`;
  const [row] = await queryRows<RawRow>(db, customersSql(currency.toUpperCase(), where, 1, 0));
  return row ? toRow(row) : null;
}

/** The export's rows: a header, then every matching customer with amounts as decimals in the shop's currency. */
export async function* customerCsvLines(db: Executor, options: { currency: string; q?: string }): AsyncGenerator<unknown[][]> {
  const currency = options.currency.toUpperCase();
  yield [["email", "name", "type", "orders", "total_spent", "currency", "last_order_at"]];
  for await (const batch of customerBatches(db, options)) {
    yield batch.map((c) => [c.email, c.name ?? "", c.userId ? "account" : "guest", c.orders, minorToDecimal(c.spentCents, currency), currency, c.lastOrderAt ?? ""]);
  }
}
