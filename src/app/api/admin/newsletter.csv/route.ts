import { adminRouteRefusal } from "@/features/admin/route-gate";
import { toCsv } from "@/lib/csv";
import { listSubscribers } from "@/features/newsletter/service";
import { getDb } from "@/server/db/client";

export const dynamic = "force-dynamic";

const PAGE = 1000;

/** GET /api/admin/newsletter.csv — every subscriber with language, state and dates (docs/product.md#newsletter). Admins only. */
export async function GET(request: Request) {
  const refused = await adminRouteRefusal(request);
  if (refused) return refused;
  const db = await getDb();
  const rows: unknown[][] = [["email", "locale", "status", "subscribed_at", "confirmed_at", "unsubscribed_at"]];
  for (let offset = 0; ; offset += PAGE) {
    const batch = await listSubscribers(db, { limit: PAGE, offset });
    for (const s of batch) rows.push([s.email, s.locale, s.status, s.createdAt, s.confirmedAt, s.unsubscribedAt]);
    if (batch.length < PAGE) break;
  }
  return new Response(toCsv(rows), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="newsletter-${new Date().toISOString().slice(0, 10)}.csv"`,
      "cache-control": "no-store",
    },
  });
}
