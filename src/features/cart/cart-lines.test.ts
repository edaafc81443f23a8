import { describe, expect, it } from "vitest";
import { addLine, cartTotal, parseStoredCart, setLineQuantity, totalQuantity, type CartItemInput } from "./cart-lines";

const bag: CartItemInput = {
  productId: "p1",
  productTitle: "Leather Tote",
  variantId: "v1",
  variantTitle: "Black",
  imageUrl: "/uploads/tote.webp",
  unitPriceCents: 12900,
  currency: "EUR",
};
const watch: CartItemInput = { ...bag, productId: "p2", productTitle: "Watch", variantId: "v2", variantTitle: "Steel", unitPriceCents: 25000 };

describe("parseStoredCart", () => {
  it("reads a cart it saved itself", () => {
    const lines = addLine(addLine([], bag, 2), watch, 1);
    expect(parseStoredCart(JSON.stringify(lines))).toEqual(lines);
  });

  it.each([
    ["missing", null],
    ["empty", ""],
    ["not JSON", "{oops"],
    ["an object", '{"items":[]}'],
    ["a number", "42"],
    ["the string null", "null"],
  ])("gives an empty cart when the value is %s", (_name, raw) => {
    expect(parseStoredCart(raw)).toEqual([]);
  });

  it("drops unreadable lines and keeps the good ones", () => {
    const raw = JSON.stringify([
      { ...bag, quantity: 2 },
      { ...watch, quantity: -3 },
      { ...watch, quantity: 1.5 },
      { ...watch, unitPriceCents: "free", quantity: 1 },
      { product: { id: "p9" }, variant: { id: "v9" }, quantity: 1 },
      null,
      "v1",
    ]);
    expect(parseStoredCart(raw)).toEqual([{ ...bag, quantity: 2 }]);
  });

  it("keeps only the known fields and checks each one's limits", () => {
    const raw = JSON.stringify([
      { ...bag, imageUrl: null, quantity: 1, admin: true },
      { ...watch, currency: "EURO", quantity: 1 },
      { ...watch, variantId: "", quantity: 1 },
      { ...watch, productTitle: "x".repeat(501), quantity: 1 },
      { ...watch, quantity: 1_000_001 },
      { ...watch, unitPriceCents: -1, quantity: 1 },
    ]);
    expect(parseStoredCart(raw)).toEqual([{ ...bag, imageUrl: null, quantity: 1 }]);
  });

  it("merges a variant listed twice", () => {
    const raw = JSON.stringify([
      { ...bag, quantity: 1 },
      { ...bag, quantity: 3 },
    ]);
    expect(parseStoredCart(raw)).toEqual([{ ...bag, quantity: 4 }]);
  });
});

describe("cart rules", () => {
  it("adding an existing variant raises its quantity", () => {
    const lines = addLine(addLine([], bag, 1), bag, 2);
    expect(lines).toHaveLength(1);
    expect(lines[0].quantity).toBe(3);
  });

  it("a quantity of zero or less removes the line", () => {
    const lines = addLine(addLine([], bag, 1), watch, 1);
    expect(setLineQuantity(lines, "v1", 0).map((l) => l.variantId)).toEqual(["v2"]);
    expect(setLineQuantity(lines, "v2", -1).map((l) => l.variantId)).toEqual(["v1"]);
  });

  it("the badge counts total quantity and the total uses the first line's currency", () => {
    const lines = addLine(addLine([], bag, 2), watch, 1);
    expect(totalQuantity(lines)).toBe(3);
    expect(cartTotal(lines)).toEqual({ cents: 2 * 12900 + 25000, currency: "EUR" });
    expect(cartTotal([])).toBeNull();
  });
});
