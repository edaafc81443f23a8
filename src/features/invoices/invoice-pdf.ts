import enInvoices from "@/messages/en/invoices.json";
import esInvoices from "@/messages/es/invoices.json";
import { formatMoney } from "@/lib/money";
import { pdfDocument, pdfRow } from "@/lib/pdf-layout";
import { formatMessage } from "@/i18n/server-translator";
import { formatRate, taxLineLabel } from "@/features/taxes/tax-format";
import type { InvoiceRow } from "./service";
import { taxBases } from "./tax-bases";

type Labels = typeof enInvoices;

/**
 * The PDF of an invoice or credit note, made with pdfkit, in the order's language: seller, buyer, lines with their
 * discount and VAT rate, discounts, shipping, the taxable base and tax per rate and the total (docs/product.md#invoices).
 */
export async function renderInvoicePdf(doc: InvoiceRow, references: { invoiceNumber?: string; logo?: Buffer | null } = {}): Promise<Buffer> {
  const t: Labels = doc.locale === "es" ? esInvoices : enInvoices;
  const lang = doc.locale === "es" ? "es" : "en";
  const money = (cents: number) => formatMoney(cents, doc.currency, doc.locale);
  const { pdf, done } = pdfDocument(`${doc.kind === "credit_note" ? t.creditNote : t.invoice} ${doc.number}`);

  const title = doc.kind === "credit_note" ? t.creditNote : t.invoice;
  // The store's logo (docs/product.md#settings) in the top right corner, beside the title.
  if (references.logo) {
    try {
      pdf.image(references.logo, 395, 40, { fit: [150, 50], align: "right" });
    } catch {
      // An unreadable logo leaves the invoice without it rather than without the invoice.
    }
  }
  pdf.font("Helvetica-Bold").fontSize(20).text(`${title} ${doc.number}`);
  pdf.font("Helvetica").fontSize(10).moveDown(0.5);
  const date = new Intl.DateTimeFormat(doc.locale === "es" ? "es-ES" : "en-GB", { dateStyle: "long", timeZone: "UTC" }).format(doc.issuedAt);
  pdf.text(`${t.date}: ${date}`);
  pdf.text(`${t.order}: #${doc.orderId}`);
  if (doc.kind === "credit_note" && references.invoiceNumber) pdf.text(formatMessage(lang, "invoices", "corrects", { number: references.invoiceNumber }));
  if (doc.reason) pdf.text(doc.reason);
  pdf.moveDown();

  const top = pdf.y;
  const party = (label: string, p: InvoiceRow["seller"], x: number) => {
    pdf.font("Helvetica-Bold").text(label, x, top, { width: 230 });
    if (p.company) pdf.font("Helvetica-Bold").text(p.company, x, undefined, { width: 230 });
    pdf.font("Helvetica").text(p.name, x, undefined, { width: 230 });
    if (p.taxId) pdf.text(`${t.taxId}: ${p.taxId}`, x, undefined, { width: 230 });
    if (p.address) pdf.text(p.address, x, undefined, { width: 230 });
    if (p.email) pdf.text(p.email, x, undefined, { width: 230 });
    return pdf.y;
  };
  const bottom = Math.max(party(t.seller, doc.seller, 50), party(t.buyer, doc.buyer, 310));
  pdf.x = 50;
  pdf.y = bottom + 20;

  const cols = [50, 260, 300, 380, 450, 490];
  const row = (cells: string[], bold = false) => pdfRow(pdf, cols, cells, { bold });
  row([t.item, t.qty, t.unit, t.lineDiscount, t.rate, t.amount], true);
  for (const l of doc.lines) {
    row([l.title, String(l.quantity), money(l.unitCents), l.discountCents ? money(-l.discountCents) : "", formatRate(l.taxRateBp, doc.locale), money(l.totalCents)]);
  }
  pdf.moveDown();

  const a = doc.amounts;
  const total = (label: string, value: string, bold = false) => {
    const y = pdf.y;
    pdf.font(bold ? "Helvetica-Bold" : "Helvetica").text(label, 300, y, { width: 160 });
    pdf.text(value, 460, y, { width: 85, align: "right" });
    pdf.x = 50;
  };
  total(t.subtotal, money(a.subtotalCents));
  for (const d of a.discounts) total(d.label, money(-d.amountCents));
  if (a.discounts.length === 0 && a.discountCents !== 0) total(t.lineDiscount, money(-a.discountCents));
  // A pickup sold no shipping: no line for it (docs/product.md#shipping); the method shows under the totals.
  if (!a.pickup) total(a.shippingLabel ?? t.shipping, money(a.shippingCents));
  // Per rate, the taxable base ("base imponible") and then its tax.
  for (const line of taxBases(a, doc.lines)) {
    total(formatMessage(lang, "invoices", "taxBase", { rate: formatRate(line.rateBp, doc.locale) }), money(line.baseCents));
    total(taxLineLabel(line.rateBp, a.pricesIncludeTax, doc.locale), money(line.taxCents));
  }
  total(t.total, money(a.totalCents), true);
  if (a.pickup && a.shippingLabel) pdf.moveDown().font("Helvetica").text(a.shippingLabel);
  pdf.end();
  return done;
}
