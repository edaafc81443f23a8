import { describe, expect, it } from "vitest";
import { addMoney, currencyInfo, formatMoney, multiplyMoney } from "./money";

describe("money", () => {
  it("formats cents with two decimals in the locale's convention", () => {
    expect(formatMoney(1250, "EUR", "en")).toBe("€12.50");
    expect(formatMoney(1250, "EUR", "es").replace(/\s/g, " ")).toBe("12,50 €");
    expect(formatMoney(9900, "USD", "en")).toBe("$99.00");
  });
  it("refuses to add different currencies and fractional quantities", () => {
    expect(addMoney({ cents: 1, currency: "EUR" }, { cents: 2, currency: "eur" }).cents).toBe(3);
    expect(() => addMoney({ cents: 1, currency: "EUR" }, { cents: 2, currency: "USD" })).toThrow();
    expect(() => multiplyMoney({ cents: 1, currency: "EUR" }, 1.5)).toThrow();
  });
  it("describes a currency with a $1 template", () => {
    expect(currencyInfo("eur")).toEqual({ code: "EUR", symbol: "€", template: "€$1", decimal_digits: 2 });
  });
});
