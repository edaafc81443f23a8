import { afterAll, beforeAll, expect, it, vi } from "vitest";
import "../helpers/shop-test-env";

// More settings, set before the settings are first read.
vi.hoisted(() => {
  process.env.SHIPPING_FLAT_RATE_CENTS = "495";
  process.env.FREE_SHIPPING_THRESHOLD_CENTS = "10000";
});

import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { setDatabaseForTests } from "@/server/db/client";
import { resetSettingsForTests, settings } from "@/server/env";
import { getAuth } from "../../src/features/accounts/auth";
import * as checkoutRoute from "@/app/api/store/[store]/checkout/route";
import { insertProduct, orderById, orderCount, stockOf } from "./checkout-fixtures";

resetSettingsForTests();
const shop = "http://shop.test";

/** Signs a new shopper up through better-auth's handler and answers the session cookie a browser would send. */
async function signUp(email: string): Promise<string> {
  const auth = await getAuth();
  const response = await auth.handler(
    new Request(`${shop}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: shop, "x-forwarded-for": "203.0.113.9" },
      body: JSON.stringify({ name: "Ana Pérez", email, password: "correct-horse-1" }),
    }),
  );
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .filter((c) => c.includes("session_token="))
    .map((c) => c.split(";")[0])
    .join("; ");
}

type CallOptions = { cookie?: string; origin?: string | null; store?: string; rawBody?: string };

async function checkout(body: unknown, options: CallOptions = {}) {
  const store = options.store ?? settings().STORE_ID;
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.origin !== null) headers.origin = options.origin ?? shop;
  const response = await checkoutRoute.POST(
    new Request(`${shop}/api/store/${store}/checkout`, { method: "POST", headers, body: options.rawBody ?? JSON.stringify(body) }),
    { params: Promise.resolve({ store }) },
  );
  return { status: response.status, body: (await response.json()) as { url?: string; error?: { code: string; message: string; parameter?: string } } };
}

const body = (items: unknown[], extra: Record<string, unknown> = {}) => ({
  items,
  successUrl: `${shop}/success`,
  cancelUrl: `${shop}/`,
  locale: "en",
  timeZone: "Europe/Madrid",
  ...extra,
});

describeOnEachDatabase("commerce API: POST /store/{store}/checkout", (kind) => {
  let t: TestDatabase;
  let cookie: string;
  let variantId: string;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForTests(t.db);
    cookie = await signUp(`api-shopper-${kind}@example.com`);
    ({ variantId } = await insertProduct(t.db, { priceCents: 2500, stock: 7 }));
  });
  afterAll(async () => {
    setDatabaseForTests(undefined);
    await t?.close();
  });

  /** Every refusal: a 4xx JSON error with a message a person can act on, no order and no stock taken. */
  async function expectRefused(result: Awaited<ReturnType<typeof checkout>>, status: number, messagePattern: RegExp) {
    expect(result.status).toBe(status);
    expect(result.body.error?.message).toMatch(messagePattern);
    expect(await orderCount(t.db)).toBe(0);
    expect(await stockOf(t.db, variantId)).toBe(7);
  }

  it.each([
    ["0", 0],
    ["-1", -1],
    ["1.5", 1.5],
    ['"2" (a string)', "2"],
    ["10^9", 1_000_000_000],
    ["null", null],
  ])("refuses quantity %s with 400 naming the field", async (_name, quantity) => {
    const result = await checkout(body([{ variant_id: variantId, quantity }]), { cookie });
    await expectRefused(result, 400, /quantity must be a whole number from 1 to 99/);
    expect(result.body.error?.parameter).toBe("items.0.quantity");
  });

  it("refuses an unknown variant with 422 and a message", async () => {
    await expectRefused(await checkout(body([{ variant_id: "no_such_variant", quantity: 1 }]), { cookie }), 422, /no longer exists/);
  });

  it("answers 401 without a session", async () => {
    await expectRefused(await checkout(body([{ variant_id: variantId, quantity: 1 }])), 401, /Sign in/);
    await expectRefused(await checkout(body([{ variant_id: variantId, quantity: 1 }]), { cookie: "vitrina.session_token=forged" }), 401, /Sign in/);
  });

  it("answers 400 for malformed JSON, a non-object body and an empty cart", async () => {
    await expectRefused(await checkout(null, { cookie, rawBody: '{"items": [' }), 400, /not valid JSON/);
    await expectRefused(await checkout(null, { cookie, rawBody: "[1,2]" }), 400, /JSON object/);
    await expectRefused(await checkout(body([]), { cookie }), 400, /items must not be empty/);
  });

  // Cross-origin posts and foreign return URLs: tests/security/route-attacks.test.ts.
  it("refuses unknown stores (404)", async () => {
    await expectRefused(await checkout(body([{ variant_id: variantId, quantity: 1 }]), { cookie, store: "other-store" }), 404, /Unknown store/);
  });

  it("refuses a bad tax id or a long note with 400 in the shopper's language, naming the field", async () => {
    const line = [{ variant_id: variantId, quantity: 1 }];
    const en = await checkout(body(line, { shipping_country: "ES", company: "Acme SL", tax_id: "B12345675" }), { cookie });
    await expectRefused(en, 400, /^Tax id \(NIF\/CIF, RFC, CUIT, NIT, RUT, RUC, VAT\): Enter a valid Spanish NIF, NIE or CIF/);
    expect(en.body.error?.code).toBe("invalid_extras");
    const es = await checkout(body(line, { locale: "es", shipping_country: "ES", tax_id: "B12345675" }), { cookie });
    await expectRefused(es, 400, /^Identificación fiscal .*: Introduce un NIF, NIE o CIF español válido/);
    await expectRefused(await checkout(body(line, { locale: "es", note: "x".repeat(501) }), { cookie }), 400, /^Nota del pedido: Este valor es demasiado largo\.$/);
    await expectRefused(await checkout(body(line, { note: 42 }), { cookie }), 400, /note must be a string/);
  });

  it("creates the order at catalog prices with server-side shipping and answers an absolute URL with a query string", async () => {
    // Prices, shipping and totals sent by a client are not part of the request: they are ignored.
    const tampered = body([{ variant_id: variantId, quantity: 2, price_in_cents: 1, custom_field_values: [] }], {
      shippingCents: 0,
      shipping_cents: 0,
      total: 1,
    });
    const result = await checkout(tampered, { cookie, origin: null });
    expect(result.status).toBe(200);
    const url = new URL(result.body.url!);
    expect(url.origin).toBe(shop);
    expect(url.search).not.toBe("");
    const orderId = Number(url.searchParams.get("order_id"));
    const order = await orderById(t.db, orderId);
    // 2 x 25.00 = 50.00, below the 100.00 threshold: the flat rate is added by the server.
    expect(order).toMatchObject({ status: "pending", subtotalCents: 5000, shippingCents: 495, totalCents: 5495, timeZone: "Europe/Madrid" });
    expect(await stockOf(t.db, variantId)).toBe(5);
  });

  it("keeps the optional note, company and tax id on the order, the answer's shape unchanged", async () => {
    const result = await checkout(body([{ variant_id: variantId, quantity: 1 }], { shipping_country: "ES", note: " Leave it at the door ", company: "Acme  Iberia SL", tax_id: "b 12345674" }), { cookie });
    expect(result.status).toBe(200);
    expect(Object.keys(result.body)).toEqual(["url"]);
    const order = await orderById(t.db, Number(new URL(result.body.url!).searchParams.get("order_id")));
    expect(order).toMatchObject({ status: "pending", orderNote: "Leave it at the door", companyName: "Acme Iberia SL", taxId: "B12345674" });
  });
});
