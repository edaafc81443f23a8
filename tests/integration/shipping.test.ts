import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { createCheckout } from "@/features/checkout/service";
import { addressToOffer, payDemoSessionWithAddress } from "../../src/features/checkout/demo-payment/demo-payment";
import { checkShippingAddress } from "@/features/addresses/address-schema";
import { profiles } from "@/server/db/schema/auth";
import { queryRows } from "@/server/db/rows";
import { checkoutInput, demoProvider, insertProduct, insertUser, orderById, stockOf } from "./checkout-fixtures";

const countries = ["ES", "US", "MX"];
const address = { firstName: "Ana", lastName: "García", phone: "+34 600 123 456", address: "Calle Mayor 1, 3º B", city: "Madrid", state: "Madrid", zipCode: "28013", country: "ES" };

describe("shipping address validation", () => {
  it("accepts a complete address and normalises the country code", () => {
    expect(checkShippingAddress({ ...address, country: "es", state: undefined }, countries)).toEqual({ ok: true, address: { ...address, state: "" } });
  });

  it("refuses per field: missing names, a phone with letters, a bad postal code, a country the shop does not ship to", () => {
    const result = checkShippingAddress({ ...address, firstName: "  ", lastName: undefined, phone: "call me maybe", zipCode: "#", country: "JP" }, countries);
    expect(result).toEqual({
      ok: false,
      fieldErrors: { firstName: "required", lastName: "required", phone: "phoneInvalid", zipCode: "zipInvalid", country: "countryNotShipped" },
    });
  });
});

describeOnEachDatabase("shipping at checkout and payment", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(() => t?.close());

  async function pendingOrder(priceCents: number, quantity = 1) {
    const shopper = await insertUser(t.db);
    await t.db.insert(profiles).values({ id: shopper.id, email: shopper.email, fullName: "Ana" });
    const { variantId } = await insertProduct(t.db, { priceCents, stock: 10 });
    const items = [{ variantId, quantity, priceCents: 1, shippingCents: 0 }];
    // A browser that sends its own shipping amount or total: not part of the accepted input.
    const tampered = { ...checkoutInput(shopper, items), shippingCents: 0, totalCents: 1 };
    const checkout = await createCheckout(t.db, tampered, demoProvider(), {});
    return { shopper, variantId, checkout };
  }

  it("adds the flat rate below the threshold and none above it, whatever the browser sent", async () => {
    const below = await pendingOrder(2500, 2);
    expect(await orderById(t.db, below.checkout.orderId)).toMatchObject({ subtotalCents: 5000, shippingCents: 495, totalCents: 5495 });
    const above = await pendingOrder(6000, 2);
    expect(await orderById(t.db, above.checkout.orderId)).toMatchObject({ subtotalCents: 12000, shippingCents: 0, totalCents: 12000 });
  });

  it("refuses an invalid address per field and changes nothing", async () => {
    const { shopper, variantId, checkout } = await pendingOrder(2500);
    const result = await payDemoSessionWithAddress(t.db, checkout.sessionId, shopper.id, { ...address, phone: "12ab34", city: "", country: "FR" }, countries, {
      enqueueConfirmation: async () => {},
    });
    expect(result).toEqual({ kind: "invalid_address", fieldErrors: { phone: "phoneInvalid", city: "required", country: "countryNotShipped" } });
    const order = await orderById(t.db, checkout.orderId);
    expect(order.status).toBe("pending");
    expect(order.shippingAddress).toBeNull();
    expect(await stockOf(t.db, variantId)).toBe(9);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, shopper.id));
    expect(profile.lastShippingAddress).toBeNull();
  });

  it("a stranger's session answers not found even with a bad address", async () => {
    const { checkout } = await pendingOrder(2500);
    const stranger = await insertUser(t.db);
    expect(await payDemoSessionWithAddress(t.db, checkout.sessionId, stranger.id, {}, countries)).toEqual({ kind: "not_found" });
  });

  it("the profile's last address follows each payment's address, and the same address again is not written again", async () => {
    const { shopper, variantId } = await pendingOrder(2500);
    const payWith = async (shipTo: typeof address) => {
      const checkout = await createCheckout(t.db, checkoutInput(shopper, [{ variantId, quantity: 1 }]), demoProvider(), {});
      expect(await payDemoSessionWithAddress(t.db, checkout.sessionId, shopper.id, shipTo, countries, { enqueueConfirmation: async () => {} })).toMatchObject({ kind: "redirect" });
      const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, shopper.id));
      return profile;
    };
    const moved = { ...address, address: "Calle Luna 7", city: "Sevilla", zipCode: "41001" };
    const first = await payWith(address);
    expect(first.lastShippingAddress).toEqual(address);
    const second = await payWith(moved);
    expect(second.lastShippingAddress).toEqual(moved);
    expect(second.updatedAt.getTime()).toBeGreaterThan(first.updatedAt.getTime());
    const third = await payWith(moved);
    expect(third.lastShippingAddress).toEqual(moved);
    expect(third.updatedAt).toEqual(second.updatedAt);
  });

  it("keeps the address on the paid order and on the profile, offers it next time and puts it in the email", async () => {
    const { shopper, checkout } = await pendingOrder(2500);
    const result = await payDemoSessionWithAddress(t.db, checkout.sessionId, shopper.id, address, countries);
    expect(result).toMatchObject({ kind: "redirect", orderId: checkout.orderId });
    const order = await orderById(t.db, checkout.orderId);
    expect(order.status).toBe("completed");
    expect(order.shippingAddress).toEqual(address);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, shopper.id));
    expect(profile.lastShippingAddress).toEqual(address);

    const next = await pendingOrder(2500);
    await t.db.update(profiles).set({ lastShippingAddress: address }).where(eq(profiles.id, next.shopper.id));
    expect(await addressToOffer(t.db, next.shopper.id, await orderById(t.db, next.checkout.orderId))).toEqual(address);

    const [mail] = await queryRows<{ body_text: string }>(t.db, sql`select text as body_text from mail_outbox where kind = 'order-confirmation' and to_address = ${shopper.email}`);
    expect(mail.body_text).toContain("Calle Mayor 1, 3º B");
    expect(mail.body_text).toContain("28013 Madrid");
    // The shipping row names the method the order was sold with (docs/product.md#shipping).
    expect(mail.body_text).toMatch(/Shipping \(Standard shipping\): €4\.95/);
    expect(mail.body_text).toMatch(/Total: €29\.95/);
  });
});
