import { describe, expect, it } from "vitest";
import { computeReturnAmounts, returnDeadline, type EarlierReturns, type OrderLineForReturn } from "./amounts";

const lines: OrderLineForReturn[] = [
  { id: 1, variantId: "v1", quantity: 2, unitPriceCents: 2500, salePriceCents: null, totalCents: null },
  { id: 2, variantId: "v2", quantity: 3, unitPriceCents: 1999, salePriceCents: 1333, totalCents: null },
];

const none: EarlierReturns = { byLine: new Map(), refundCents: 0, shippingRefunded: false };
const base = { orderLines: lines, orderShippingCents: 495, orderTotalCents: 2 * 2500 + 3 * 1333 + 495, earlier: none, policy: "full_return" as const };

/** Earlier returns holding `units` of each line, at these lines' cumulative shares (what they would have taken). */
function earlierOf(returned: ReadonlyArray<readonly [number, number]>, shippingRefunded = false): EarlierReturns {
  const byLine = new Map(
    returned.map(([id, units]) => {
      const line = lines.find((l) => l.id === id)!;
      const whole = line.totalCents ?? (line.salePriceCents ?? line.unitPriceCents) * line.quantity;
      return [id, { units, cents: Math.floor((2 * whole * units + line.quantity) / (2 * line.quantity)) }] as const;
    }),
  );
  const refundCents = [...byLine.values()].reduce((s, t) => s + t.cents, shippingRefunded ? 495 : 0);
  return { byLine, refundCents, shippingRefunded };
}

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
    const result = computeReturnAmounts({ ...base, requested: [...requested], earlier: earlierOf(returned, shippingAlreadyRefunded), policy });
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
    ["one of three of the same total", 1001, 3, 1, 334],
  ] as const)("stored order money: %s", (_name, totalCents, quantity, returned, refund) => {
    const line = { id: 7, variantId: "v7", quantity, unitPriceCents: 9999, salePriceCents: null, totalCents };
    const result = computeReturnAmounts({ ...base, orderLines: [line], orderTotalCents: totalCents, requested: [{ orderLineId: 7, quantity: returned }], policy: "never" });
    expect(result.ok && result.amounts.linesCents).toBe(refund);
  });

  it.each([
    // [line total, quantity, the units of each return in turn, the refunds]: every unit back gives back the total
    ["168.14 in three single units", 16814, 3, [1, 1, 1], [5605, 5604, 5605]],
    ["100.00 in three single units", 10000, 3, [1, 1, 1], [3333, 3334, 3333]],
    ["0.01 in two single units", 1, 2, [1, 1], [1, 0]],
    ["168.14: two units, then one", 16814, 3, [2, 1], [11209, 5605]],
    ["168.14: one unit, then two", 16814, 3, [1, 2], [5605, 11209]],
    ["0.05 in seven units, one by one", 5, 7, [1, 1, 1, 1, 1, 1, 1], [1, 0, 1, 1, 1, 0, 1]],
    ["a free line (100 % discount)", 0, 2, [1, 1], [0, 0]],
  ] as const)("returned a few units at a time, %s: the refunds add up to the line's total, never more", (_name, totalCents, quantity, splits, refunds) => {
    const line = { id: 7, variantId: "v7", quantity, unitPriceCents: 9999, salePriceCents: null, totalCents };
    const taken = { units: 0, cents: 0 };
    const got: number[] = [];
    for (const units of splits) {
      const earlier: EarlierReturns = { byLine: new Map([[7, { ...taken }]]), refundCents: taken.cents, shippingRefunded: false };
      const result = computeReturnAmounts({ ...base, orderLines: [line], orderTotalCents: totalCents, requested: [{ orderLineId: 7, quantity: units }], earlier, policy: "never" });
      if (!result.ok) throw new Error(result.error.code);
      got.push(result.amounts.linesCents);
      taken.units += units;
      taken.cents += result.amounts.linesCents;
    }
    expect(got).toEqual(refunds);
    expect(taken.cents).toBe(totalCents);
  });

  it("never gives back more than the order was paid: the shipping gives way first, then the lines from the last", () => {
    // An order from before taxes: its line totals are price × quantity and ignore the 10.00 discount it was paid with.
    const result = computeReturnAmounts({ ...base, orderTotalCents: 2 * 2500 + 3 * 1333 + 495 - 1000, requested: [{ orderLineId: 1, quantity: 2 }, { orderLineId: 2, quantity: 3 }] });
    expect(result.ok && result.amounts).toEqual({
      lines: [
        { orderLineId: 1, variantId: "v1", quantity: 2, amountCents: 5000 },
        { orderLineId: 2, variantId: "v2", quantity: 3, amountCents: 3999 - 505 },
      ],
      linesCents: 5000 + 3999 - 505,
      shippingCents: 0,
    });
  });

  it("refuses more units than are left, unknown lines and an empty return", () => {
    expect(computeReturnAmounts({ ...base, requested: [{ orderLineId: 1, quantity: 2 }], earlier: earlierOf([[1, 1]]) })).toEqual({
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
