import { assertAdmin, NotAuthorizedError } from "@/features/accounts/session";
import { csvStream } from "@/lib/csv";
import { customerCsvLines } from "@/features/customers/list-service";
import { customerListSchema } from "@/features/customers/schemas";
import { shopSettings } from "@/features/settings/queries";
import { getDb } from "@/server/db/client";

export const dynamic = "force-dynamic";

/** GET /api/admin/customers.csv?q= — the customer list as CSV, every matching row (docs/product.md#admin-customers). Staff and admins. */
export async function GET(request: Request) {
  try {
    await assertAdmin(request.headers, "staff");
  } catch (error) {
    if (error instanceof NotAuthorizedError) {
      return Response.json({ error: error.status === 401 ? "Sign in as an administrator." : "Administrators only." }, { status: error.status });
    }
    throw error;
  }
  const parsed = customerListSchema.safeParse({ q: new URL(request.url).searchParams.get("q") ?? undefined });
  if (!parsed.success) return Response.json({ error: "The search is too long (200 characters at most)." }, { status: 400 });
  const db = await getDb();
  const { currency } = (await shopSettings(db)).money;
  return new Response(csvStream(customerCsvLines(db, { currency, q: parsed.data.q })), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="customers-${new Date().toISOString().slice(0, 10)}.csv"`,
      "cache-control": "no-store",
    },
  });
}
