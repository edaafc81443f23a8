import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { findSourceFiles, projectRoot } from "../helpers/source-files";

// Settings read once, before anything imports them. CORS stays at its default ("*"): writes must still be same-site.
vi.hoisted(() => {
  process.env.AUTH_SECRET = "test-secret-test-secret-test-secret-0123456789";
  process.env.BASE_URL = "http://shop.test";
  process.env.LOG_LEVEL = "silent";
  process.env.PAYMENT_PROVIDER = "demo";
});

// The request of a server action: each case sets the cookie it sends.
const request = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock("next/headers", () => ({
  headers: async () => request.headers,
  cookies: async () => ({ get: () => undefined, getAll: () => [], has: () => false }),
}));
vi.mock("next/cache", () => ({
  revalidateTag: () => undefined,
  revalidatePath: () => undefined,
  updateTag: () => undefined,
  unstable_cache: (fn: unknown) => fn,
}));

import { signUpWithSession } from "../helpers/auth-session";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";
import { setDatabaseForTests } from "@/server/db/client";
import { resetSettingsForTests } from "@/server/env";
import { getAuth } from "../../src/features/accounts/auth";
import { setAdminFlag } from "@/features/accounts/service";
import { loginRedirectPath } from "@/features/accounts/session";
import { safeReturnTo } from "@/features/accounts/return-to";
import { createCheckout } from "@/features/checkout/service";
import { queryRows } from "@/server/db/rows";
import { orders } from "@/server/db/schema/orders";
import { demoProvider, insertProduct, orderById, stockOf } from "../integration/checkout-fixtures";

resetSettingsForTests();
const shop = "http://shop.test";
const evil = "https://evil.example";
const root = projectRoot;

