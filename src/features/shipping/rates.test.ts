import { describe, expect, it } from "vitest";
import { methodPriceCents, missingForFreeCents, type MethodRule } from "./rates";

const flat: MethodRule = { kind: "flat", rateCents: 495, freeAboveCents: 5000, weightBands: [] };
const weight: MethodRule = {
  kind: "weight",
  rateCents: 0,
  freeAboveCents: null,
  weightBands: [
    { upToGrams: 2000, cents: 1490 },
    { upToGrams: 1000, cents: 990 },
    { upToGrams: 5000, cents: 2490 },
  ],
};
const cart = (subtotalCents: number, weightGrams = 0) => ({ subtotalCents, weightGrams });

describe("shipping method prices (docs/product.md#shipping)", () => {
  it("flat rate: charged below the threshold, free from the threshold itself on", () => {
    expect(methodPriceCents(flat, cart(4999))).toBe(495);
    expect(methodPriceCents(flat, cart(5000))).toBe(0);
    expect(methodPriceCents(flat, cart(5001))).toBe(0);
    expect(methodPriceCents({ ...flat, freeAboveCents: null }, cart(1_000_000))).toBe(495);
  });

  it("free above a subtotal: not offered one cent below, free at and above it", () => {
    const free: MethodRule = { kind: "free", rateCents: 0, freeAboveCents: 5000, weightBands: [] };
    expect(methodPriceCents(free, cart(4999))).toBeNull();
    expect(methodPriceCents(free, cart(5000))).toBe(0);
    expect(methodPriceCents({ ...free, freeAboveCents: null }, cart(1))).toBe(0);
  });

  it("weight table: a band includes its upper edge, the next gram is the next band, past the last is not served", () => {
    expect(methodPriceCents(weight, cart(100, 0))).toBe(990);
    expect(methodPriceCents(weight, cart(100, 1000))).toBe(990);
    expect(methodPriceCents(weight, cart(100, 1001))).toBe(1490);
    expect(methodPriceCents(weight, cart(100, 2000))).toBe(1490);
    expect(methodPriceCents(weight, cart(100, 2001))).toBe(2490);
    expect(methodPriceCents(weight, cart(100, 5000))).toBe(2490);
    expect(methodPriceCents(weight, cart(100, 5001))).toBeNull();
  });

  it("pickup costs nothing whatever the cart", () => {
    const pickup: MethodRule = { kind: "pickup", rateCents: 700, freeAboveCents: null, weightBands: [] };
    expect(methodPriceCents(pickup, cart(1, 99_000))).toBe(0);
  });

  it("says how much more makes it free, and nothing once free or without a threshold", () => {
    expect(missingForFreeCents(flat, cart(3800))).toBe(1200);
    expect(missingForFreeCents(flat, cart(4999))).toBe(1);
    expect(missingForFreeCents(flat, cart(5000))).toBeNull();
    expect(missingForFreeCents({ ...flat, freeAboveCents: null }, cart(100))).toBeNull();
    expect(missingForFreeCents(weight, cart(100))).toBeNull();
  });
});
