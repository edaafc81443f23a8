import { adminRouteRefusal } from "@/features/admin/route-gate";
import { orderIdSchema } from "@/features/orders/admin-schemas";
import { packingSlipOf, renderPackingSlipPdf } from "@/features/orders/packing-slip";
import { getDb } from "@/server/db/client";

export const dynamic = "force-dynamic";

/** GET /api/admin/orders/{id}/packing-slip.pdf — the order's packing slip (docs/product.md#packing-slip). Staff and admins. */
export async function GET(request: Request, context: { params: Promise<{ orderId: string }> }) {
  const refused = await adminRouteRefusal(request, "staff");
  if (refused) return refused;
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
