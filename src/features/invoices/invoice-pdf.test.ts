import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderInvoicePdf } from "./invoice-pdf";
import type { InvoiceRow } from "./service";

/** The PDF's text as pdftotext (poppler) reads it: what a person or an accounting tool sees. */
function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), "vitrina-pdf-"));
  const file = join(dir, "doc.pdf");
  writeFileSync(file, pdf);
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
}

const invoice: InvoiceRow = {
  id: 1,
  orderId: 1042,
  kind: "invoice",
  number: "2026-000123",
  year: 2026,
  sequence: 123,
  locale: "es",
  currency: "EUR",
  seller: { name: "Tienda Ejemplo SL", taxId: "B12345678", address: "Calle Mayor 1, 28013 Madrid", email: "hola@tienda.test" },
  buyer: { name: "Ana Pérez", taxId: "", address: "Gran Vía 2, 28013 Madrid, ES", email: "ana@example.test" },
  lines: [{ title: "Bolso de cuero (Negro)", quantity: 2, unitCents: 2000, discountCents: 400, taxRateBp: 2100, taxCents: 625, totalCents: 3600 }],
  amounts: {
    pricesIncludeTax: true,
    subtotalCents: 4000,
    discountCents: 400,
    discounts: [{ label: "Bienvenida (HOLA10)", amountCents: 400 }],
    shippingCents: 495,
    taxLines: [{ rateBp: 2100, taxCents: 711 }],
    taxCents: 711,
    totalCents: 4095,
  },
  correctsInvoiceId: null,
  reason: null,
  issuedAt: new Date("2026-11-24T12:00:00Z"),
};

describe("invoice PDF", () => {
  it("carries number, seller and buyer, lines, discount, shipping, tax per rate and total in the order's language", async () => {
    const text = pdfText(await renderInvoicePdf(invoice));
    expect(text).toContain("Factura 2026-000123");
    expect(text).toContain("Tienda Ejemplo SL");
    expect(text).toContain("NIF: B12345678");
    expect(text).toContain("Ana Pérez");
    expect(text).toContain("Bolso de cuero (Negro)");
    expect(text).toMatch(/Bienvenida \(HOLA10\)\s+-4,00\s€/);
    expect(text).toMatch(/Envío\s+4,95\s€/);
    // The taxable base per rate: the line's 36,00 − 6,25 and the shipping's 4,95 − 0,86; base + tax = total.
    expect(text).toMatch(/Base imponible 21\s%\s+33,84\s€/);
    expect(text).toMatch(/IVA incl\. 21\s%\s+7,11\s€/);
    expect(text).toMatch(/Total\s+40,95\s€/);
  });

  it("prints a peso invoice without decimals and a dinar one with three (docs/product.md#prices)", async () => {
    const pesos: InvoiceRow = {
      ...invoice,
      currency: "CLP",
      lines: [{ title: "Poncho", quantity: 2, unitCents: 15990, discountCents: 0, taxRateBp: 1900, taxCents: 5106, totalCents: 31980 }],
      amounts: { ...invoice.amounts, subtotalCents: 31980, discountCents: 0, discounts: [], shippingCents: 2990, taxLines: [{ rateBp: 1900, taxCents: 5583 }], taxCents: 5583, totalCents: 34970 },
    };
    const text = pdfText(await renderInvoicePdf(pesos));
    expect(text).toMatch(/Envío\s+\$2\.990/);
    expect(text).toMatch(/Total\s+\$34\.970/);
    expect(text).not.toMatch(/34\.970,00/);
    const dinars = pdfText(await renderInvoicePdf({ ...pesos, currency: "KWD", locale: "en" }));
    expect(dinars).toMatch(/Total\s+KWD\s34\.970/);
  });

  it("writes an English credit note naming the invoice it corrects", async () => {
    const note: InvoiceRow = { ...invoice, kind: "credit_note", number: "R2026-000001", locale: "en", reason: "Refunded", amounts: { ...invoice.amounts, totalCents: -4095, discounts: [] } };
    const text = pdfText(await renderInvoicePdf(note, { invoiceNumber: "2026-000123" }));
    expect(text).toContain("Credit note R2026-000001");
    expect(text).toContain("Corrects invoice 2026-000123");
    expect(text).toMatch(/Tax base 21%\s+€33\.84/);
    expect(text).toMatch(/incl\. VAT 21%\s+€7\.11/);
    expect(text).toMatch(/Total\s+-€40\.95/);
  });
});
