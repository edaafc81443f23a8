import { describe, expect, it } from "vitest";
import { allocate, countriesTaxedAlike, divHalfUp, priceCart, type EngineDiscount, type EngineLine, type PricingInput, type TaxSettings } from "./pricing-engine";

const rates = {
  ES: { standardBp: 2100, reducedBp: 1000 },
  FR: { standardBp: 2000, reducedBp: 550 },
  DE: { standardBp: 1900, reducedBp: 700 },
  US: { standardBp: 0, reducedBp: 0 },
  MX: { standardBp: 1600, reducedBp: 0 },
};
const incl: TaxSettings = { pricesIncludeTax: true, defaultRates: { standardBp: 2100, reducedBp: 1000 }, countryRates: rates };
const excl: TaxSettings = { ...incl, pricesIncludeTax: false };

let n = 0;
const line = (unitCents: number, quantity = 1, extra: Partial<EngineLine> = {}): EngineLine => ({
  key: `l${++n}`,
  unitCents,
  quantity,
  taxClass: "standard",
  productId: "p1",
  categoryIds: [],
  ...extra,
});
const code = (kind: EngineDiscount["kind"], value: number, extra: Partial<EngineDiscount> = {}): EngineDiscount => ({
  id: 1,
  code: "SAVE",
  name: "Save",
  kind,
  value,
  minSubtotalCents: 0,
  productIds: [],
  categoryIds: [],
  ...extra,
});

type Case = {
  name: string;
  input: PricingInput;
  expect: { subtotal: number; discount: number; shipping: number; tax: number; total: number; taxLines: [number, number][] };
};

