import { describe, expect, it } from "vitest";
import { emptyProduct, initialForm, toProductInput } from "./product-editor-form";

/** The editor's price fields in a currency: the stored amount shown as typed text, and typed text read back. */
function withPrice(currency: string, price: string, salePrice = "") {
  const form = initialForm(emptyProduct, currency);
  form.variants[0] = { ...form.variants[0], titleEn: "One", price, salePrice };
  return toProductInput(form, currency);
}

describe("product editor prices per currency", () => {
  it("shows a stored amount with the currency's digits", () => {
    const stored = { ...emptyProduct, variants: [{ ...emptyProduct.variants[0], priceCents: 15990, salePriceCents: 12990 }] };
    expect(initialForm(stored, "EUR").variants[0]).toMatchObject({ price: "159.90", salePrice: "129.90" });
    expect(initialForm(stored, "CLP").variants[0]).toMatchObject({ price: "15990", salePrice: "12990" });
    expect(initialForm(stored, "KWD").variants[0]).toMatchObject({ price: "15.990", salePrice: "12.990" });
  });
  it.each([
    ["EUR", "12,50", 1250],
    ["EUR", "12.50", 1250],
    ["CLP", "15.990", 15990],
    ["CLP", "15990", 15990],
    ["KWD", "1.234", 1234],
  ])("%s: %s is stored as %i", (currency, text, cents) => {
    const result = withPrice(currency, text);
    expect("input" in result && result.input.variants[0].priceCents).toBe(cents);
  });
  it("names the variant, the field to mark and the currency's digits when there are too many decimals", () => {
    expect(withPrice("CLP", "15,99")).toEqual({ field: "variants.0.priceCents", error: "priceDecimals", n: 1, currency: "CLP", digits: 0 });
    expect(withPrice("EUR", "10", "9.999")).toEqual({ field: "variants.0.salePriceCents", error: "priceDecimals", n: 1, currency: "EUR", digits: 2 });
    expect(withPrice("KWD", "abc")).toEqual({ field: "variants.0.priceCents", error: "invalidPrice", n: 1, digits: 3 });
  });
});
