import { invoicePdfResponse } from "@/features/invoices/pdf-response";

export const dynamic = "force-dynamic";

/** GET /api/orders/{orderId}/invoice.pdf (docs/product.md#invoices): the order's owner and admins; 404 to anyone else. */
export async function GET(request: Request, context: { params: Promise<{ orderId: string }> }) {
  return invoicePdfResponse(request, (await context.params).orderId, { kind: "invoice" });
}
