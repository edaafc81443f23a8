import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { findSourceFiles, projectRoot } from "../helpers/source-files";

// Settings read once, before anything imports them.
vi.hoisted(() => {
  process.env.AUTH_SECRET = "test-secret-test-secret-test-secret-0123456789";
  process.env.BASE_URL = "http://localhost:3000";
  process.env.LOG_LEVEL = "silent";
});

// The request of the server action: each case sets the cookie it sends (none for a visitor).
const request = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock("next/headers", () => ({
  headers: async () => request.headers,
  cookies: async () => ({ get: () => undefined, getAll: () => [], has: () => false }),
}));
// Outside Next there is no cache to expire; a refused action must not reach this anyway.
const revalidated = vi.hoisted(() => [] as string[]);
vi.mock("next/cache", () => ({
  revalidateTag: (tag: string) => revalidated.push(tag),
  revalidatePath: (p: string) => revalidated.push(p),
  updateTag: (tag: string) => revalidated.push(tag),
  unstable_cache: (fn: unknown) => fn,
}));

import { createTestDatabase, type TestDatabase } from "../helpers/test-database";
import { setDatabaseForTests } from "@/server/db/client";
import { getAuth } from "../../src/features/accounts/auth";
import { setAdminFlag } from "@/features/accounts/service";
import { queryRows } from "@/server/db/rows";
import { footerContent, homepageContent, pages } from "@/server/db/schema/content";
import { user } from "@/server/db/schema/auth";
import { categories, products, variants } from "@/server/db/schema/catalog";
import { orders, orderLines } from "@/server/db/schema/orders";

const root = projectRoot;

/** Every admin server-action module and admin route handler, found on disk: a new one is covered without editing this. */
// Admin actions live with their domain (docs/architecture.md#layers): every features/<domain>/admin-actions.ts.
const actionFiles = findSourceFiles(path.join(root, "src/features"), (f) => path.basename(f) === "admin-actions.ts");
const routeFiles = findSourceFiles(path.join(root, "src/app/api/admin"), (f) => /route\.tsx?$/.test(path.basename(f)));

let categoryId = "";
let orderId = 0;

/**
 * Valid arguments for each action, so that the only possible reason for a refusal is the missing admin session
 * (validation runs first). An action without an entry here fails the test: add its sample when you add the action.
 */
const samples: Record<string, () => unknown[]> = {
  createCategoryAction: () => [{ nameEn: "Intruder", slug: "intruder" }],
  updateCategoryAction: () => [categoryId, { nameEn: "Hijacked", slug: "hijacked" }],
  deleteCategoryAction: () => [categoryId],
  saveHomepageSectionAction: () => [{ section: "hero", content: { title_en: "Pwned", title_es: "Pwned", subtitle_en: "", subtitle_es: "" } }],
  saveFooterSectionAction: () => [{ section: "customer_service", links: [{ url: "/pwned", label_en: "Pwned", label_es: "Pwned" }] }],
  savePageContentAction: () => [{ slug: "about", contentEn: "<p>Pwned</p>", contentEs: "<p>Pwned</p>" }],
  shipOrderAction: () => [orderId, { carrier: "seur", trackingNumber: "PWN1" }],
  correctTrackingAction: () => [orderId, { carrier: "other", trackingNumber: "PWN2", trackingUrl: "https://evil.example/track" }],
  approveReturnAction: () => [1],
  rejectReturnAction: () => [1],
  receiveReturnAction: () => [1],
  refundReturnAction: () => [1],
  saveLowStockThresholdsAction: () => [{ productId: "prod_auth", thresholds: [{ variantId: "var_auth", threshold: 50 }] }],
  cancelOrderAction: () => [orderId],
  createProductAction: () => [{ titleEn: "Intruder", variants: [{ titleEn: "One", sku: "PWN-1", priceCents: 100, manageInventory: true, stock: 9 }] }],
  updateProductAction: () => ["prod_auth", { titleEn: "Hijacked", variants: [{ id: "var_auth", titleEn: "Black", priceCents: 1, manageInventory: true, stock: 0, loadedStock: 3 }] }],
  deleteProductAction: () => ["prod_auth"],
};