// Every expected amount below was worked out by hand with the rules of docs/product.md#tax-rounding.
const cases: Case[] = [
  {
    name: "incl ES, one line, shipping",
    input: { lines: [line(1000)], shippingCents: 495, country: "ES", tax: incl, discounts: [] },
    // 1000 → net 826.45 → 826, tax 174; 495 → net 409.09 → 409, tax 86
    expect: { subtotal: 1000, discount: 0, shipping: 495, tax: 260, total: 1495, taxLines: [[2100, 260]] },
  },
  {
    name: "excl ES, one line, shipping",
    input: { lines: [line(1000)], shippingCents: 495, country: "ES", tax: excl, discounts: [] },
    // 210 + 103.95 → 104
    expect: { subtotal: 1000, discount: 0, shipping: 495, tax: 314, total: 1809, taxLines: [[2100, 314]] },
  },
  {
    name: "incl US 0 %",
    input: { lines: [line(2599, 2)], shippingCents: 0, country: "US", tax: incl, discounts: [] },
    expect: { subtotal: 5198, discount: 0, shipping: 0, tax: 0, total: 5198, taxLines: [] },
  },
  {
    name: "excl US 0 %",
    input: { lines: [line(2599, 2)], shippingCents: 495, country: "US", tax: excl, discounts: [] },
    expect: { subtotal: 5198, discount: 0, shipping: 495, tax: 0, total: 5693, taxLines: [] },
  },
  {
    name: "incl unknown country uses the default",
    input: { lines: [line(12100)], shippingCents: 0, country: "JP", tax: incl, discounts: [] },
    expect: { subtotal: 12100, discount: 0, shipping: 0, tax: 2100, total: 12100, taxLines: [[2100, 2100]] },
  },
  {
    name: "incl FR mixed standard and reduced",
    input: { lines: [line(1200), line(1055, 1, { taxClass: "reduced" })], shippingCents: 600, country: "FR", tax: incl, discounts: [] },
    // 1200/1.2 = 1000 → 200; 1055/1.055 = 1000 → 55; shipping 600/1.2 = 500 → 100
    expect: { subtotal: 2255, discount: 0, shipping: 600, tax: 355, total: 2855, taxLines: [[2000, 300], [550, 55]] },
  },
  {
    name: "excl DE mixed standard, reduced and zero",
    input: {
      lines: [line(1000, 3), line(500, 2, { taxClass: "reduced" }), line(999, 1, { taxClass: "zero" })],
      shippingCents: 0,
      country: "DE",
      tax: excl,
      discounts: [],
    },
    // 3000 × 19 % = 570; 1000 × 7 % = 70; zero 0
    expect: { subtotal: 4999, discount: 0, shipping: 0, tax: 640, total: 5639, taxLines: [[1900, 570], [700, 70]] },
  },
  {
    name: "incl half-up at exactly .5",
    // 1 cent at 100 %: net 0.5 → 1, tax 0  (half-up rounds the net up)
    input: { lines: [line(1)], shippingCents: 0, country: null, tax: { ...incl, defaultRates: { standardBp: 10000, reducedBp: 0 } }, discounts: [] },
    expect: { subtotal: 1, discount: 0, shipping: 0, tax: 0, total: 1, taxLines: [] },
  },
  {
    name: "excl half-up at exactly .5",
    // 50 × 21 % = 10.5 → 11
    input: { lines: [line(50)], shippingCents: 0, country: "ES", tax: excl, discounts: [] },
    expect: { subtotal: 50, discount: 0, shipping: 0, tax: 11, total: 61, taxLines: [[2100, 11]] },
  },
  {
    name: "excl rounding per line, not per cart",
    // each 50 → 11; per cart it would be 21
    input: { lines: [line(50), line(50, 1, { productId: "p2" })], shippingCents: 0, country: "ES", tax: excl, discounts: [] },
    expect: { subtotal: 100, discount: 0, shipping: 0, tax: 22, total: 122, taxLines: [[2100, 22]] },
  },
  {
    name: "incl percent code 10 %",
    input: { lines: [line(2000, 2)], shippingCents: 495, country: "ES", tax: incl, discounts: [code("percent", 1000)] },
    // 4000 − 400 = 3600 → net 2975.2 → 2975, tax 625; shipping tax 86
    expect: { subtotal: 4000, discount: 400, shipping: 495, tax: 711, total: 4095, taxLines: [[2100, 711]] },
  },
  {
    name: "excl percent code 15 % over two lines",
    input: { lines: [line(333, 3), line(1999)], shippingCents: 0, country: "ES", tax: excl, discounts: [code("percent", 1500)] },
    // 999 × 15 % = 149.85 → 150 → 849 → tax 178.29 → 178; 1999 × 15 % = 299.85 → 300 → 1699 → 356.79 → 357
    expect: { subtotal: 2998, discount: 450, shipping: 0, tax: 535, total: 3083, taxLines: [[2100, 535]] },
  },
  {
    name: "incl fixed code spread over lines",
    input: { lines: [line(3000), line(1000)], shippingCents: 0, country: "ES", tax: incl, discounts: [code("fixed", 1000)] },
    // 750 / 250 → 2250 (net 1859.5 → 1860, tax 390) and 750 (net 619.8 → 620, tax 130)
    expect: { subtotal: 4000, discount: 1000, shipping: 0, tax: 520, total: 3000, taxLines: [[2100, 520]] },
  },
  {
    name: "fixed code larger than the cart stops at zero",
    input: { lines: [line(800)], shippingCents: 495, country: "ES", tax: incl, discounts: [code("fixed", 5000)] },
    expect: { subtotal: 800, discount: 800, shipping: 495, tax: 86, total: 495, taxLines: [[2100, 86]] },
  },
  {
    name: "fixed code with an odd cent, remainders by size",
    input: { lines: [line(100), line(100, 1, { productId: "p2" }), line(100, 1, { productId: "p3" })], shippingCents: 0, country: "US", tax: excl, discounts: [code("fixed", 100)] },
    expect: { subtotal: 300, discount: 100, shipping: 0, tax: 0, total: 200, taxLines: [] },
  },
  {
    name: "free shipping code, incl",
    input: { lines: [line(2500)], shippingCents: 495, country: "ES", tax: incl, discounts: [code("free_shipping", 0)] },
    // 2500 → net 2066.1 → 2066, tax 434
    expect: { subtotal: 2500, discount: 0, shipping: 0, tax: 434, total: 2500, taxLines: [[2100, 434]] },
  },
  {
    name: "free shipping code, excl",
    input: { lines: [line(2500)], shippingCents: 495, country: "MX", tax: excl, discounts: [code("free_shipping", 0)] },
    expect: { subtotal: 2500, discount: 0, shipping: 0, tax: 400, total: 2900, taxLines: [[1600, 400]] },
  },
  {
    name: "minimum not reached leaves the cart alone",
    input: { lines: [line(2500)], shippingCents: 495, country: "US", tax: incl, discounts: [code("percent", 5000, { minSubtotalCents: 3000 })] },
    expect: { subtotal: 2500, discount: 0, shipping: 495, tax: 0, total: 2995, taxLines: [] },
  },
  {
    name: "code restricted to a category",
    input: {
      lines: [line(1000, 1, { productId: "a", categoryIds: ["shoes"] }), line(1000, 1, { productId: "b", categoryIds: ["hats"] })],
      shippingCents: 0,
      country: "US",
      tax: excl,
      discounts: [code("percent", 2000, { categoryIds: ["shoes"] })],
    },
    expect: { subtotal: 2000, discount: 200, shipping: 0, tax: 0, total: 1800, taxLines: [] },
  },
  {
    name: "code restricted to a product, excl DE reduced",
    input: {
      lines: [line(1000, 2, { productId: "a", taxClass: "reduced" }), line(1000, 1, { productId: "b" })],
      shippingCents: 0,
      country: "DE",
      tax: excl,
      discounts: [code("fixed", 500, { productIds: ["a"] })],
    },
    // a: 2000 − 500 = 1500 × 7 % = 105; b: 1000 × 19 % = 190
    expect: { subtotal: 3000, discount: 500, shipping: 0, tax: 295, total: 2795, taxLines: [[1900, 190], [700, 105]] },
  },
  {
    name: "automatic promotion then a code, stacked on what is left",
    input: {
      lines: [line(10000)],
      shippingCents: 0,
      country: "ES",
      tax: incl,
      discounts: [code("percent", 1000, { id: 2, code: null, name: "Autumn" }), code("fixed", 1000)],
    },
    // 10000 − 1000 − 1000 = 8000 → net 6611.57 → 6612, tax 1388
    expect: { subtotal: 10000, discount: 2000, shipping: 0, tax: 1388, total: 8000, taxLines: [[2100, 1388]] },
  },
  {
    name: "large quantities",
    input: { lines: [line(9999, 99)], shippingCents: 0, country: "ES", tax: excl, discounts: [] },
    // 989901 × 21 % = 207879.21 → 207879
    expect: { subtotal: 989901, discount: 0, shipping: 0, tax: 207879, total: 1197780, taxLines: [[2100, 207879]] },
  },
  {
    name: "100 % percent code, excl, shipping still taxed",
    input: { lines: [line(1234, 2)], shippingCents: 495, country: "FR", tax: excl, discounts: [code("percent", 10000)] },
    // shipping 495 × 20 % = 99
    expect: { subtotal: 2468, discount: 2468, shipping: 495, tax: 99, total: 594, taxLines: [[2000, 99]] },
  },
  {
    name: "incl mixed rates with percent code and shipping",
    input: {
      lines: [line(1999, 3), line(450, 4, { taxClass: "reduced", productId: "p2" })],
      shippingCents: 495,
      country: "ES",
      tax: incl,
      discounts: [code("percent", 2500)],
    },
    // 5997 − 1499.25→1499 = 4498 → net 3717.36 → 3717, tax 781; 1800 − 450 = 1350 → net 1227.27 → 1227, tax 123; ship 86
    expect: { subtotal: 7797, discount: 1949, shipping: 495, tax: 990, total: 6343, taxLines: [[2100, 867], [1000, 123]] },
  },
  {
    name: "re-priced order: preset line discounts kept, taxed for France (excl)",
    input: {
      lines: [line(2000, 2, { presetDiscountCents: 400 }), line(1055, 1, { taxClass: "reduced", productId: "p2", presetDiscountCents: 55 })],
      shippingCents: 495,
      country: "FR",
      tax: excl,
      discounts: [],
    },
    // 3600 × 20 % = 720; 1000 × 5.5 % = 55; shipping 495 × 20 % = 99
    expect: { subtotal: 5055, discount: 455, shipping: 495, tax: 874, total: 5969, taxLines: [[2000, 819], [550, 55]] },
  },
  {
    name: "re-priced order: preset discount larger than the line stops at zero, US 0 %",
    input: { lines: [line(500, 1, { presetDiscountCents: 900 })], shippingCents: 495, country: "US", tax: incl, discounts: [] },
    expect: { subtotal: 500, discount: 500, shipping: 495, tax: 0, total: 495, taxLines: [] },
  },
];

