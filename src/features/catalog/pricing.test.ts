import { describe, expect, it } from "vitest";
import { canAddToCart, cartItemFor, displayedPrice, displayedVariant, stockMessage } from "./pricing";

const v = (id: string, price: number, sale: number | null = null) => ({
  id,
  price_in_cents: price,
  sale_price_in_cents: sale,
  currency: "EUR",
});

describe("displayed price (docs/product.md#displayed-price)", () => {
  it("shows the lowest-priced variant when there is no sale", () => {
    const p = { site_product_selection: null, variants: [v("a", 3000), v("b", 2000), v("c", 2500)] };
    expect(displayedPrice(p)).toEqual({ variantId: "b", priceCents: 2000, originalCents: null, currency: "EUR" });
  });

  it("compares sale prices when present and keeps the regular price to strike through", () => {
    const p = { site_product_selection: "lowest_price_first", variants: [v("a", 2000), v("b", 3000, 1500)] };
    expect(displayedPrice(p)).toEqual({ variantId: "b", priceCents: 1500, originalCents: 3000, currency: "EUR" });
  });

  it("uses the first variant when site_product_selection names another rule", () => {
    const p = { site_product_selection: "first_variant", variants: [v("a", 5000), v("b", 1000, 900)] };
    expect(displayedVariant(p)?.id).toBe("a");
    expect(displayedPrice(p)?.priceCents).toBe(5000);
  });

  it("keeps the earlier variant on equal prices and answers null without variants", () => {
    expect(displayedVariant({ site_product_selection: null, variants: [v("a", 1000), v("b", 1200, 1000)] })?.id).toBe("a");
    expect(displayedPrice({ site_product_selection: null, variants: [] })).toBeNull();
  });
});

describe("stock message and Add to Cart (docs/product.md#stock)", () => {
  const managed = (n: number) => ({ manage_inventory: true, inventory_quantity: n });
  const unmanaged = { manage_inventory: false, inventory_quantity: 0 };
  const buyable = { purchasable: true };

  it("managed and enough: '{n} in stock!' and enabled", () => {
    expect(stockMessage(buyable, managed(5), 2)).toEqual({ kind: "in_stock", n: 5 });
    expect(canAddToCart(buyable, managed(5), 5)).toBe(true);
  });

  it("managed and not enough: 'Only {n} left' and disabled", () => {
    expect(stockMessage(buyable, managed(3), 4)).toEqual({ kind: "not_enough", n: 3 });
    expect(canAddToCart(buyable, managed(3), 4)).toBe(false);
  });

  it("zero stock is never addable", () => {
    expect(stockMessage(buyable, managed(0), 1)).toEqual({ kind: "not_enough", n: 0 });
    expect(canAddToCart(buyable, managed(0), 1)).toBe(false);
  });

  it("unmanaged inventory is in stock without a number, whatever the stored quantity", () => {
    expect(stockMessage(buyable, unmanaged, 99)).toEqual({ kind: "in_stock", n: null });
    expect(canAddToCart(buyable, unmanaged, 99)).toBe(true);
  });

  it("a product that is not purchasable is 'Currently unavailable' and disabled", () => {
    expect(stockMessage({ purchasable: false }, managed(10), 1)).toEqual({ kind: "unavailable" });
    expect(canAddToCart({ purchasable: false }, unmanaged, 1)).toBe(false);
  });

  it("refuses quantities below 1, fractions and a missing variant", () => {
    expect(canAddToCart(buyable, unmanaged, 0)).toBe(false);
    expect(canAddToCart(buyable, unmanaged, 1.5)).toBe(false);
    expect(canAddToCart(buyable, undefined, 1)).toBe(false);
  });
});

describe("the cart line of a variant (card and product page alike)", () => {
  const product = { id: "p1", title: "Tote", image: "/p.jpg" };
  it("carries the sale price when there is one, and the variant's own picture", () => {
    expect(cartItemFor(product, { ...v("a", 3000, 2500), title: "Black", image_url: "/black.jpg" })).toEqual({
      productId: "p1",
      productTitle: "Tote",
      variantId: "a",
      variantTitle: "Black",
      imageUrl: "/black.jpg",
      unitPriceCents: 2500,
      currency: "EUR",
    });
  });
  it("falls back to the regular price and the product's picture", () => {
    expect(cartItemFor(product, { ...v("b", 3000), title: "Red", image_url: null })).toMatchObject({ imageUrl: "/p.jpg", unitPriceCents: 3000 });
  });
});
