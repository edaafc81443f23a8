import "server-only";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { invoices } from "@/server/db/schema/invoices";
import { orders } from "@/server/db/schema/orders";
import type { InvoiceKind } from "@/server/db/schema/invoices";
import type { InvoiceRow } from "./service";

/**
 * A document of an order as a viewer may see it: the order's owner, a guest holding its link, or an admin; anyone else gets null, exactly as for
 * a missing document (the route answers 404 to both, so ids cannot be probed).
 */
export async function documentForViewer(
  db: Db,
  viewer: { id: string; isAdmin: boolean } | { guestOrderId: number },
  orderId: number,
  which: { kind: InvoiceKind; number?: string },
): Promise<{ doc: InvoiceRow; invoiceNumber?: string } | null> {
  if (!Number.isSafeInteger(orderId)) return null;
  // A guest's link names one order, and opens it only while no account owns it (docs/product.md#guest-checkout).
  const ownership =
    "guestOrderId" in viewer
      ? and(eq(orders.id, orderId), eq(orders.id, viewer.guestOrderId), isNull(orders.userId))
      : viewer.isAdmin
        ? eq(orders.id, orderId)
        : and(eq(orders.id, orderId), eq(orders.userId, viewer.id));
  const [order] = await db.select({ id: orders.id }).from(orders).where(ownership);
  if (!order) return null;
  const conditions = [eq(invoices.orderId, orderId), eq(invoices.kind, which.kind)];
  if (which.number) conditions.push(eq(invoices.number, which.number));
  const [doc] = await db.select().from(invoices).where(and(...conditions)).limit(1);
  if (!doc) return null;
  if (doc.kind !== "credit_note") return { doc };
  const [invoice] = await db.select({ number: invoices.number }).from(invoices).where(eq(invoices.id, doc.correctsInvoiceId ?? -1));
  return { doc, invoiceNumber: invoice?.number };
}

/** Numbers of an order's documents, for the links on the profile, success page and admin order. */
export async function documentLinks(db: Db, orderIds: number[]): Promise<Map<number, { invoice: string | null; creditNotes: string[] }>> {
  const map = new Map<number, { invoice: string | null; creditNotes: string[] }>();
  if (orderIds.length === 0) return map;
  const rows = await db
    .select({ orderId: invoices.orderId, kind: invoices.kind, number: invoices.number })
    .from(invoices)
    .where(inArray(invoices.orderId, orderIds))
    .orderBy(asc(invoices.id));
  for (const r of rows) {
    const entry = map.get(r.orderId) ?? { invoice: null, creditNotes: [] };
    if (r.kind === "invoice") entry.invoice = r.number;
    else entry.creditNotes.push(r.number);
    map.set(r.orderId, entry);
  }
  return map;
}
