/**
 * Pure catalog rules (docs/product.md#displayed-price and #stock), shared by the server (API shape, sorting) and the browser.
 * They read only the fields of the commerce API shape, so they work on any product the API returns.
 */

import type { CartItemInput } from "@/features/cart/cart-lines";

export type PricedVariant = {
  id: string;
  price_in_cents: number;
  sale_price_in_cents: number | null;
  currency: string;
};

export type StockVariant = { manage_inventory: boolean; inventory_quantity: number };

/** What a shopper pays for a variant: the sale price when there is one. */
export function effectivePriceCents(variant: Pick<PricedVariant, "price_in_cents" | "sale_price_in_cents">): number {
  return variant.sale_price_in_cents ?? variant.price_in_cents;
}

/** null and "lowest_price_first" pick the cheapest variant; any other rule picks the first one (docs/product.md#displayed-price). */
export function usesLowestPriceRule(siteProductSelection: string | null | undefined): boolean {
  return siteProductSelection == null || siteProductSelection === "lowest_price_first";
}

/**
 * The variant whose price a card shows. `variants` must already be in catalog order (sort order), since "first"
 * means the first one the shopper sees. Ties on price keep the earlier variant.
 */
export function displayedVariant<V extends PricedVariant>(product: {
  site_product_selection: string | null;
  variants: readonly V[];
}): V | undefined {
  const [first, ...rest] = product.variants;
  if (!first || !usesLowestPriceRule(product.site_product_selection)) return first;
  return rest.reduce((best, v) => (effectivePriceCents(v) < effectivePriceCents(best) ? v : best), first);
}

export type DisplayedPrice = {
  variantId: string;
  /** What the shopper pays. */
  priceCents: number;
  /** The regular price, struck through, only when the variant is on sale. */
  originalCents: number | null;
  currency: string;
};

export function displayedPrice(product: {
  site_product_selection: string | null;
  variants: readonly PricedVariant[];
}): DisplayedPrice | null {
  const v = displayedVariant(product);
  if (!v) return null;
  const onSale = v.sale_price_in_cents != null && v.sale_price_in_cents !== v.price_in_cents;
  return {
    variantId: v.id,
    priceCents: effectivePriceCents(v),
    originalCents: onSale ? v.price_in_cents : null,
    currency: v.currency,
  };
}

export type StockMessage =
  | { kind: "in_stock"; n: number | null }
  | { kind: "not_enough"; n: number }
  | { kind: "unavailable" };

/**
 * The stock messages (docs/product.md#stock): '{n} in stock!', 'Not enough stock. Only {n} left.', 'Currently unavailable'.
 * An unmanaged variant is always in stock and shows no number (n: null).
 */
export function stockMessage(product: { purchasable: boolean }, variant: StockVariant, quantity: number): StockMessage {
  if (!product.purchasable) return { kind: "unavailable" };
  if (!variant.manage_inventory) return { kind: "in_stock", n: null };
  const n = Math.max(0, Math.floor(variant.inventory_quantity));
  return quantity <= n ? { kind: "in_stock", n } : { kind: "not_enough", n };
}

/** Add to Cart is disabled when the product is not purchasable, or managed stock is below the quantity (docs/product.md#stock). */
export function canAddToCart(product: { purchasable: boolean }, variant: StockVariant | undefined, quantity: number): boolean {
  if (!variant || !product.purchasable) return false;
  if (!Number.isInteger(quantity) || quantity < 1) return false;
  return !variant.manage_inventory || quantity <= variant.inventory_quantity;
}

/**
 * The cart line a variant makes, for the card's quick add and the product page alike: its effective price (the
 * cart's price is display only; checkout prices again) and its own picture, or the product's.
 */
export function cartItemFor(
  product: { id: string; title: string; image: string | null },
  variant: PricedVariant & { title: string; image_url: string | null },
): CartItemInput {
  return {
    productId: product.id,
    productTitle: product.title,
    variantId: variant.id,
    variantTitle: variant.title,
    imageUrl: variant.image_url ?? product.image,
    unitPriceCents: effectivePriceCents(variant),
    currency: variant.currency,
  };
}
