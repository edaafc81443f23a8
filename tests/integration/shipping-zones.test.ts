import { afterAll, beforeAll, describe, expect, it } from "vitest";
import "../helpers/shop-test-env";

import { eq, sql } from "drizzle-orm";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { setDatabaseForTests } from "@/server/db/client";
import { resetSettingsForTests, settings } from "@/server/env";
import { getAuth } from "../../src/features/accounts/auth";
import * as checkoutRoute from "@/app/api/store/[store]/checkout/route";
import { createCheckout } from "@/features/checkout/service";
import { quoteCart } from "@/features/checkout/cart-quote";
import { deleteZone, listZones, saveMethod, saveZone } from "@/features/shipping/admin-service";
import { applyShippingEnvironment } from "@/features/shipping/environment-zone";
import { amountExample, methodInputSchema, zoneInputSchema } from "@/features/shipping/schemas";
import { shippingCountries } from "@/features/shipping/service";
import { profiles, user } from "@/server/db/schema/auth";
import { auditLog } from "@/server/db/schema/operations";
import { taxRates } from "@/server/db/schema/taxes";
import { queryRows } from "@/server/db/rows";
import { checkoutInput, demoProvider, insertProduct, insertUser, orderById, orderCount, refusal } from "./checkout-fixtures";

resetSettingsForTests();
const shop = "http://shop.test";
const options = { sweepIntervalMs: 3_600_000 };

describe("admin input (docs/product.md#shipping)", () => {
  it("reads amounts, countries and weight bands as the admin types them, and names the field at fault", () => {
    const zone = zoneInputSchema.parse({ id: null, nameEn: "Iberia", nameEs: "Iberia", countries: "es, PT;pt", sortOrder: "0" });
    expect(zone.countries).toEqual(["ES", "PT"]);
    const bad = zoneInputSchema.safeParse({ id: null, nameEn: "X", nameEs: "X", countries: "Spain", sortOrder: 0 });
    expect(bad.success || bad.error.issues[0]).toMatchObject({ path: ["countries"], message: "countriesInvalid" });
    const method = methodInputSchema("EUR").parse({ ...blank, kind: "weight", bands: "1000: 9,90\n2000: 14.9" });
    expect(method.weightBands).toEqual([{ upToGrams: 1000, cents: 990 }, { upToGrams: 2000, cents: 1490 }]);
    const unordered = methodInputSchema("EUR").safeParse({ ...blank, kind: "weight", bands: "2000: 9\n1000: 5" });
    expect(unordered.success || unordered.error.issues[0]).toMatchObject({ path: ["bands"], message: "bandsInvalid" });
    const noRate = methodInputSchema("EUR").safeParse({ ...blank, kind: "flat", rate: "4.999" });
    expect(noRate.success || noRate.error.issues[0]).toMatchObject({ path: ["rate"], message: "amountInvalid" });
    const pickup = methodInputSchema("EUR").safeParse({ ...blank, kind: "pickup", pickupAddress: " " });
    expect(pickup.success || pickup.error.issues[0]).toMatchObject({ path: ["pickupAddress"], message: "pickupAddressRequired" });
  });

  it("reads amounts in the shop's currency and its digits: pesos have none, dinars three", () => {
    const rate = (currency: string, typed: string) => {
      const parsed = methodInputSchema(currency).safeParse({ ...blank, kind: "flat", rate: typed });
      return parsed.success ? parsed.data.rateCents : parsed.error.issues[0].message;
    };
    expect([rate("EUR", "4,95"), rate("EUR", "5"), rate("EUR", "1.234,50")]).toEqual([495, 500, 123450]);
    expect([rate("CLP", "4990"), rate("CLP", "4.990"), rate("CLP", "4,95")]).toEqual([4990, 4990, "amountInvalid"]);
    expect([rate("KWD", "1.250"), rate("KWD", "2")]).toEqual([1250, 2000]);
    expect([rate("EUR", "-1"), rate("EUR", "99999999999")]).toEqual(["amountInvalid", "amountInvalid"]);
    const bands = methodInputSchema("CLP").parse({ ...blank, kind: "weight", bands: "1000: 3.990\n5000: 7990" });
    expect(bands.weightBands).toEqual([{ upToGrams: 1000, cents: 3990 }, { upToGrams: 5000, cents: 7990 }]);
    expect([amountExample("EUR", "es"), amountExample("EUR", "en"), amountExample("CLP", "es"), amountExample("KWD", "en")]).toEqual(["4,95", "4.95", "4990", "4.950"]);
  });
});

