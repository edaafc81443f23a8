import { formatMoney } from "@/lib/money";
import { countryName } from "@/lib/country-name";
import { orderMoneyRows, type MoneyRow, type OrderMoneyFacts } from "@/features/taxes/money-rows";
import type { ShippingAddress } from "@/server/db/schema/shipping-address";

/*
 * The one model of an order's summary (docs/product.md#taxes-and-discounts): its lines as bought, its money rows
 * (subtotal, discounts, shipping, tax per rate, total) and the address it ships to. Screens and emails draw this
 * model; none of them recomputes a line total or spells a line title on its own.
 */

export type SummaryLineFacts = {
  id: number;
  quantity: number;
  productTitle: string;
  variantTitle: string;
  unitPriceCents: number;
  salePriceCents: number | null;
  currency: string;
};

/** A line as shown: `unit` is the price of one (the sale price when there was one), `amount` the line's total. */
export type SummaryLine = { key: number; quantity: number; title: string; unit: string; amount: string; amountCents: number };
export type OrderSummary = { lines: SummaryLine[]; money: MoneyRow[]; address: string[] };

/** "Tote (Black)": the product with its variant, as the line was bought. */
export function lineTitle(line: Pick<SummaryLineFacts, "productTitle" | "variantTitle">): string {
  return line.variantTitle ? `${line.productTitle} (${line.variantTitle})` : line.productTitle;
}

/** What the line charged: the sale price when there was one, times the quantity. */
export function lineTotalCents(line: Pick<SummaryLineFacts, "quantity" | "unitPriceCents" | "salePriceCents">): number {
  return (line.salePriceCents ?? line.unitPriceCents) * line.quantity;
}

export function summaryLines(lines: readonly SummaryLineFacts[], locale: string): SummaryLine[] {
  return lines.map((l) => ({
    key: l.id,
    quantity: l.quantity,
    title: lineTitle(l),
    unit: formatMoney(l.salePriceCents ?? l.unitPriceCents, l.currency, locale),
    amountCents: lineTotalCents(l),
    amount: formatMoney(lineTotalCents(l), l.currency, locale),
  }));
}

/**
 * The address the way a parcel label reads: name, street, postcode and city (with the state), the country by its
 * name in the reader's language, phone; empty parts left out.
 */
export function addressLines(a: ShippingAddress | null | undefined, locale: string): string[] {
  if (!a) return [];
  const country = countryName(a.country, locale);
  const place = [a.zipCode, a.city].filter(Boolean).join(" ") + (a.state ? `, ${a.state}` : "");
  return [`${a.firstName} ${a.lastName}`, a.address, place, country, a.phone].filter((line) => line.trim() !== "");
}

export function orderSummary(
  order: OrderMoneyFacts & { shippingAddress?: ShippingAddress | null },
  lines: readonly SummaryLineFacts[],
  locale: string,
): OrderSummary {
  return { lines: summaryLines(lines, locale), money: orderMoneyRows(order, locale), address: addressLines(order.shippingAddress, locale) };
}
