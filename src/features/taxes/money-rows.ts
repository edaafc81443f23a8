import enShipping from "@/messages/en/shipping.json";
import esShipping from "@/messages/es/shipping.json";
import enPromotions from "@/messages/en/promotions.json";
import esPromotions from "@/messages/es/promotions.json";
import { formatMoney } from "@/lib/money";
import type { OrderDiscountLine, OrderShippingMethod, OrderTaxLine } from "@/server/db/schema/orders";
import { taxLineLabel } from "./tax-format";

/** What every place that shows an order's (or a cart's) money needs; the order row has all of it. */
export type OrderMoneyFacts = {
  currency: string;
  subtotalCents: number;
  discountLines: readonly OrderDiscountLine[];
  shippingCents: number;
  taxLines: readonly OrderTaxLine[];
  pricesIncludeTax: boolean;
  totalCents: number;
  /** The shipping method the order was sold with (docs/product.md#shipping); absent for a cart or an older order. */
  shippingMethod?: Pick<OrderShippingMethod, "kind" | "nameEn" | "nameEs" | "pickupAddress"> | null;
};

/**
 * The shipping row's label: "Shipping (Standard shipping)", or for a pickup the method and where ("Pick up in Madrid —
 * Calle …"), so every place that shows an order says how it travels.
 */
export function shippingRowLabel(method: OrderMoneyFacts["shippingMethod"], locale: string): string {
  const s = locale === "es" ? esShipping : enShipping;
  if (!method) return s.shipping;
  const name = (locale === "es" && method.nameEs) || method.nameEn;
  if (method.kind === "pickup") return method.pickupAddress ? `${name} — ${method.pickupAddress}` : name;
  return `${s.shipping} (${name})`;
}

export type MoneyRowKind = "subtotal" | "discount" | "shipping" | "tax" | "total";
export type MoneyRow = { key: string; kind: MoneyRowKind; label: string; value: string };

export function discountLabel(d: Pick<OrderDiscountLine, "nameEn" | "nameEs" | "code">, locale: string): string {
  const name = (locale === "es" && d.nameEs) || d.nameEn;
  return d.code ? `${name} (${d.code})` : name;
}

/**
 * The money lines of an order in reading order (docs/product.md#taxes-and-discounts): subtotal, each discount as its
 * own line, shipping, then the total. Tax per rate comes before the total when it is added, after it ('incl. VAT 21%')
 * when prices include it. Pages, emails, the CSV and the drawer all use this, so they say the same thing.
 */
export function orderMoneyRows(o: OrderMoneyFacts, locale: string): MoneyRow[] {
  const s = locale === "es" ? esShipping : enShipping;
  const p = locale === "es" ? esPromotions : enPromotions;
  const money = (cents: number) => formatMoney(cents, o.currency, locale);
  const rows: MoneyRow[] = [{ key: "subtotal", kind: "subtotal", label: s.subtotal, value: money(o.subtotalCents) }];
  for (const d of o.discountLines) {
    rows.push({
      key: `discount-${d.promotionId}`,
      kind: "discount",
      label: discountLabel(d, locale),
      value: d.kind === "free_shipping" ? p.freeShipping : money(-d.amountCents),
    });
  }
  // A pickup costs nothing and is not "free shipping": its row shows the amount, 0.
  const pickup = o.shippingMethod?.kind === "pickup" && o.shippingCents === 0;
  rows.push({ key: "shipping", kind: "shipping", label: shippingRowLabel(o.shippingMethod, locale), value: o.shippingCents === 0 && !pickup ? s.freeShipping : money(o.shippingCents) });
  const taxes = o.taxLines.map((t): MoneyRow => ({ key: `tax-${t.rateBp}`, kind: "tax", label: taxLineLabel(t.rateBp, o.pricesIncludeTax, locale), value: money(t.taxCents) }));
  const total: MoneyRow = { key: "total", kind: "total", label: s.total, value: money(o.totalCents) };
  return o.pricesIncludeTax ? [...rows, total, ...taxes] : [...rows, ...taxes, total];
}

/** One line of text per row ('Subtotal: €40.00'), for plain-text emails. */
export function orderMoneyText(o: OrderMoneyFacts, locale: string): string[] {
  return orderMoneyRows(o, locale).map((r) => `${r.label}: ${r.value}`);
}
