import { assertAdmin, NotAuthorizedError } from "@/features/accounts/session";
import { orderIdSchema } from "@/features/orders/admin-schemas";
import { packingSlipOf, renderPackingSlipPdf } from "@/features/orders/packing-slip";
import { getDb } from "@/server/db/client";

export const dynamic = "force-dynamic";

/** GET /api/admin/orders/{id}/packing-slip.pdf — the order's packing slip (docs/product.md#packing-slip). Staff and admins. */
export async function GET(request: Request, context: { params: Promise<{ orderId: string }> }) {
  try {
    await assertAdmin(request.headers, "staff");
  } catch (error) {
    if (error instanceof NotAuthorizedError) {
      return Response.json({ error: error.status === 401 ? "Sign in as an administrator." : "Administrators only." }, { status: error.status });
    }
    throw error;
  }
  const id = orderIdSchema.safeParse((await context.params).orderId);
  const slip = id.success ? await packingSlipOf(await getDb(), id.data) : null;
  if (!slip) return new Response("Not found", { status: 404, headers: { "cache-control": "no-store", "content-type": "text/plain; charset=utf-8" } });
  const pdf = await renderPackingSlipPdf(slip);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="packing-slip-${slip.orderId}.pdf"`,
      "cache-control": "private, no-store",
    },
  });
}
