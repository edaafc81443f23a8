import "server-only";
import { actsWithRole, getSessionUserFromHeaders } from "@/features/accounts/session";
import { getDb } from "@/server/db/client";
import { orderIdOfLink } from "@/server/order-link-token";
import type { InvoiceKind } from "@/server/db/schema/invoices";
import { documentForViewer } from "./queries";
import { renderInvoicePdf } from "./invoice-pdf";
import { shopSettings } from "@/features/settings/queries";
import { logoBytes } from "@/features/settings/logo";
import { storage } from "@/server/storage";

const notFound = () => new Response("Not found", { status: 404, headers: { "cache-control": "no-store", "content-type": "text/plain; charset=utf-8" } });

/** The PDF answer of the invoice routes: owner and admins get it, everyone else (visitors included) a plain 404. */
export async function invoicePdfResponse(request: Request, orderIdParam: string, which: { kind: InvoiceKind; number?: string }): Promise<Response> {
  // A guest's order link (?token=, docs/product.md#guest-checkout) stands for the owner's session.
  const guestOrderId = orderIdOfLink(new URL(request.url).searchParams.get("token"));
  const current = guestOrderId !== null ? null : await getSessionUserFromHeaders(request.headers);
  // An admin sees every order's documents only with back-office rights in this session (ADMIN_REQUIRE_2FA).
  const viewer = guestOrderId !== null ? { guestOrderId } : current && { id: current.id, isAdmin: actsWithRole(current, "admin") };
  if (!viewer || !/^\d{1,10}$/.test(orderIdParam)) return notFound();
  const found = await documentForViewer(await getDb(), viewer, Number(orderIdParam), which);
  if (!found) return notFound();
  const logo = await logoBytes(storage(), (await shopSettings()).store.logoUrl);
  const pdf = await renderInvoicePdf(found.doc, { invoiceNumber: found.invoiceNumber, logo });
  return new Response(new Uint8Array(pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `inline; filename="${found.doc.number}.pdf"`,
      "cache-control": "private, no-store",
    },
  });
}
