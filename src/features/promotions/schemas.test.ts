import { describe, expect, it } from "vitest";
import { promotionInput } from "./schemas";
import { PromotionAdminError } from "./promotion-errors";

const form = (kind: "percent" | "fixed" | "free_shipping", amount: string, minSubtotal = "0") => ({ code: "", nameEn: "Sale", kind, amount, minSubtotal });

/** The refusal promotionInput throws: its code, parameters and field. */
function refusal(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof PromotionAdminError) return { code: error.code, params: error.params, field: error.field };
    throw error;
  }
  throw new Error("not refused");
}

describe("promotion amounts in the store currency", () => {
  it("reads a percent as basis points and amounts in the currency's minor unit", () => {
    expect(promotionInput(form("percent", "12,5", "50"), "EUR", "UTC")).toMatchObject({ value: 1250, minSubtotalCents: 5000 });
    expect(promotionInput(form("fixed", "5,50", "100.00"), "EUR", "UTC")).toMatchObject({ value: 550, minSubtotalCents: 10000 });
    expect(promotionInput(form("fixed", "2.000", "20.000"), "CLP", "UTC")).toMatchObject({ value: 2000, minSubtotalCents: 20000 });
    expect(promotionInput(form("fixed", "1.250", "10"), "KWD", "UTC")).toMatchObject({ value: 1250, minSubtotalCents: 10000 });
    expect(promotionInput(form("free_shipping", "", "30000"), "CLP", "UTC")).toMatchObject({ value: 0, minSubtotalCents: 30000 });
  });
  it("refuses what the currency cannot hold, naming the field, never rounding", () => {
    expect(refusal(() => promotionInput(form("fixed", "2000,50"), "CLP", "UTC"))).toEqual({ code: "amountDecimals", params: { currency: "CLP", digits: 0 }, field: "amount" });
    expect(refusal(() => promotionInput(form("percent", "10", "9.999"), "EUR", "UTC"))).toEqual({ code: "amountDecimals", params: { currency: "EUR", digits: 2 }, field: "minSubtotal" });
    expect(refusal(() => promotionInput(form("fixed", "ten"), "EUR", "UTC"))).toEqual({ code: "amountFormat", params: { digits: 2 }, field: "amount" });
    expect(refusal(() => promotionInput(form("percent", "12.555"), "EUR", "UTC"))).toEqual({ code: "promotionValue", params: {}, field: "amount" });
    expect(refusal(() => promotionInput(form("percent", "101"), "EUR", "UTC"))).toEqual({ code: "promotionValue", params: {}, field: "amount" });
  });
});
