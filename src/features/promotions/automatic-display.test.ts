import { describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));
const { promotedUnitCents, promotionsForProduct } = await import("./automatic-display");

const base = { nameEn: "Autumn", nameEs: "Otoño", kind: "percent" as const, value: 1000, minSubtotalCents: 0, startsAt: null, endsAt: null, productIds: [], categoryIds: [] };

describe("automatic promotions shown on a product", () => {
  const now = new Date("2026-11-24T12:00:00Z");
  it("shows the ones running now that name the product, one of its categories, or nothing (whole shop)", () => {
    const all = [
      { ...base, id: 1 },
      { ...base, id: 2, categoryIds: ["bags"] },
      { ...base, id: 3, productIds: ["p9"] },
      { ...base, id: 4, startsAt: "2026-11-25T00:00:00Z" },
      { ...base, id: 5, endsAt: "2026-11-24T12:00:00Z" },
    ];
    expect(promotionsForProduct(all, { id: "p1", categoryIds: ["bags"] }, now).map((p) => p.id)).toEqual([1, 2]);
    expect(promotionsForProduct(all, { id: "p9", categoryIds: [] }, now).map((p) => p.id)).toEqual([1, 3]);
  });

  it("prices one unit through the checkout's engine: stacked in id order, rounded half-up, minimums and free shipping left to the badge", () => {
    const p = { id: "p1", categoryIds: ["bags"] };
    const percent = { ...base, id: 1 };
    const fixed = { ...base, id: 2, kind: "fixed" as const, value: 500 };
    expect(promotedUnitCents(2999, p, [percent])).toBe(2699); // 299.9 → 300 off
    expect(promotedUnitCents(2999, p, [fixed, percent])).toBe(2199); // 10 % of 2999 (300), then 5.00 of what is left
    expect(promotedUnitCents(300, p, [fixed])).toBe(0); // never below zero
    expect(promotedUnitCents(2999, p, [{ ...percent, minSubtotalCents: 5000 }])).toBeNull();
    expect(promotedUnitCents(2999, p, [{ ...base, id: 3, kind: "free_shipping" as const, value: 0 }])).toBeNull();
    expect(promotedUnitCents(2999, p, [])).toBeNull();
  });
});
