import { invoicePdfResponse } from "@/features/invoices/pdf-response";

export const dynamic = "force-dynamic";

/** GET /api/orders/{orderId}/credit-notes/{number} (docs/product.md#invoices): a credit note's PDF, same access as the invoice. */
export async function GET(request: Request, context: { params: Promise<{ orderId: string; number: string }> }) {
  const { orderId, number } = await context.params;
  if (!/^R\d{4}-\d{6}$/.test(number)) return new Response("Not found", { status: 404 });
  return invoicePdfResponse(request, orderId, { kind: "credit_note", number });
}
