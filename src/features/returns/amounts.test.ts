import { describe, expect, it } from "vitest";
import { chargedCents, computeReturnAmounts, returnDeadline, type OrderLineForReturn } from "./amounts";

const lines: OrderLineForReturn[] = [
  { id: 1, variantId: "v1", quantity: 2, unitPriceCents: 2500, salePriceCents: null, totalCents: null },
  { id: 2, variantId: "v2", quantity: 3, unitPriceCents: 1999, salePriceCents: 1333, totalCents: null },
];

const base = { orderLines: lines, orderShippingCents: 495, alreadyReturned: new Map<number, number>(), shippingAlreadyRefunded: false, policy: "full_return" as const };

describe("computeReturnAmounts", () => {
  it.each([
    // [requested, alreadyReturned, policy, shippingAlreadyRefunded, linesCents, shippingCents]
    ["one unit of a full-price line", [{ orderLineId: 1, quantity: 1 }], [], "full_return", false, 2500, 0],
    ["a sale line is refunded at the sale price", [{ orderLineId: 2, quantity: 2 }], [], "full_return", false, 2666, 0],
    ["everything back: shipping too", [{ orderLineId: 1, quantity: 2 }, { orderLineId: 2, quantity: 3 }], [], "full_return", false, 8999, 495],
    ["the rest after an earlier return: shipping with the last one", [{ orderLineId: 2, quantity: 3 }], [[1, 2]], "full_return", false, 3999, 495],
    ["policy always: shipping on the first return", [{ orderLineId: 1, quantity: 1 }], [], "always", false, 2500, 495],
    ["policy always: shipping only once", [{ orderLineId: 1, quantity: 1 }], [[1, 1]], "always", true, 2500, 0],
    ["policy never: no shipping even when everything is back", [{ orderLineId: 1, quantity: 2 }, { orderLineId: 2, quantity: 3 }], [], "never", false, 8999, 0],
    ["the same line twice adds up", [{ orderLineId: 1, quantity: 1 }, { orderLineId: 1, quantity: 1 }], [], "full_return", false, 5000, 0],
  ] as const)("%s", (_name, requested, returned, policy, shippingAlreadyRefunded, linesCents, shippingCents) => {
    const result = computeReturnAmounts({
      ...base,
      requested: [...requested],
      alreadyReturned: new Map(returned.map(([id, q]) => [id, q] as [number, number])),
      policy,
      shippingAlreadyRefunded,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.amounts.linesCents).toBe(linesCents);
    expect(result.amounts.shippingCents).toBe(shippingCents);
    expect(result.amounts.lines.reduce((s, l) => s + l.amountCents, 0)).toBe(result.amounts.linesCents);
  });

  it.each([
    // [line total as stored (tax in, discount off), line quantity, units returned, refund]
    ["the whole line is its stored total", 3630, 3, 3, 3630],
    ["one of three units, half-up", 3630, 3, 1, 1210],
    ["two of three units of an odd total", 1001, 3, 2, 667],
    ["one of three of the same total: the rest is the remainder a second return would prorate", 1001, 3, 1, 334],
  ] as const)("stored order money: %s", (_name, totalCents, quantity, returned, refund) => {
    const line = { id: 7, variantId: "v7", quantity, unitPriceCents: 9999, salePriceCents: null, totalCents };
    expect(chargedCents(line, returned)).toBe(refund);
    const result = computeReturnAmounts({ ...base, orderLines: [line], requested: [{ orderLineId: 7, quantity: returned }], policy: "never" });
    expect(result.ok && result.amounts.linesCents).toBe(refund);
  });

  it("refuses more units than are left, unknown lines and an empty return", () => {
    expect(computeReturnAmounts({ ...base, requested: [{ orderLineId: 1, quantity: 2 }], alreadyReturned: new Map([[1, 1]]) })).toEqual({
      ok: false,
      error: { code: "tooMany", orderLineId: 1, left: 1 },
    });
    expect(computeReturnAmounts({ ...base, requested: [{ orderLineId: 99, quantity: 1 }] })).toEqual({ ok: false, error: { code: "unknownLine", orderLineId: 99 } });
    expect(computeReturnAmounts({ ...base, requested: [{ orderLineId: 1, quantity: 0 }] })).toEqual({ ok: false, error: { code: "noLines" } });
  });

  it("the window ends the given number of days after shipping", () => {
    expect(returnDeadline(new Date("2026-03-01T10:00:00Z"), 14).toISOString()).toBe("2026-03-15T10:00:00.000Z");
  });
});
