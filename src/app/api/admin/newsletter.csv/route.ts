import { assertAdmin, NotAuthorizedError } from "@/features/accounts/session";
import { toCsv } from "@/lib/csv";
import { listSubscribers } from "@/features/newsletter/service";
import { getDb } from "@/server/db/client";

export const dynamic = "force-dynamic";

const PAGE = 1000;

/** GET /api/admin/newsletter.csv — every subscriber with language, state and dates (docs/product.md#newsletter). Admins only. */
export async function GET(request: Request) {
  try {
    await assertAdmin(request.headers);
  } catch (error) {
    if (error instanceof NotAuthorizedError) {
      return Response.json({ error: error.status === 401 ? "Sign in as an administrator." : "Administrators only." }, { status: error.status });
    }
    throw error;
  }
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
