import type { InvoiceAmounts, InvoiceLineSnapshot } from "@/server/db/schema/invoices";

export type TaxBase = { rateBp: number; baseCents: number; taxCents: number };

/**
 * The taxable base per rate an invoice shows beside its tax (docs/product.md#invoices, "base imponible"): what the
 * lines at that rate and, at the rate it was taxed at, the shipping cost without their tax. The shipping's rate is the
 * one whose tax is more than its lines' (shipping is taxed at the destination's standard rate); each line's total
 * already carries its discounts. Base + tax over the rates add up to the total when prices include tax.
 */
export function taxBases(amounts: Pick<InvoiceAmounts, "taxLines" | "shippingCents" | "pricesIncludeTax">, lines: readonly Pick<InvoiceLineSnapshot, "taxRateBp" | "taxCents" | "totalCents">[]): TaxBase[] {
  return amounts.taxLines.map(({ rateBp, taxCents }) => {
    const atRate = lines.filter((l) => l.taxRateBp === rateBp);
    const linesBase = atRate.reduce((sum, l) => sum + l.totalCents - l.taxCents, 0);
    const shippingTax = taxCents - atRate.reduce((sum, l) => sum + l.taxCents, 0);
    const shippingBase = shippingTax === 0 ? 0 : amounts.pricesIncludeTax ? amounts.shippingCents - shippingTax : amounts.shippingCents;
    return { rateBp, baseCents: linesBase + shippingBase, taxCents };
  });
}