describe("admin authorisation: every admin server action and route refuses visitors and customers", () => {
  let database: TestDatabase;
  let customerCookie = "";
  let customerId = "";

  async function snapshot() {
    const { db } = database;
    const [cats, pgs, home, foot, ords, audit, prods, vars] = await Promise.all([
      db.select().from(categories).orderBy(categories.id),
      db.select().from(pages).orderBy(pages.slug),
      db.select().from(homepageContent).orderBy(homepageContent.section),
      db.select().from(footerContent).orderBy(footerContent.section),
      db.select().from(orders).orderBy(orders.id),
      queryRows<{ n: number }>(db, sql`select count(*)::int as n from audit_log`),
      db.select().from(products).orderBy(products.id),
      db.select().from(variants).orderBy(variants.id),
    ]);
    return JSON.stringify({ cats, pgs, home, foot, ords, audit, prods, vars });
  }

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    setDatabaseForTests(database.db);
    const { db } = database;
    const [cat] = await db.insert(categories).values({ id: "cat_keep", slug: "keep", nameEn: "Keep" }).returning();
    categoryId = cat.id;
    await db.insert(pages).values({ slug: "about", titleEn: "About", contentEn: "<p>Original</p>" });
    await db.insert(homepageContent).values({ section: "hero", content: { title_en: "Hero", title_es: "Héroe", subtitle_en: "", subtitle_es: "" } });
    await db.insert(footerContent).values({ section: "customer_service", links: [{ url: "/contact", label_en: "Contact", label_es: "Contacto" }] });
    const shopper = { id: "usr_shopper", email: "shopper@example.com" };
    await db.insert(user).values({ id: shopper.id, name: "Shopper", email: shopper.email });
    const productId = "prod_auth";
    const variantId = "var_auth";
    await db.insert(products).values({ id: productId, titleEn: "Bag" });
    await db.insert(variants).values({ id: variantId, productId, titleEn: "Black", priceCents: 2500, manageInventory: true, stock: 3 });
    const [order] = await db
      .insert(orders)
      .values({ userId: shopper.id, email: shopper.email, status: "completed", currency: "EUR", subtotalCents: 2500, totalCents: 2500, paymentSessionId: "sess_auth_test" })
      .returning();
    orderId = order.id;
    await db.insert(orderLines).values({ orderId, productId, variantId, productTitle: "Bag", variantTitle: "Black", quantity: 1, unitPriceCents: 2500, currency: "EUR" });

    // A real customer session through better-auth, as the browser would hold it.
    const auth = await getAuth();
    const response = await auth.handler(
      new Request("http://localhost:3000/api/auth/sign-up/email", {
        method: "POST",
        headers: { origin: "http://localhost:3000", "content-type": "application/json", "x-forwarded-for": "203.0.113.9" },
        body: JSON.stringify({ name: "Carla Customer", email: "carla@example.com", password: "correct-horse-1" }),
      }),
    );
    expect(response.status).toBe(200);
    customerId = ((await response.json()) as { user: { id: string } }).user.id;
    customerCookie = response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  });
  afterAll(async () => {
    setDatabaseForTests(undefined);
    await database?.close();
  });

  it("finds the admin action modules and route handlers on disk", () => {
    expect(actionFiles.map((f) => path.relative(root, f))).toEqual(expect.arrayContaining(["src/features/catalog/admin-actions.ts", "src/features/content/admin-actions.ts", "src/features/orders/admin-actions.ts"]));
    expect(routeFiles.length).toBeGreaterThan(0);
  });

  const callers = [
    { who: "visitor", cookie: () => "" },
    { who: "customer", cookie: () => customerCookie },
  ];

  for (const caller of callers) {
    it(`attack: privilege escalation — refuses every admin server action to a ${caller.who} and changes nothing`, async () => {
      request.headers = new Headers(caller.cookie() ? { cookie: caller.cookie() } : {});
      const before = await snapshot();
      let called = 0;
      for (const file of actionFiles) {
        const mod = (await import(file)) as Record<string, unknown>;
        for (const [name, fn] of Object.entries(mod)) {
          if (typeof fn !== "function") continue;
          const sample = samples[name];
          expect(sample, `${path.relative(root, file)} exports ${name}: add valid sample arguments to this test`).toBeDefined();
          const result = (await (fn as (...args: unknown[]) => Promise<unknown>)(...sample())) as { ok: boolean; error?: string };
          expect(result.ok, `${name} as ${caller.who}`).toBe(false);
          expect(result.error).toMatch(/administrator/i);
          called++;
        }
      }
      expect(called).toBe(Object.keys(samples).length);
      expect(await snapshot()).toBe(before);
      expect(revalidated).toEqual([]);
    });

    it(`attack: privilege escalation — refuses every admin route handler to a ${caller.who}`, async () => {
      const before = await snapshot();
      for (const file of routeFiles) {
        const mod = (await import(file)) as Record<string, unknown>;
        for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
          const handler = mod[method];
          if (typeof handler !== "function") continue;
          const headers: Record<string, string> = { origin: "http://localhost:3000" };
          if (caller.cookie()) headers.cookie = caller.cookie();
          const response = (await (handler as (r: Request) => Promise<Response>)(
            new Request("http://localhost:3000/api/admin/x", { method, headers, body: method === "GET" ? undefined : "{}" }),
          )) as Response;
          expect([401, 403], `${method} ${path.relative(root, file)} as ${caller.who}`).toContain(response.status);
          expect(await response.text()).not.toContain("@example.com");
        }
      }
      expect(await snapshot()).toBe(before);
    });
  }

  it("the same calls succeed for an admin (so the refusals above come from the missing admin right, not bad input)", async () => {
    await setAdminFlag(database.db, customerId, true);
    request.headers = new Headers({ cookie: customerCookie });
    const { createCategoryAction, createProductAction, updateProductAction } = await import("../../src/features/catalog/admin-actions");
    expect(await createCategoryAction(...(samples.createCategoryAction() as [unknown]))).toMatchObject({ ok: true });
    expect(await createProductAction(...(samples.createProductAction() as [unknown]))).toMatchObject({ ok: true });
    expect(await updateProductAction(...(samples.updateProductAction() as [unknown, unknown]))).toMatchObject({ ok: true });
    const { GET } = await import("@/app/api/admin/orders.csv/route");
    const csv = await GET(new Request("http://localhost:3000/api/admin/orders.csv", { headers: { cookie: customerCookie } }));
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain(String(orderId));
  });
});