describe("pricing engine: table of carts (docs/product.md#tax-rounding)", () => {
  it("has at least 20 carts", () => expect(cases.length).toBeGreaterThanOrEqual(20));

  it.each(cases)("$name", ({ input, expect: want }) => {
    const r = priceCart(input);
    expect({
      subtotal: r.subtotalCents,
      discount: r.discountCents,
      shipping: r.shippingCents,
      tax: r.taxCents,
      total: r.totalCents,
      taxLines: r.taxLines.map((t) => [t.rateBp, t.taxCents]),
    }).toEqual(want);
    // Everything adds up to the cent, however it is summed.
    const linesTotal = r.lines.reduce((s, l) => s + l.totalCents, 0);
    expect(linesTotal + r.shipping.totalCents).toBe(r.totalCents);
    expect(r.subtotalCents - r.discountCents + r.shippingCents + (r.pricesIncludeTax ? 0 : r.taxCents)).toBe(r.totalCents);
    expect(r.lines.reduce((s, l) => s + l.taxCents, 0) + r.shipping.taxCents).toBe(r.taxCents);
    expect(r.taxLines.reduce((s, t) => s + t.taxCents, 0)).toBe(r.taxCents);
    // Discounts decided before (a re-priced order's preset per line) count in the total but are no new discount line.
    const presets = r.lines.reduce((s, l, i) => s + Math.min(l.subtotalCents, input.lines[i].presetDiscountCents ?? 0), 0);
    expect(r.discounts.reduce((s, d) => s + d.amountCents, 0) + presets).toBe(r.discountCents);
    for (const l of r.lines) {
      expect(l.discountCents).toBeLessThanOrEqual(l.subtotalCents);
      expect(l.totalCents).toBe(l.subtotalCents - l.discountCents + (r.pricesIncludeTax ? 0 : l.taxCents));
    }
  });

  it("reports why a discount did not apply", () => {
    const r = priceCart({ lines: [line(100)], shippingCents: 0, country: null, tax: incl, discounts: [code("percent", 1000, { minSubtotalCents: 500 }), code("fixed", 10, { id: 3, productIds: ["zz"] })] });
    expect(r.rejected).toEqual([
      { id: 1, code: "SAVE", reason: "minimum_not_reached" },
      { id: 3, code: "SAVE", reason: "not_applicable" },
    ]);
  });
});

describe("rounding helpers", () => {
  it("rounds half up", () => {
    expect([divHalfUp(5, 10), divHalfUp(4, 10), divHalfUp(15, 10), divHalfUp(14999, 10000)]).toEqual([1, 0, 2, 1]);
  });
  it("allocates exactly the amount, largest remainders first", () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(10, [3, 7])).toEqual([3, 7]);
    expect(allocate(0, [5])).toEqual([0]);
  });
});

describe("countries taxed alike", () => {
  it("lists the candidates whose standard and reduced rates equal the country's (the default rates for none or unknown)", () => {
    expect(countriesTaxedAlike(incl, "ES", ["ES", "FR", "JP", "es", "MX"])).toEqual(["ES", "JP", "ES"]);
    expect(countriesTaxedAlike(incl, null, ["US", "JP", "ES"])).toEqual(["JP", "ES"]);
    expect(countriesTaxedAlike(incl, "US", ["US", "ES"])).toEqual(["US"]);
  });
});
