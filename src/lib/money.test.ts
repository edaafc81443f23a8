import { describe, expect, it } from "vitest";
import { addMoney, currencyExponent, currencyInfo, decimalAmountToMinor, decimalToMinor, formatMoney, minorToDecimal, minorToDecimalAmount, minorToUnits, multiplyMoney, parseMoneyInput, unitsToMinor } from "./money";

/** Intl puts narrow or non-breaking spaces in some locales; the tests read them as plain spaces. */
const plain = (s: string) => s.replace(/[\s\u00a0\u202f]/g, " ");

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
  it("describes a currency with a $1 template and its digits", () => {
    expect(currencyInfo("eur")).toEqual({ code: "EUR", symbol: "€", template: "€$1", decimal_digits: 2 });
    expect(currencyInfo("clp").decimal_digits).toBe(0);
    expect(currencyInfo("KWD").decimal_digits).toBe(3);
  });
});

describe("currencyExponent (ISO 4217 minor-unit digits)", () => {
  it.each([
    ["EUR", 2], ["USD", 2], ["GBP", 2], ["MXN", 2], ["ARS", 2], ["PEN", 2], ["BRL", 2], ["CHF", 2],
    // ISO says 2 where Intl (CLDR) shows none: the stored amounts keep their cents.
    ["COP", 2], ["HUF", 2], ["IDR", 2], ["TWD", 2],
    ["CLP", 0], ["JPY", 0], ["KRW", 0], ["ISK", 0], ["VND", 0], ["PYG", 0], ["UGX", 0], ["XOF", 0], ["MGA", 0],
    ["KWD", 3], ["BHD", 3], ["JOD", 3], ["OMR", 3], ["TND", 3], ["IQD", 3], ["LYD", 3],
    ["CLF", 4],
    ["clp", 0], ["kwd", 3], ["xyz", 2],
  ])("%s has %i", (code, digits) => {
    expect(currencyExponent(code)).toBe(digits);
  });
});

describe("formatMoney per currency and language", () => {
  it.each([
    [1250, "EUR", "en", "€12.50"],
    [1250, "EUR", "es", "12,50 €"],
    [123450, "EUR", "es", "1234,50 €"],
    [15990, "CLP", "en", "CLP 15,990"],
    [15990, "CLP", "es", "$15.990"],
    [990, "CLP", "es", "$990"],
    [1500, "JPY", "en", "¥1,500"],
    [1500, "JPY", "es", "1500 JPY"],
    [12345, "KWD", "en", "KWD 12.345"],
    [12345, "KWD", "es", "12,345 KWD"],
    [5, "BHD", "en", "BHD 0.005"],
    [123450, "MXN", "es", "$1,234.50"],
    [123450, "ARS", "es", "$ 1.234,50"],
    [123450, "COP", "es", "$ 1.234,50"],
    [9900, "USD", "es", "99,00 US$"],
  ])("%i %s in %s → %s", (cents, currency, locale, text) => {
    expect(plain(formatMoney(cents, currency, locale))).toBe(text);
  });
  it("never hides minor units: what is shown adds up", () => {
    // 3 × 0.335 KWD = 1.005 KWD; with two digits the lines would read 0.34 and the total 1.01.
    expect(plain(formatMoney(335, "KWD", "en"))).toBe("KWD 0.335");
    expect(plain(formatMoney(1005, "KWD", "en"))).toBe("KWD 1.005");
  });
});

