import type { Db } from "@/server/db/client";
import { addressLines } from "./order-summary";
import { formatShopTime } from "./order-history";
import { pdfDocument, pdfRow } from "@/lib/pdf-layout";
import { serverTranslator } from "@/i18n/server-translator";
import { shopSettings } from "@/features/settings/queries";
import type { Locale } from "@/i18n/routing";
import { findOrder } from "./order-reads";
import { linesByOrder } from "./order-rows";

/*
 * The packing slip (docs/product.md#packing-slip): what goes in the parcel and where it goes, for whoever packs it.
 * No prices: the slip travels with the goods, which may be a gift. In the order's language, its date on the shop's
 * clock; the page layout is the invoices' (src/lib/pdf-layout.ts).
 */

export type PackingSlip = {
  orderId: number;
  locale: Locale;
  placedAt: string;
  store: string;
  /** The address lines, or the pickup point's name and address. */
  destination: { kind: "ship" | "pickup"; lines: string[] };
  items: Array<{ title: string; options: string; quantity: number }>;
  /** The shopper's order note (docs/product.md#checkout-extras): what the packer may need to know. */
  note: string | null;
};

/** The slip's content for one order; null when there is no such order. */
export async function packingSlipOf(db: Db, orderId: number): Promise<PackingSlip | null> {
  const order = await findOrder(db, orderId);
  if (!order) return null;
  const [lines, shop] = await Promise.all([linesByOrder(db, [orderId]), shopSettings(db)]);
  const locale: Locale = order.locale === "es" ? "es" : "en";
  const method = order.shippingMethod;
  const destination =
    method?.kind === "pickup"
      ? { kind: "pickup" as const, lines: [locale === "es" ? method.nameEs : method.nameEn, method.pickupAddress].filter(Boolean) }
      : { kind: "ship" as const, lines: addressLines(order.shippingAddress, locale) };
  return {
    orderId,
    locale,
    placedAt: formatShopTime(order.createdAt, { locale, timeZone: shop.store.timeZone }),
    store: shop.store.name,
    destination,
    items: (lines.get(orderId) ?? []).map((l) => ({ title: l.productTitle, options: l.variantTitle, quantity: l.quantity })),
    note: order.orderNote,
  };
}

export async function renderPackingSlipPdf(slip: PackingSlip): Promise<Buffer> {
  const t = serverTranslator(slip.locale, "fulfilment");
  const label = (key: string) => t(`packingSlip.${key}`);
  const { pdf, done } = pdfDocument(`${label("title")} #${slip.orderId}`);
  pdf.font("Helvetica-Bold").fontSize(20).text(`${label("title")} · ${label("order")} #${slip.orderId}`);
  pdf.font("Helvetica").fontSize(10).moveDown(0.5);
  if (slip.store) pdf.text(slip.store);
  pdf.text(`${label("date")}: ${slip.placedAt}`);
  pdf.moveDown();
  pdf.font("Helvetica-Bold").text(label(slip.destination.kind === "pickup" ? "pickupAt" : "shipTo"));
  pdf.font("Helvetica");
  if (slip.destination.lines.length === 0) pdf.text(label("noAddress"));
  for (const line of slip.destination.lines) pdf.text(line);
  pdf.moveDown();
  if (slip.note) {
    pdf.font("Helvetica-Bold").text(label("note"));
    pdf.font("Helvetica").text(slip.note);
    pdf.moveDown();
  }
  const cols = [50, 300, 480];
  pdfRow(pdf, cols, [label("item"), label("options"), label("quantity")], { bold: true, align: ["left", "left", "right"] });
  for (const item of slip.items) pdfRow(pdf, cols, [item.title, item.options, String(item.quantity)], { align: ["left", "left", "right"] });
  pdf.moveDown();
  pdf.font("Helvetica-Bold").text(`${label("totalItems")}: ${slip.items.reduce((n, i) => n + i.quantity, 0)}`);
  pdf.end();
  return done;
}