const blank = {
  id: null,
  zoneId: 1,
  kind: "flat",
  nameEn: "Standard",
  nameEs: "Estándar",
  deliveryEn: "2–4 business days",
  deliveryEs: "2–4 días laborables",
  rate: "",
  freeAbove: "",
  bands: "",
  pickupAddress: "",
  pickupHoursEn: "",
  pickupHoursEs: "",
  active: true,
  sortOrder: 0,
};

describeOnEachDatabase("shipping zones and methods at checkout and in the API", (kind) => {
  let t: TestDatabase;
  let admin: { userId: string; email: string };
  const ids = { spainFlat: 0, pickup: 0, euFlat: 0, world: 0 };

  async function method(zoneId: number, input: Record<string, unknown>) {
    const result = await saveMethod(t.db, admin, methodInputSchema("EUR").parse({ ...blank, zoneId, ...input }));
    if (!result.ok) throw new Error(result.code);
    return result.id;
  }

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForTests(t.db);
    const a = await insertUser(t.db, `admin-${kind}@example.com`);
    admin = { userId: a.id, email: a.email };
    // The zone migration 0063 made gives way to the ones of this test.
    for (const z of await listZones(t.db)) await deleteZone(t.db, admin, z.id);
    const zone = async (nameEn: string, countries: string, sortOrder: number) => {
      const result = await saveZone(t.db, admin, zoneInputSchema.parse({ id: null, nameEn, nameEs: nameEn, countries, sortOrder }));
      if (!result.ok) throw new Error(result.code);
      return result.id;
    };
    const spain = await zone("Spain", "ES", 0);
    const eu = await zone("EU", "DE, FR", 1);
    const world = await zone("World", "US", 2);
    ids.spainFlat = await method(spain, { kind: "flat", rate: "4.95", freeAbove: "50" });
    ids.pickup = await method(spain, { kind: "pickup", nameEn: "Pickup in Madrid", pickupAddress: "Calle Mayor 1, Madrid", pickupHoursEn: "Mon–Fri 10–20", sortOrder: 1 });
    ids.euFlat = await method(eu, { kind: "flat", rate: "9.90" });
    ids.world = await method(world, { kind: "weight", bands: "1000: 14.90\n2000: 19.90" });
    await t.db.insert(taxRates).values({ country: "DE", standardBp: 1900, reducedBp: 700 }).onConflictDoUpdate({ target: taxRates.country, set: { standardBp: 1900 } });
  });
  afterAll(async () => {
    setDatabaseForTests(undefined);
    await t?.close();
  });

  async function buy(items: { priceCents: number; grams?: number; quantity?: number }[], extra: Record<string, unknown> = {}, locale = "en") {
    const shopper = await insertUser(t.db);
    const lines: { variantId: string; quantity: number }[] = [];
    for (const item of items) {
      const { variantId } = await insertProduct(t.db, { priceCents: item.priceCents, stock: 50 });
      if (item.grams !== undefined) await t.db.execute(sql`update variants set weight_grams = ${item.grams} where id = ${variantId}`);
      lines.push({ variantId, quantity: item.quantity ?? 1 });
    }
    return { shopper, lines, run: () => createCheckout(t.db, { ...checkoutInput(shopper, lines, locale), ...extra }, demoProvider(), options) };
  }

  it("charges Spain's flat rate one cent below the free threshold and nothing from it on", async () => {
    const below = await (await buy([{ priceCents: 4999 }], { shippingCountry: "ES" })).run();
    expect(await orderById(t.db, below.orderId)).toMatchObject({ subtotalCents: 4999, shippingCents: 495, totalCents: 5494 });
    const at = await (await buy([{ priceCents: 5000 }], { shippingCountry: "ES" })).run();
    expect(await orderById(t.db, at.orderId)).toMatchObject({ subtotalCents: 5000, shippingCents: 0, totalCents: 5000 });
  });

  it("charges the weight band whose upper edge the cart reaches, and the next band one gram over", async () => {
    const edge = await (await buy([{ priceCents: 1000, grams: 500, quantity: 2 }], { shippingCountry: "US" })).run();
    expect(await orderById(t.db, edge.orderId)).toMatchObject({ shippingCents: 1490 });
    const over = await (await buy([{ priceCents: 1000, grams: 500, quantity: 2 }, { priceCents: 100, grams: 1 }], { shippingCountry: "US" })).run();
    const order = await orderById(t.db, over.orderId);
    expect(order.shippingCents).toBe(1990);
    expect(order.shippingMethod).toMatchObject({ methodId: ids.world, kind: "weight", weightGrams: 1001, priceCents: 1990 });
  });

  it("refuses a cart heavier than the last band, and a country in no zone, and changes nothing", async () => {
    const heavy = await buy([{ priceCents: 1000, grams: 2001 }], { shippingCountry: "US" });
    const before = await orderCount(t.db);
    expect(await refusal(heavy.run())).toMatchObject({ code: "not_shipped", status: 422 });
    const japan = await buy([{ priceCents: 1000 }], { shippingCountry: "JP" });
    const refused = await refusal(japan.run(), "es");
    expect(refused).toMatchObject({ code: "not_shipped", status: 422 });
    expect(refused.message).toContain("No enviamos a este destino (JP)");
    expect(await orderCount(t.db)).toBe(before);
  });

  it("a pickup costs nothing and the order keeps its name, address and kind", async () => {
    const pickup = await (await buy([{ priceCents: 2000 }], { shippingCountry: "ES", shippingMethodId: ids.pickup })).run();
    const order = await orderById(t.db, pickup.orderId);
    expect(order).toMatchObject({ shippingCents: 0, shippingTaxCents: 0, totalCents: 2000 });
    expect(order.shippingMethod).toMatchObject({ methodId: ids.pickup, kind: "pickup", nameEn: "Pickup in Madrid", pickupAddress: "Calle Mayor 1, Madrid", priceCents: 0 });
  });

  it("refuses a method of another zone with 400 instead of swapping it", async () => {
    const wrong = await buy([{ priceCents: 2000 }], { shippingCountry: "DE", shippingMethodId: ids.pickup });
    expect(await refusal(wrong.run())).toMatchObject({ code: "shipping_method_unavailable", status: 400 });
  });

  it("taxes shipping at the destination's standard rate, as the goods' tax is decided", async () => {
    // Germany at 19 %, prices including tax: 9.90 shipping holds 1.58 of tax (990 − 990/1.19 = 158.1).
    const de = await (await buy([{ priceCents: 2000 }], { shippingCountry: "DE" })).run();
    const order = await orderById(t.db, de.orderId);
    expect(order).toMatchObject({ shippingCents: 990, shippingTaxCents: 158, taxCountry: "DE", totalCents: 2990 });
    expect(order.taxLines).toEqual([{ rateBp: 1900, taxCents: 319 + 158 }]);
  });

  it("the drawer's estimate offers the deliveries serving the country cheapest first, then pickups, with the progress to free shipping", async () => {
    const { lines } = await buy([{ priceCents: 3800 }]);
    const quote = await quoteCart(t.db, { items: lines, code: null, country: "ES", userId: null, locale: "en", now: new Date() });
    expect(quote).toMatchObject({ ok: true, shippingCents: 495, methodId: ids.spainFlat, missingForFreeCents: 1200 });
    expect(quote && "methods" in quote ? quote.methods.map((m) => [m.id, m.priceCents]) : null).toEqual([
      [ids.spainFlat, 495],
      [ids.pickup, 0],
    ]);
    const pickup = await quoteCart(t.db, { items: lines, code: null, country: "ES", shippingMethodId: ids.pickup, userId: null, locale: "es", now: new Date() });
    expect(pickup).toMatchObject({ ok: true, shippingCents: 0, methodId: ids.pickup, missingForFreeCents: null });
    expect(await quoteCart(t.db, { items: lines, code: null, country: "JP", userId: null, locale: "en", now: new Date() })).toMatchObject({ ok: true, notShipped: true, country: "JP" });
  });

  it("a country is in one zone only: the admin is told which zone has it, nothing changes, and changes are audited", async () => {
    const taken = await saveZone(t.db, admin, zoneInputSchema.parse({ id: null, nameEn: "Twice", nameEs: "Dos veces", countries: "PT, FR", sortOrder: 5 }));
    expect(taken).toEqual({ ok: false, code: "countryTaken", field: "countries", params: { country: "FR", zone: "EU" } });
    expect(await shippingCountries(t.db)).toEqual(["DE", "ES", "FR", "US"]);
    const audited = await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.actorUserId, admin.userId));
    expect(audited.map((a) => a.action)).toEqual(expect.arrayContaining(["shipping_zone.delete", "shipping_zone.create", "shipping_method.create"]));
  });

  describe("POST /api/store/{store}/checkout", () => {
    let cookie: string;
    let variantId: string;
    beforeAll(async () => {
      const auth = await getAuth();
      const email = `api-ship-${kind}@example.com`;
      const response = await auth.handler(
        new Request(`${shop}/api/auth/sign-up/email`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: shop, "x-forwarded-for": "203.0.113.7" },
          body: JSON.stringify({ name: "Ana", email, password: "correct-horse-1" }),
        }),
      );
      cookie = response.headers.getSetCookie().filter((c) => c.includes("session_token=")).map((c) => c.split(";")[0]).join("; ");
      ({ variantId } = await insertProduct(t.db, { priceCents: 2000, stock: 50 }));
    });

    async function post(extra: Record<string, unknown>, locale = "es") {
      const store = settings().STORE_ID;
      const response = await checkoutRoute.POST(
        new Request(`${shop}/api/store/${store}/checkout`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: shop, cookie },
          body: JSON.stringify({ items: [{ variant_id: variantId, quantity: 1 }], successUrl: `${shop}/success`, cancelUrl: `${shop}/`, locale, ...extra }),
        }),
        { params: Promise.resolve({ store }) },
      );
      return { status: response.status, body: (await response.json()) as { url?: string; error?: { code: string; message: string } } };
    }

    async function lastOrder() {
      const [row] = await queryRows<{ id: number }>(t.db, sql`select id from orders order by id desc limit 1`);
      return orderById(t.db, row.id);
    }

    it("without shipping_method_id charges the cheapest delivery serving the address; with one, that method", async () => {
      const cheapest = await post({});
      expect(cheapest.status).toBe(200);
      expect(await lastOrder()).toMatchObject({ shippingCents: 495, totalCents: 2495, shippingMethod: { methodId: ids.spainFlat } });
      const chosen = await post({ shipping_method_id: ids.pickup });
      expect(chosen.status).toBe(200);
      expect(await lastOrder()).toMatchObject({ shippingCents: 0, totalCents: 2000, shippingMethod: { methodId: ids.pickup, kind: "pickup" } });
    });

    it("answers 400 when the method does not serve the address, 400 for a malformed id, 422 for a country in no zone", async () => {
      const before = await orderCount(t.db);
      const wrong = await post({ shipping_method_id: ids.world }, "en");
      expect(wrong.status).toBe(400);
      expect(wrong.body.error).toMatchObject({ code: "shipping_method_unavailable" });
      expect(wrong.body.error?.message).toMatch(/not available for this address/);
      const malformed = await post({ shipping_method_id: "2" });
      expect(malformed.status).toBe(400);
      expect(malformed.body.error?.message).toMatch(/shipping_method_id must be a whole number/);
      const [account] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, `api-ship-${kind}@example.com`));
      const japan = { firstName: "Aiko", lastName: "Sato", phone: "+81 3 1234 5678", address: "1-1 Chiyoda", city: "Tokyo", state: "", zipCode: "100-0001", country: "JP" };
      await t.db.insert(profiles).values({ id: account.id, email: `api-ship-${kind}@example.com`, lastShippingAddress: japan }).onConflictDoUpdate({ target: profiles.id, set: { lastShippingAddress: japan } });
      const refused = await post({}, "en");
      expect(refused.status).toBe(422);
      expect(refused.body.error).toMatchObject({ code: "not_shipped" });
      expect(await orderCount(t.db)).toBe(before);
    });
  });

  it("on the first start after the migration the environment's values replace the defaults, once", async () => {
    const fresh = await createTestDatabase(kind);
    try {
      expect(await applyShippingEnvironment(fresh.db, { countries: ["ES", "PT"], flatRateCents: 390, freeThresholdCents: 6000 })).toBe(true);
      const [zone] = await listZones(fresh.db);
      expect(zone.countries).toEqual(["ES", "PT"]);
      expect(zone.methods[0]).toMatchObject({ kind: "flat", rateCents: 390, freeAboveCents: 6000 });
      expect(await applyShippingEnvironment(fresh.db, { countries: ["US"], flatRateCents: 1, freeThresholdCents: 1 })).toBe(false);
      expect((await listZones(fresh.db))[0].countries).toEqual(["ES", "PT"]);
    } finally {
      await fresh.close();
    }
  });
});
