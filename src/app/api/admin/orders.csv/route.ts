import { adminRouteRefusal } from "@/features/admin/route-gate";
import { csvStream } from "@/lib/csv";
import { orderFilterSchema } from "@/features/orders/admin-schemas";
import { ordersCsvLines } from "@/features/orders/admin-order-list";
import { getDb } from "@/server/db/client";

export const dynamic = "force-dynamic";

/** GET /api/admin/orders.csv?status=&payment=&fulfilment=&email=&from=&to= — the admin's filtered order list as CSV, every row. Admins only. */
export async function GET(request: Request) {
  const refused = await adminRouteRefusal(request, "staff");
  if (refused) return refused;
  const params = new URL(request.url).searchParams;
  const filter = orderFilterSchema.parse({
    status: params.get("status") ?? undefined,
    payment: params.get("payment") || undefined,
    fulfilment: params.get("fulfilment") || undefined,
    email: params.get("email") || undefined,
    from: params.get("from") || undefined,
    to: params.get("to") || undefined,
  });
  const db = await getDb();
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(csvStream(ordersCsvLines(db, filter)), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="orders-${filter.status ?? "all"}-${stamp}.csv"`,
      "cache-control": "no-store",
    },
  });
}