/** Every route handler and every server-action module, found on disk: a new one is attacked without editing this file. */
const routeFiles = findSourceFiles(path.join(root, "src/app"), (f) => /^route\.tsx?$/.test(path.basename(f)));
const actionFiles = findSourceFiles(path.join(root, "src"), (f) => /\.tsx?$/.test(f) && !f.endsWith(".test.ts") && /^\s*["']use server["']/.test(readFileSync(f, "utf8")));
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** `src/app/api/store/[store]/products/[id]/route.ts` → `/api/store/:store/products/:id` and the dynamic segments. */
function routeShape(file: string) {
  const segments = path.relative(path.join(root, "src/app"), path.dirname(file)).split(path.sep);
  const params = segments.filter((s) => s.startsWith("[")).map((s) => ({ name: s.replace(/^\[(\.\.\.)?|\]$/g, ""), catchAll: s.startsWith("[...") }));
  return { segments, params, label: `/${segments.join("/")}` };
}

/** POST endpoints that must accept cross-site requests: they act without cookies, on their own proof of origin. */
const crossSiteByDesign: Record<string, string> = {
  "/api/csp-report": "browsers post violation reports from any page; anonymous, nothing stored",
  "/api/payments/stripe/webhook": "Stripe's servers post here; authenticated by the signature, never by a cookie",
  "/api/payments/mercadopago/webhook": "Mercado Pago's servers post here; authenticated by x-signature and the payment read back, never by a cookie",
  "/api/newsletter/unsubscribe": "mail programs post the RFC 8058 one-click unsubscribe from their servers; the secret token is the only authority",
};

/** Values no handler may accept as an id, a quantity or a whole body; none of them is a valid id in this database. */
const badIds: unknown[] = ["", " ", "x".repeat(5000), "' OR '1'='1", "1; drop table orders;--", "../../../etc/passwd", "%00", "\u0000", "<script>alert(1)</script>", -1, 0, 1.5, 2 ** 53, "9".repeat(40), null, true, [], {}, { $ne: null }];
const badQuantities: unknown[] = [0, -1, 1.5, "2", "1e3", 1e9, 2 ** 53, null, true, [], {}, "NaN", -0.5, Number.MAX_VALUE];

describe("attacks on every route handler and server action", () => {
  let t: TestDatabase;
  let variantId = "";
  const people: Record<"owner" | "stranger" | "admin", { cookie: string; id: string; email: string }> = {} as never;
  let ownersOrder = { orderId: 0, sessionId: "" };

  async function signUp(name: string, email: string) {
    const { id, cookie } = await signUpWithSession(shop, { name, email, address: `203.0.113.${Object.keys(people).length + 1}` });
    return { id, email, cookie };
  }

  /** Everything an attack could change: orders and their lines, stock, products, accounts and profiles. */
  async function snapshot() {
    const tables = ["orders", "order_lines", "variants", "products", "categories", "pages", '"user"', "profiles", "payment_events"];
    const parts = await Promise.all(tables.map((table) => queryRows(t.db, sql.raw(`select * from ${table} order by 1`))));
    return JSON.stringify(parts);
  }

  function asCaller(cookie: string) {
    request.headers = new Headers({ cookie, host: "shop.test", origin: shop });
  }

  beforeAll(async () => {
    t = await createTestDatabase("pglite");
    setDatabaseForTests(t.db);
    ({ variantId } = await insertProduct(t.db, { priceCents: 2500, stock: 5 }));
    people.owner = await signUp("Olga Owner", "owner@example.com");
    people.stranger = await signUp("Sam Stranger", "stranger@example.com");
    people.admin = await signUp("Ada Admin", "admin@example.com");
    await setAdminFlag(t.db, people.admin.id, true);
    const checkout = await createCheckout(
      t.db,
      {
        userId: people.owner.id,
        email: people.owner.email,
        locale: "en",
        items: [{ variantId, quantity: 2 }],
        successUrl: `${shop}/success`,
        cancelUrl: `${shop}/`,
      },
      demoProvider(),
      {},
    );
    ownersOrder = { orderId: checkout.orderId, sessionId: checkout.sessionId };
  });
  afterAll(async () => {
    setDatabaseForTests(undefined);
    await t?.close();
  });

  it("finds the route handlers and server-action modules on disk", () => {
    const labels = routeFiles.map((f) => routeShape(f).label);
    expect(labels).toEqual(expect.arrayContaining(["/api/store/[store]/checkout", "/api/payments/demo/[sessionId]/pay", "/api/auth/[...all]"]));
    expect(actionFiles.map((f) => path.relative(root, f))).toEqual(expect.arrayContaining(["src/features/checkout/actions.ts", "src/features/catalog/admin-actions.ts"]));
  });

  describe("IDOR: another customer's order, payment session and profile", () => {
    it("attack: IDOR — another customer's payment session answers 404 on the demo Pay and Cancel routes and stays pending", async () => {
      const before = await snapshot();
      for (const action of ["pay", "cancel"]) {
        const mod = (action === "pay" ? await import("@/app/api/payments/demo/[sessionId]/pay/route") : await import("@/app/api/payments/demo/[sessionId]/cancel/route")) as {
          POST: (r: Request, c: unknown) => Promise<Response>;
        };
        const response = await mod.POST(
          new Request(`${shop}/api/payments/demo/${ownersOrder.sessionId}/${action}`, {
            method: "POST",
            headers: { cookie: people.stranger.cookie, origin: shop, "content-type": "application/x-www-form-urlencoded" },
            body: "firstName=Sam&lastName=S&phone=600000000&address=Calle+1&city=Madrid&state=M&zipCode=28013&country=ES",
          }),
          { params: Promise.resolve({ sessionId: ownersOrder.sessionId }) },
        );
        expect(response.status, action).toBe(404);
        expect(await response.text()).not.toContain(people.owner.email);
      }
      expect(await snapshot()).toBe(before);
      expect((await orderById(t.db, ownersOrder.orderId)).status).toBe("pending");
    });

    it("attack: IDOR — another customer's order id through the server actions: nothing restored, paid or cancelled", async () => {
      const { restoreCancelledOrder, payDemoSessionAction } = await import("@/features/checkout/actions");
      asCaller(people.stranger.cookie);
      const before = await snapshot();
      expect(await restoreCancelledOrder(ownersOrder.orderId)).toEqual([]);
      expect(await restoreCancelledOrder(String(ownersOrder.orderId))).toEqual([]);
      const address = { firstName: "Sam", lastName: "S", phone: "600000000", address: "Calle 1", city: "Madrid", state: "M", zipCode: "28013", country: "ES" };
      expect(await payDemoSessionAction(ownersOrder.sessionId, address)).toEqual({ ok: false, reload: true });
      expect(await snapshot()).toBe(before);
      expect((await orderById(t.db, ownersOrder.orderId)).status).toBe("pending");
      expect(await stockOf(t.db, variantId)).toBe(3);
    });

    it("attack: IDOR — another customer's order and payment page read as missing (the queries behind /success and /pay)", async () => {
      const { getOrderForUser } = await import("@/features/orders/queries");
      const { getDemoSessionForUser } = await import("../../src/features/checkout/demo-payment/demo-payment");
      const { loadProfilePage } = await import("../../src/features/orders/profile-queries");
      expect(await getOrderForUser(t.db, ownersOrder.orderId, people.stranger.id)).toBeNull();
      expect(await getDemoSessionForUser(t.db, ownersOrder.sessionId, people.stranger.id)).toBeNull();
      expect((await loadProfilePage(t.db, people.stranger.id)).orders).toEqual([]);
      // The owner does see it: the refusals above come from ownership, not from a broken query.
      expect(await getOrderForUser(t.db, ownersOrder.orderId, people.owner.id)).toMatchObject({ id: ownersOrder.orderId });
    });

    it("attack: IDOR — a profile update naming another user's id changes only the caller's own profile", async () => {
      const auth = await getAuth();
      const response = await auth.handler(
        new Request(`${shop}/api/auth/update-user`, {
          method: "POST",
          headers: { cookie: people.stranger.cookie, origin: shop, "content-type": "application/json" },
          body: JSON.stringify({ id: people.owner.id, userId: people.owner.id, email: "stolen@example.com", name: "Hijacked" }),
        }),
      );
      expect(response.status).toBeLessThan(500);
      const [owner] = await queryRows<{ name: string; email: string }>(t.db, sql`select name, email from "user" where id = ${people.owner.id}`);
      expect(owner).toEqual({ name: "Olga Owner", email: "owner@example.com" });
    });
  });

  describe("CSRF: cross-site form posts with the victim's cookies", () => {
    const forms = [
      { type: "application/x-www-form-urlencoded", body: "items=1&successUrl=x" },
      { type: "text/plain", body: '{"items":[]}' },
      { type: "multipart/form-data; boundary=x", body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n' },
    ];
    const sites = [
      { name: "Origin of another site", headers: { origin: evil, "sec-fetch-site": "cross-site" } },
      { name: "Origin null from a sandboxed frame", headers: { origin: "null", "sec-fetch-site": "cross-site" } },
      { name: "a sibling subdomain", headers: { origin: "http://attacker.shop.test", "sec-fetch-site": "same-site" } },
    ];

    it("attack: CSRF — a cross-site form post to every cookie-authenticated POST route handler is refused with 403 and changes nothing", async () => {
      const before = await snapshot();
      let attacked = 0;
      for (const file of routeFiles) {
        const shape = routeShape(file);
        if (crossSiteByDesign[shape.label]) continue;
        const mod = (await import(file)) as Record<string, unknown>;
        for (const method of METHODS.filter((m) => m !== "GET")) {
          const handler = mod[method] as ((r: Request, c: unknown) => Promise<Response>) | undefined;
          if (typeof handler !== "function") continue;
          const params = Object.fromEntries(
            shape.params.map((p) => [p.name, p.catchAll ? (p.name === "all" ? ["sign-out"] : ["x.png"]) : p.name === "sessionId" ? ownersOrder.sessionId : p.name === "store" ? "main" : "x"]),
          );
          const url = `${shop}/${shape.segments.map((s) => (s.startsWith("[") ? [params[s.replace(/^\[(\.\.\.)?|\]$/g, "")]].flat().join("/") : s)).join("/")}`;
          for (const site of sites) {
            for (const form of forms) {
              for (const who of [people.owner, people.admin]) {
                const response = await handler(
                  new Request(url, { method, headers: { ...site.headers, cookie: who.cookie, "content-type": form.type }, body: form.body }),
                  { params: Promise.resolve(params) },
                );
                expect(response.status, `${method} ${shape.label} from ${site.name} as ${form.type}`).toBe(403);
                attacked++;
              }
            }
          }
        }
      }
      expect(attacked).toBeGreaterThanOrEqual(4 * sites.length * forms.length * 2);
      expect(await snapshot()).toBe(before);
    });

    it("attack: CSRF — cross-site form post to sign-out is refused and the session stays valid", async () => {
      const { POST } = await import("@/app/api/auth/[...all]/route");
      const forged = await POST(
        new Request(`${shop}/api/auth/sign-out`, {
          method: "POST",
          headers: { origin: evil, "sec-fetch-site": "cross-site", cookie: people.owner.cookie, "content-type": "application/x-www-form-urlencoded" },
          body: "",
        }),
      );
      expect(forged.status).toBe(403);
      const auth = await getAuth();
      const session = await auth.api.getSession({ headers: new Headers({ cookie: people.owner.cookie }) });
      expect(session?.user.email).toBe(people.owner.email);
    });

    it("attack: CSRF — a cross-site post to checkout creates no order, even when the Origin is an allowed CORS origin for reads", async () => {
      const { POST } = await import("@/app/api/store/[store]/checkout/route");
      const body = JSON.stringify({ items: [{ variant_id: variantId, quantity: 1 }], successUrl: `${shop}/success`, cancelUrl: `${shop}/` });
      const before = await snapshot();
      const forged = await POST(
        new Request(`${shop}/api/store/main/checkout`, { method: "POST", headers: { origin: evil, cookie: people.owner.cookie, "content-type": "text/plain" }, body }),
        { params: Promise.resolve({ store: "main" }) },
      );
      expect(forged.status).toBe(403);
      expect(await snapshot()).toBe(before);
    });

    it("the shop's own pages still check out (the refusals above come from the origin)", async () => {
      const { POST } = await import("@/app/api/store/[store]/checkout/route");
      const body = JSON.stringify({ items: [{ variant_id: variantId, quantity: 1 }], successUrl: `${shop}/success`, cancelUrl: `${shop}/` });
      const own = await POST(
        new Request(`${shop}/api/store/main/checkout`, {
          method: "POST",
          headers: { origin: shop, "sec-fetch-site": "same-origin", cookie: people.stranger.cookie, "content-type": "application/json" },
          body,
        }),
        { params: Promise.resolve({ store: "main" }) },
      );
      expect(own.status).toBe(200);
      const { restoreCancelledOrder } = await import("@/features/checkout/actions");
      asCaller(people.stranger.cookie);
      const orderId = Number(new URL(((await own.json()) as { url: string }).url).searchParams.get("order_id"));
      expect(await restoreCancelledOrder(orderId)).toHaveLength(1);
    });
  });

  describe("tampering and fuzzing", () => {
    it("attack: price, total and currency tampering — the checkout route charges catalog prices in the shop's currency", async () => {
      const { POST } = await import("@/app/api/store/[store]/checkout/route");
      const tampered = {
        items: [{ variant_id: variantId, quantity: 1, price: 1, price_in_cents: 1, unit_price: 1, currency: "JPY" }],
        successUrl: `${shop}/success`,
        cancelUrl: `${shop}/`,
        total: 1,
        totalCents: 1,
        subtotal: 1,
        shipping_cents: 0,
        currency: "JPY",
      };
      const response = await POST(
        new Request(`${shop}/api/store/main/checkout`, { method: "POST", headers: { origin: shop, cookie: people.owner.cookie, "content-type": "application/json" }, body: JSON.stringify(tampered) }),
        { params: Promise.resolve({ store: "main" }) },
      );
      expect(response.status).toBe(200);
      const orderId = Number(new URL(((await response.json()) as { url: string }).url).searchParams.get("order_id"));
      expect(await orderById(t.db, orderId)).toMatchObject({ currency: "EUR", subtotalCents: 2500, shippingCents: 495, totalCents: 2995 });
    });

    it("attack: price, total and currency tampering — the startCheckout server action ignores every amount the browser sends", async () => {
      const { startCheckout } = await import("@/features/checkout/actions");
      asCaller(people.owner.cookie);
      const result = await startCheckout({
        items: [{ variantId, quantity: 1, unitPriceCents: 1, priceCents: 1, salePriceCents: 1, currency: "JPY" }],
        locale: "en",
        totalCents: 1,
        currency: "JPY",
      } as never);
      expect(result.ok).toBe(true);
      const [latest] = await t.db.select().from(orders).orderBy(sql`id desc`).limit(1);
      expect(latest).toMatchObject({ userId: people.owner.id, currency: "EUR", subtotalCents: 2500, totalCents: 2995 });
    });

    it("attack: quantity fuzzing — every bad quantity is refused by the checkout route and action, with no order and no stock taken", async () => {
      const { POST } = await import("@/app/api/store/[store]/checkout/route");
      const { startCheckout } = await import("@/features/checkout/actions");
      asCaller(people.owner.cookie);
      const before = await snapshot();
      for (const quantity of badQuantities) {
        const body = JSON.stringify({ items: [{ variant_id: variantId, quantity }], successUrl: `${shop}/success`, cancelUrl: `${shop}/` });
        const response = await POST(
          new Request(`${shop}/api/store/main/checkout`, { method: "POST", headers: { origin: shop, cookie: people.owner.cookie, "content-type": "application/json" }, body }),
          { params: Promise.resolve({ store: "main" }) },
        );
        expect(response.status, `route, quantity ${JSON.stringify(quantity)}`).toBe(400);
        const action = await startCheckout({ items: [{ variantId, quantity }], locale: "en" });
        expect(action.ok, `action, quantity ${JSON.stringify(quantity)}`).toBe(false);
      }
      expect(await snapshot()).toBe(before);
    });

    it("attack: id and body fuzzing — every route handler answers hostile ids, queries and bodies with 4xx, never 5xx, and changes nothing", async () => {
      const before = await snapshot();
      const bodies: Array<string | undefined> = [
        undefined,
        "",
        "{",
        "null",
        "[]",
        '"str"',
        "\u0000\u0001",
        "a=1&items[0][quantity]=-1",
        ...badIds.map((id) => JSON.stringify({ items: [{ variant_id: id, quantity: 1 }], successUrl: `${shop}/s`, cancelUrl: `${shop}/`, email: id, password: id, name: id, token: id })),
        ...badQuantities.map((q) => JSON.stringify({ items: [{ variant_id: variantId, quantity: q }], successUrl: `${shop}/s`, cancelUrl: `${shop}/` })),
      ];
      let calls = 0;
      for (const file of routeFiles) {
        const shape = routeShape(file);
        const mod = (await import(file)) as Record<string, unknown>;
        for (const method of METHODS) {
          const handler = mod[method] as ((r: Request, c: unknown) => Promise<Response>) | undefined;
          if (typeof handler !== "function") continue;
          const cases: Array<{ params: Record<string, unknown>; query: string; body: string | undefined }> = [];
          const valid = Object.fromEntries(shape.params.map((p) => [p.name, p.catchAll ? ["sign-in", "email"] : p.name === "store" ? "main" : "x"]));
          for (const id of badIds) {
            const text = typeof id === "string" ? id : JSON.stringify(id);
            const params = Object.fromEntries(shape.params.map((p) => [p.name, p.catchAll ? [text, text] : text]));
            cases.push({ params, query: `?id=${encodeURIComponent(text)}&ids[]=${encodeURIComponent(text)}&limit=${encodeURIComponent(text)}&offset=-1&order_id=${encodeURIComponent(text)}`, body: undefined });
          }
          if (method !== "GET") for (const body of bodies) cases.push({ params: valid, query: "", body });
          for (const c of cases) {
            for (const who of [people.owner, people.admin]) {
              const segs = shape.segments.map((s) => (s.startsWith("[") ? [c.params[s.replace(/^\[(\.\.\.)?|\]$/g, "")]].flat().map((v) => encodeURIComponent(String(v))).join("/") : s));
              const response = await handler(
                new Request(`${shop}/${segs.join("/")}${c.query}`, {
                  method,
                  headers: { origin: shop, cookie: who.cookie, "content-type": "application/json", "x-forwarded-for": "198.51.100.7" },
                  body: method === "GET" ? undefined : c.body,
                }),
                { params: Promise.resolve(c.params) },
              );
              expect(response.status, `${method} ${shape.label} ${JSON.stringify(c).slice(0, 200)}`).toBeLessThan(500);
              expect(response.status, `${method} ${shape.label} ${JSON.stringify(c).slice(0, 200)}`).not.toBe(200 + (method === "GET" ? 1000 : 0));
              calls++;
            }
          }
        }
      }
      expect(calls).toBeGreaterThan(200);
      expect(await snapshot()).toBe(before);
    });

    it("attack: id and argument fuzzing — every exported server action answers hostile arguments without throwing and changes nothing", async () => {
      const before = await snapshot();
      const hostile: unknown[] = [
        ...badIds,
        undefined,
        { items: badIds.map((id) => ({ variantId: id, quantity: 1 })), locale: "en" },
        { items: badQuantities.map((quantity) => ({ variantId, quantity })), locale: "en" },
        { variantIds: badIds, locale: "en" },
        { items: Array.from({ length: 500 }, () => ({ variantId, quantity: 1 })), locale: "en" },
        { __proto__: { admin: true }, constructor: { prototype: { isAdmin: true } } },
      ];
      let calls = 0;
      for (const file of actionFiles) {
        const mod = (await import(file)) as Record<string, unknown>;
        for (const [name, fn] of Object.entries(mod)) {
          if (typeof fn !== "function") continue;
          for (const who of [people.owner, people.admin]) {
            asCaller(who.cookie);
            for (const value of hostile) {
              for (const args of [[value], [value, value], [ownersOrder.sessionId, value]]) {
                await expect((fn as (...a: unknown[]) => Promise<unknown>)(...args), `${name}(${JSON.stringify(args).slice(0, 120)})`).resolves.not.toThrow();
                calls++;
              }
            }
          }
        }
      }
      expect(calls).toBeGreaterThan(500);
      expect(await snapshot()).toBe(before);
    }, 180_000); // Every action × every hostile argument, one after the other: bounded, but long on a loaded machine.
  });

  describe("open redirects", () => {
    const foreign = [`${evil}/phish`, "//evil.example/phish", "http://shop.test@evil.example/", "http://shop.test.evil.example/", "javascript:alert(1)", "/\\evil.example", "https:evil.example"];

    it("attack: open redirect — checkout success and cancel URLs on another host are refused with 400 and no order", async () => {
      const { POST } = await import("@/app/api/store/[store]/checkout/route");
      const before = await snapshot();
      for (const url of foreign) {
        for (const field of ["successUrl", "cancelUrl"]) {
          const body = { items: [{ variant_id: variantId, quantity: 1 }], successUrl: `${shop}/success`, cancelUrl: `${shop}/`, [field]: url };
          const response = await POST(
            new Request(`${shop}/api/store/main/checkout`, { method: "POST", headers: { origin: shop, cookie: people.owner.cookie, "content-type": "application/json" }, body: JSON.stringify(body) }),
            { params: Promise.resolve({ store: "main" }) },
          );
          expect(response.status, `${field}=${url}`).toBe(400);
          expect(((await response.json()) as { error: { parameter: string } }).error.parameter).toBe(field);
        }
      }
      expect(await snapshot()).toBe(before);
    });

    it("attack: open redirect — sign-in, sign-up, verification and password-reset callback URLs to another host are refused", async () => {
      const { GET, POST } = await import("@/app/api/auth/[...all]/route");
      const post = (p: string, body: object) =>
        POST(new Request(`${shop}/api/auth${p}`, { method: "POST", headers: { origin: shop, "content-type": "application/json", "x-forwarded-for": "198.51.100.20" }, body: JSON.stringify(body) }));
      for (const url of [`${evil}/phish`, "//evil.example/phish"]) {
        const signIn = await post("/sign-in/email", { email: people.owner.email, password: "correct-horse-1", callbackURL: url });
        expect(signIn.status, `sign-in callbackURL ${url}`).toBe(403);
        expect(signIn.headers.get("set-cookie") ?? "").not.toContain("session_token=");
        expect((await post("/sign-up/email", { name: "X", email: `x${url.length}@example.com`, password: "correct-horse-1", callbackURL: url })).status).toBe(403);
        expect((await post("/request-password-reset", { email: people.owner.email, redirectTo: url })).status).toBe(403);
        const verify = await GET(new Request(`${shop}/api/auth/verify-email?token=abc&callbackURL=${encodeURIComponent(url)}`, { headers: { "x-forwarded-for": "198.51.100.21" } }));
        expect(verify.status, `verify-email callbackURL ${url}`).toBe(403);
        const reset = await GET(new Request(`${shop}/api/auth/reset-password/abc?callbackURL=${encodeURIComponent(url)}`, { headers: { "x-forwarded-for": "198.51.100.22" } }));
        expect(reset.status, `reset-password callbackURL ${url}`).toBe(403);
      }
    });

    it("attack: open redirect — the sign-in returnTo and the demo payment's Referer never lead off the shop", async () => {
      for (const url of foreign) expect(safeReturnTo(url, shop), url).toBeNull();
      expect(loginRedirectPath("en", `${evil}/x`)).toBe("/?auth=login&returnTo=%2F");
      const { POST } = await import("@/app/api/payments/demo/[sessionId]/cancel/route");
      const response = await POST(
        new Request(`${shop}/api/payments/demo/${ownersOrder.sessionId}/cancel`, { method: "POST", headers: { origin: shop, referer: `${evil}/pay/x` } }),
        { params: Promise.resolve({ sessionId: ownersOrder.sessionId }) },
      );
      expect(response.status).toBe(303);
      expect(new URL(response.headers.get("location")!).origin).toBe(shop);
    });
  });

  describe("oversized and deeply nested bodies", () => {
    const twoMegabytes = JSON.stringify({ items: [{ variant_id: "x", quantity: 1 }], pad: "x".repeat(2 * 1024 * 1024) });
    const deep = `${"[".repeat(5000)}${"]".repeat(5000)}`;
    const deepObject = `{"items":${'{"a":'.repeat(100)}1${"}".repeat(100)}}`;

    it("attack: oversized body — 2 MB to checkout, sign-in, the demo Pay form and the CSP report endpoint is refused with 413", async () => {
      const before = await snapshot();
      type Handler = (r: Request, c: unknown) => Promise<Response>;
      const targets: Array<[string, Handler, unknown]> = [
        ["/api/store/main/checkout", (await import("@/app/api/store/[store]/checkout/route")).POST as Handler, { store: "main" }],
        ["/api/auth/sign-in/email", (await import("@/app/api/auth/[...all]/route")).POST as Handler, {}],
        [`/api/payments/demo/${ownersOrder.sessionId}/pay`, (await import("@/app/api/payments/demo/[sessionId]/pay/route")).POST as Handler, { sessionId: ownersOrder.sessionId }],
        ["/api/csp-report", (await import("@/app/api/csp-report/route")).POST as Handler, {}],
      ];
      for (const [url, handler, params] of targets) {
        const response = await handler(
          new Request(`${shop}${url}`, { method: "POST", headers: { origin: shop, cookie: people.owner.cookie, "content-type": "application/json" }, body: twoMegabytes }),
          { params: Promise.resolve(params) },
        );
        expect(response.status, url).toBe(413);
      }
      expect(await snapshot()).toBe(before);
    });

    it("attack: deeply nested JSON — 5,000 nested arrays or 100 nested objects to checkout and sign-in is refused with 400 before it is parsed", async () => {
      const { POST: checkout } = await import("@/app/api/store/[store]/checkout/route");
      const { POST: auth } = await import("@/app/api/auth/[...all]/route");
      for (const body of [deep, deepObject]) {
        const a = await checkout(new Request(`${shop}/api/store/main/checkout`, { method: "POST", headers: { origin: shop, cookie: people.owner.cookie }, body }), {
          params: Promise.resolve({ store: "main" }),
        });
        expect(a.status).toBe(400);
        expect(((await a.json()) as { error: { code: string } }).error.code).toBe("too_deep");
        const b = await auth(new Request(`${shop}/api/auth/sign-in/email`, { method: "POST", headers: { origin: shop, "content-type": "application/json" }, body }));
        expect(b.status).toBe(400);
      }
    });
  });
});
