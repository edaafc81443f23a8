import { describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { withAppDatabase } from "../helpers/test-database";
import { createCheckout } from "@/features/checkout/service";
import { promotions } from "@/server/db/schema/promotions";
import { products } from "@/server/db/schema/catalog";
import { checkoutInput, demoProvider, insertProduct, insertUser } from "./checkout-fixtures";

// The route's own gate is covered by tests/security; here an admin is signed in.
vi.mock("@/features/accounts/session", async (original) => ({
  ...(await original<typeof import("@/features/accounts/session")>()),
  assertAdmin: async () => ({ id: "usr_admin", email: "admin@example.com" }),
}));

/** The orders CSV carries the discount and the tax per rate of every order (docs/product.md#taxes-and-discounts). */
describe("orders CSV: discount and tax per rate", () => {
  const t = withAppDatabase();

  it("lists the code, the discount, the tax, each rate's tax, the price terms and the tax country", async () => {
    const [promo] = await t.db.insert(promotions).values({ code: "CSV10", nameEn: "Ten", kind: "percent", value: 1000 }).returning();
    const shopper = await insertUser(t.db, "csv-buyer@example.com");
    const standard = await insertProduct(t.db, { priceCents: 2000, stock: 5 });
    const reduced = await insertProduct(t.db, { priceCents: 1100, stock: 5 });
    await t.db.update(products).set({ taxClass: "reduced" }).where(eq(products.id, reduced.productId));
    const input = { ...checkoutInput(shopper, [{ variantId: standard.variantId, quantity: 1 }, { variantId: reduced.variantId, quantity: 1 }], "es"), discountCode: promo.code! };
    const checkout = await createCheckout(t.db, input, demoProvider(), { sweepIntervalMs: 3_600_000 });

    const { GET } = await import("@/app/api/admin/orders.csv/route");
    const response = await GET(new Request("http://shop.test/api/admin/orders.csv"));
    expect(response.status).toBe(200);
    const [header, ...rows] = (await response.text()).trim().split(/\r?\n/).map((l) => l.split(","));
    const row = Object.fromEntries(header.map((h, i) => [h, rows.find((r) => r[0] === String(checkout.orderId))![i]]));
    // ES incl.: 2000 − 200 = 1800 (tax 312); 1100 − 110 = 990 at 10 % (tax 90); shipping 495 (tax 86)
    expect(row).toMatchObject({
      total: "32.85",
      subtotal: "31.00",
      shipping: "4.95",
      discount: "3.10",
      discount_code: "CSV10",
      tax: "4.88",
      tax_per_rate: "21%:3.98;10%:0.90",
      prices_include_tax: "true",
      tax_country: "ES",
    });
  });
});
