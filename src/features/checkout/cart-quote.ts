import type { Db } from "@/server/db/client";
import { listedVariantPrices } from "@/features/catalog/storefront-service";
import { savedShippingCountry } from "@/features/accounts/service";
import { shippingCentsFor, type ShippingRule } from "./shipping";
import { taxCountryFor } from "@/features/taxes/service";
import { orderMoneyRows, type MoneyRow } from "@/features/taxes/money-rows";
import { priceCartFromDb } from "@/features/promotions/cart-pricing";
import { orderMoneyColumns } from "@/features/promotions/order-money";

export type CartQuote =
  | { ok: true; rows: MoneyRow[]; code: string | null; country: string | null; countries: string[]; currency: string; shippingCents: number }
  | { ok: false; message: string };

/**
 * The drawer's estimate (docs/product.md#cart-drawer): the cart priced by the same engine and database reads as
 * checkout, for the country the shopper chose in the drawer, else their last shipping address, else the language's
 * country. Only ids, quantities and that choice come from the browser. A code that cannot be used throws its
 * PromotionError (the action says why); nothing is reserved or counted.
 */
export async function quoteCart(
  db: Db,
  input: {
    items: { variantId: string; quantity: number }[];
    code: string | null;
    /** The destination the shopper chose in the drawer (already checked to be a shipping country), else null. */
    country?: string | null;
    /** The shipping countries the drawer offers to choose from. */
    countries?: string[];
    userId: string | null;
    locale: string;
    now: Date;
    shipping: ShippingRule;
  },
): Promise<CartQuote | null> {
  const ids = [...new Set(input.items.map((i) => i.variantId))];
  if (ids.length === 0) return null;
  const byId = new Map((await listedVariantPrices(db, ids)).map((v) => [v.id, v]));
  const lines = input.items.flatMap((item) => {
    const v = byId.get(item.variantId);
    return v ? [{ key: v.id, productId: v.productId, unitCents: v.salePriceCents ?? v.priceCents, quantity: item.quantity }] : [];
  });
  if (lines.length === 0) return null;
  const currency = byId.get(lines[0].key)!.currency.toUpperCase();
  const savedCountry = input.userId ? await savedShippingCountry(db, input.userId) : null;
  const country = taxCountryFor({ addressCountry: input.country, savedCountry, locale: input.locale });
  const priced = await priceCartFromDb(db, lines, { country, code: input.code, userId: input.userId, locale: input.locale, now: input.now, shippingFor: (subtotal) => shippingCentsFor(subtotal, input.shipping), currency });
  const columns = orderMoneyColumns(priced);
  return { ok: true, rows: orderMoneyRows({ ...columns, currency }, input.locale), code: priced.code, country, countries: input.countries ?? [], currency, shippingCents: columns.shippingCents };
}