describe("minorToDecimal / decimalToMinor (files, inputs, schema.org)", () => {
  it.each([
    [12990, "EUR", "129.90"],
    [5, "EUR", "0.05"],
    [0, "EUR", "0.00"],
    [15990, "CLP", "15990"],
    [0, "CLP", "0"],
    [12345, "KWD", "12.345"],
    [7, "KWD", "0.007"],
    [-250, "EUR", "-2.50"],
  ])("%i %s ↔ %s", (cents, currency, text) => {
    expect(minorToDecimal(cents, currency)).toBe(text);
    if (cents >= 0) expect(decimalToMinor(text, currency)).toBe(cents);
  });
  it.each([
    ["129", "EUR", 12900],
    ["129.5", "EUR", 12950],
    ["129.505", "EUR", null],
    ["12,50", "EUR", null],
    ["-1", "EUR", null],
    ["1e3", "EUR", null],
    ["15990", "CLP", 15990],
    ["15990.5", "CLP", null],
    ["15.990", "CLP", null],
    ["1.234", "KWD", 1234],
    ["1.2345", "KWD", null],
  ])("file value %s in %s → %s", (text, currency, cents) => {
    expect(decimalToMinor(text, currency)).toBe(cents);
  });
  it("converts whole units for price filters", () => {
    expect(unitsToMinor(50, "EUR")).toBe(5000);
    expect(unitsToMinor(50, "CLP")).toBe(50);
    expect(unitsToMinor(50, "KWD")).toBe(50000);
    expect(minorToUnits(15999, "EUR")).toBe(159);
    expect(minorToUnits(15999, "CLP")).toBe(15999);
    expect(minorToUnits(12345, "KWD")).toBe(12);
  });
});

describe("parseMoneyInput (what an admin types)", () => {
  it.each([
    ["12.50", "EUR", 1250],
    ["12,50", "EUR", 1250],
    ["12,5", "EUR", 1250],
    ["12", "EUR", 1200],
    [" 0,99 ", "EUR", 99],
    ["1.234,50", "EUR", 123450],
    ["1,234.50", "EUR", 123450],
    ["1 234,50", "EUR", 123450],
    ["1.234.567", "EUR", 123456700],
    ["15990", "CLP", 15990],
    ["15.990", "CLP", 15990],
    ["15,990", "CLP", 15990],
    ["1.234.567", "CLP", 1234567],
    ["1.234", "KWD", 1234],
    ["1,234", "KWD", 1234],
    ["12.3", "KWD", 12300],
    ["1,000.500", "KWD", 1000500],
    ["1500", "JPY", 1500],
  ])("%s in %s → %i", (text, currency, cents) => {
    expect(parseMoneyInput(text, currency)).toEqual({ ok: true, cents });
  });
  it.each([
    ["12.505", "EUR", "tooManyDecimals", 2],
    ["1.234", "EUR", "tooManyDecimals", 2],
    ["15.99", "CLP", "tooManyDecimals", 0],
    ["12,50", "CLP", "tooManyDecimals", 0],
    ["1.2345", "KWD", "tooManyDecimals", 3],
    ["", "EUR", "format", 2],
    ["-5", "EUR", "format", 2],
    ["12.", "EUR", "format", 2],
    [".5", "EUR", "format", 2],
    ["1e3", "EUR", "format", 2],
    ["€12", "EUR", "format", 2],
    ["1,2,3", "EUR", "format", 2],
    ["1.234,5,6", "EUR", "format", 2],
    ["12.34.5", "CLP", "format", 0],
    ["1234.567,5", "EUR", "format", 2],
    ["99999999999999999999", "EUR", "format", 2],
  ])("%s in %s is refused (%s)", (text, currency, reason, digits) => {
    expect(parseMoneyInput(text, currency)).toEqual({ ok: false, reason, digits });
  });
  it("reads back what the inputs show", () => {
    for (const [cents, currency] of [[12990, "EUR"], [15990, "CLP"], [12345, "KWD"], [5, "BHD"]] as const) {
      expect(parseMoneyInput(minorToDecimal(cents, currency), currency)).toEqual({ ok: true, cents });
    }
  });
});

describe("decimal amounts for payment providers", () => {
  it.each([
    [1999, "EUR", 19.99],
    [495, "EUR", 4.95],
    [15990, "CLP", 15990],
    [12345, "KWD", 12.345],
    [5, "EUR", 0.05],
  ] as const)("%i %s is %d and back", (cents, currency, amount) => {
    expect(minorToDecimalAmount(cents, currency)).toBe(amount);
    expect(decimalAmountToMinor(amount, currency)).toBe(cents);
  });

  it("rounds a float read back to the nearest minor unit (2.55 × 100 is 254.99999…)", () => {
    expect(decimalAmountToMinor(2.55, "EUR")).toBe(255);
    expect(decimalAmountToMinor(1.005, "KWD")).toBe(1005);
  });
});
