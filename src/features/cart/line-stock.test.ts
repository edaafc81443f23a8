import { describe, expect, it } from "vitest";
import { cartBlocksCheckout, lineBlocksCheckout, lineStockState } from "./line-stock";
import type { CartLine } from "./cart-lines";

const line = (variantId: string, quantity: number): CartLine => ({
  productId: "p",
  productTitle: "Tote",
  variantId,
  variantTitle: "",
  imageUrl: null,
  unitPriceCents: 1000,
  currency: "EUR",
  quantity,
});

describe("line stock", () => {
  it("says 'only n left' at the limit, sold out at 0, unavailable when not buyable, nothing before the server answered", () => {
    expect(lineStockState(3, { buyable: true, available: 3 })).toEqual({ kind: "at_limit", n: 3 });
    expect(lineStockState(2, { buyable: true, available: 3 })).toEqual({ kind: "ok" });
    expect(lineStockState(1, { buyable: true, available: 0 })).toEqual({ kind: "sold_out" });
    expect(lineStockState(1, { buyable: false, available: 4 })).toEqual({ kind: "unavailable" });
    expect(lineStockState(50, { buyable: true, available: null })).toEqual({ kind: "ok" });
    expect(lineStockState(1, undefined)).toEqual({ kind: "ok" });
  });

  it("blocks checkout for sold-out, unavailable and over-stock lines, not for a line holding exactly what is left", () => {
    expect(lineBlocksCheckout(3, { buyable: true, available: 3 })).toBe(false);
    expect(lineBlocksCheckout(4, { buyable: true, available: 3 })).toBe(true);
    expect(lineBlocksCheckout(1, { buyable: true, available: 0 })).toBe(true);
    expect(lineBlocksCheckout(1, { buyable: false, available: null })).toBe(true);
    expect(cartBlocksCheckout([line("a", 1), line("b", 2)], { a: { buyable: true, available: 5 } })).toBe(false);
    expect(cartBlocksCheckout([line("a", 1), line("b", 2)], { b: { buyable: false, available: 0 } })).toBe(true);
  });
});
