import type { Db } from "@/server/db/client";
import { listedVariantPrices } from "@/features/catalog/storefront-service";
import { savedShippingCountry } from "@/features/accounts/service";
import { taxCountryFor } from "@/features/taxes/service";
import { orderMoneyRows, type MoneyRow } from "@/features/taxes/money-rows";
import { priceCartFromDb } from "@/features/promotions/cart-pricing";
import { orderMoneyColumns } from "@/features/promotions/order-money";
import { chooseShippingMethod, type ShippingQuote } from "@/features/shipping/service";

/** A method as the drawer offers it: in the shopper's language, with its price for this cart. */
export type QuotedMethod = {
  id: number;
  kind: ShippingQuote["kind"];
  name: string;
  delivery: string;
  pickupAddress: string;
  pickupHours: string;
  priceCents: number;
};

export type CartQuote =
  | {
      ok: true;
      rows: MoneyRow[];
      code: string | null;
      country: string | null;
      countries: string[];
      currency: string;
      shippingCents: number;
      /** The methods serving the destination, cheapest first, and the one priced in `rows`. */
      methods: QuotedMethod[];
      methodId: number;
      /** How much more subtotal makes the chosen method free (the drawer's progress line), else null. */
      missingForFreeCents: number | null;
    }
  /** No method serves the destination: the drawer says so and offers no checkout for it. */
  | { ok: true; notShipped: true; country: string | null; countries: string[] }
  | { ok: false; message: string };

/**
 * The drawer's estimate (docs/product.md#cart-drawer, docs/product.md#shipping): the cart priced by the same engine,
 * database reads and shipping choice as checkout, for the country the shopper chose in the drawer, else their last
 * shipping address, else the language's country; with the method the shopper picked when it serves that destination,
 * else the cheapest. Only ids, quantities and those choices come from the browser. A code that cannot be used throws
 * its PromotionError (the action says why); nothing is reserved or counted.
 */
export async function quoteCart(
  db: Db,
  input: {
    items: { variantId: string; quantity: number }[];
    code: string | null;
    /** The destination the shopper chose in the drawer (a country code), else null. */
    country?: string | null;
    /** The countries the drawer offers to choose from. */
    countries?: string[];
    /** The method the shopper picked in the drawer; ignored when it does not serve the destination. */
    shippingMethodId?: number | null;
    userId: string | null;
    locale: string;
    now: Date;
  },
): Promise<CartQuote | null> {
  const ids = [...new Set(input.items.map((i) => i.variantId))];
  if (ids.length === 0) return null;
  const byId = new Map((await listedVariantPrices(db, ids)).map((v) => [v.id, v]));
  const lines = input.items.flatMap((item) => {
    const v = byId.get(item.variantId);
    return v ? [{ key: v.id, productId: v.productId, unitCents: v.salePriceCents ?? v.priceCents, quantity: item.quantity, weightGrams: v.weightGrams }] : [];
  });
  if (lines.length === 0) return null;
  const currency = byId.get(lines[0].key)!.currency.toUpperCase();
  const savedCountry = input.userId ? await savedShippingCountry(db, input.userId) : null;
  const country = taxCountryFor({ addressCountry: input.country, savedCountry, locale: input.locale });
  const countries = input.countries ?? [];
  const cart = { subtotalCents: lines.reduce((s, l) => s + l.unitCents * l.quantity, 0), weightGrams: lines.reduce((s, l) => s + l.weightGrams * l.quantity, 0) };
  let shipping = await chooseShippingMethod(db, country, cart, input.shippingMethodId);
  // A picked method that does not serve a newly chosen country falls back to the cheapest there (the estimate only).
  if (!shipping.ok && shipping.reason === "method_unavailable") shipping = await chooseShippingMethod(db, country, cart);
  if (!shipping.ok) return { ok: true, notShipped: true, country, countries };
  const chosen = shipping.method;
  const priced = await priceCartFromDb(db, lines, { country, code: input.code, userId: input.userId, locale: input.locale, now: input.now, shippingFor: () => chosen.priceCents, currency });
  const columns = orderMoneyColumns(priced);
  const es = input.locale === "es";
  return {
    ok: true,
    rows: orderMoneyRows({ ...columns, currency, shippingMethod: chosen }, input.locale),
    code: priced.code,
    country,
    countries,
    currency,
    shippingCents: columns.shippingCents,
    methods: shipping.options.map((m) => ({
      id: m.id,
      kind: m.kind,
      name: (es && m.nameEs) || m.nameEn,
      delivery: (es && m.deliveryEs) || m.deliveryEn,
      pickupAddress: m.pickupAddress,
      pickupHours: (es && m.pickupHoursEs) || m.pickupHoursEn,
      priceCents: m.priceCents,
    })),
    methodId: chosen.id,
    // A free-shipping code already makes it free: no progress line then.
    missingForFreeCents: columns.shippingCents === 0 ? null : chosen.missingForFreeCents,
  };
}
