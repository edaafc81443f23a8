import { assertAdmin, NotAuthorizedError } from "@/features/accounts/session";
import { toCsv } from "@/lib/csv";
import { orderFilterSchema } from "@/features/orders/admin-schemas";
import { listOrdersForAdmin } from "@/features/orders/queries";
import { getDb } from "@/server/db/client";

export const dynamic = "force-dynamic";

/** Most rows one export carries; past it, narrow the filter. Keeps one request from reading an unbounded table. */
const MAX_ROWS = 10_000;

/** GET /api/admin/orders.csv?status=&email= — the admin's filtered order list as CSV. Admins only. */
export async function GET(request: Request) {
  try {
    await assertAdmin(request.headers);
  } catch (error) {
    if (error instanceof NotAuthorizedError) {
      return Response.json({ error: error.status === 401 ? "Sign in as an administrator." : "Administrators only." }, { status: error.status });
    }
    throw error;
  }
  const params = new URL(request.url).searchParams;
  const filter = orderFilterSchema.parse({ status: params.get("status") ?? undefined, email: params.get("email") || undefined });
  const db = await getDb();
  const rows: unknown[][] = [["order_id", "created_at", "email", "status", "total", "currency", "subtotal", "shipping", "payment_provider"]];
  for (let page = 1; rows.length <= MAX_ROWS; page++) {
    const result = await listOrdersForAdmin(db, { status: filter.status, email: filter.email, page, pageSize: 100 });
    for (const o of result.orders) {
      rows.push([o.id, o.createdAt, o.email, o.status, (o.totalCents / 100).toFixed(2), o.currency, (o.subtotalCents / 100).toFixed(2), (o.shippingCents / 100).toFixed(2), o.paymentProvider]);
    }
    if (page >= result.pageCount) break;
  }
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(toCsv(rows), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="orders-${filter.status ?? "all"}-${stamp}.csv"`,
      "cache-control": "no-store",
    },
  });
}
