import { describe, expect, it } from "vitest";
import { addressLines, orderSummary } from "./order-summary";

const address = { firstName: "Marta", lastName: "Ruiz", phone: "+34 600 000 000", address: "Calle de Alcalá 42", city: "Madrid", state: "Madrid", zipCode: "28014", country: "ES" };

describe("the order summary model (docs/product.md#taxes-and-discounts)", () => {
  it("reads the address as a parcel label, the country by name in the reader's language", () => {
    expect(addressLines(address, "en")).toEqual(["Marta Ruiz", "Calle de Alcalá 42", "28014 Madrid, Madrid", "Spain", "+34 600 000 000"]);
    expect(addressLines(address, "es")).toEqual(["Marta Ruiz", "Calle de Alcalá 42", "28014 Madrid, Madrid", "España", "+34 600 000 000"]);
    expect(addressLines({ ...address, state: "", phone: "" }, "en")).toEqual(["Marta Ruiz", "Calle de Alcalá 42", "28014 Madrid", "Spain"]);
    expect(addressLines(null, "en")).toEqual([]);
  });

  it("gives each line its title, unit and line amounts (the sale price when there was one) and the money rows in order", () => {
    const order = {
      currency: "EUR",
      subtotalCents: 5000,
      discountLines: [],
      shippingCents: 0,
      taxLines: [{ rateBp: 2100, taxCents: 868 }],
      pricesIncludeTax: true,
      totalCents: 5000,
      shippingAddress: address,
    };
    const lines = [
      { id: 1, quantity: 2, productTitle: "Tote", variantTitle: "Black", unitPriceCents: 2000, salePriceCents: 1500, currency: "EUR" },
      { id: 2, quantity: 1, productTitle: "Mug", variantTitle: "", unitPriceCents: 2000, salePriceCents: null, currency: "EUR" },
    ];
    const summary = orderSummary(order, lines, "en");
    expect(summary.lines).toEqual([
      { key: 1, quantity: 2, title: "Tote (Black)", unit: "€15.00", amount: "€30.00", amountCents: 3000 },
      { key: 2, quantity: 1, title: "Mug", unit: "€20.00", amount: "€20.00", amountCents: 2000 },
    ]);
    expect(summary.money.map((r) => r.kind)).toEqual(["subtotal", "shipping", "total", "tax"]);
    expect(summary.address[3]).toBe("Spain");
  });
});
