import { describe, expect, it } from "vitest";
import { taxBases } from "./tax-bases";

const line = (taxRateBp: number, totalCents: number, taxCents: number) => ({ taxRateBp, totalCents, taxCents });

describe("taxable base per rate on an invoice", () => {
  it.each([
    {
      name: "one rate, shipping taxed with the goods (prices include tax)",
      amounts: { pricesIncludeTax: true, shippingCents: 495, taxLines: [{ rateBp: 2100, taxCents: 711 }] },
      lines: [line(2100, 3600, 625)],
      bases: [{ rateBp: 2100, baseCents: 3384, taxCents: 711 }],
    },
    {
      name: "two rates: the shipping goes with the rate whose tax is more than its lines'",
      amounts: { pricesIncludeTax: true, shippingCents: 495, taxLines: [{ rateBp: 2100, taxCents: 434 }, { rateBp: 1000, taxCents: 182 }] },
      lines: [line(2100, 2000, 347), line(1000, 2000, 182)],
      bases: [
        { rateBp: 2100, baseCents: 2000 - 347 + 495 - 87, taxCents: 434 },
        { rateBp: 1000, baseCents: 1818, taxCents: 182 },
      ],
    },
    {
      name: "prices without tax: the shipping amount is its base",
      amounts: { pricesIncludeTax: false, shippingCents: 1000, taxLines: [{ rateBp: 1600, taxCents: 480 }] },
      lines: [line(1600, 2320, 320)],
      bases: [{ rateBp: 1600, baseCents: 3000, taxCents: 480 }],
    },
    {
      name: "free shipping (or a pickup): the goods alone",
      amounts: { pricesIncludeTax: true, shippingCents: 0, taxLines: [{ rateBp: 2100, taxCents: 625 }] },
      lines: [line(2100, 3600, 625)],
      bases: [{ rateBp: 2100, baseCents: 2975, taxCents: 625 }],
    },
  ])("$name", ({ amounts, lines, bases }) => {
    expect(taxBases(amounts, lines)).toEqual(bases);
  });
});
