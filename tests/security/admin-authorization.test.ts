import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import "../helpers/auth-test-env";
import { callAs, revalidated } from "../helpers/signed-in-caller";
import { eq, sql } from "drizzle-orm";
import { findSourceFiles, projectRoot } from "../helpers/source-files";

// The request of the server action: each case sets the cookie it sends (none for a visitor). Outside Next there is no
// cache to expire: `revalidated` lists what was asked, and a refused action must not ask anything.
vi.mock("next/headers", () => import("../helpers/signed-in-caller"));
vi.mock("next/cache", () => import("../helpers/signed-in-caller"));

import { createTestDatabase, type TestDatabase } from "../helpers/test-database";
import { setDatabaseForTests } from "@/server/db/client";
import { getAuth } from "../../src/features/accounts/auth";
import { setAdminFlag } from "@/features/accounts/service";
import { queryRows } from "@/server/db/rows";
import { footerContent, homepageContent, pages } from "@/server/db/schema/content";
import { footerDetails } from "@/server/db/schema/footer-details";
import { user } from "@/server/db/schema/auth";
import { categories, products, variants } from "@/server/db/schema/catalog";
import { orders, orderLines } from "@/server/db/schema/orders";
import { mailOutbox } from "@/server/db/schema/operations";
import { profiles } from "@/server/db/schema/auth";
import { webhookEndpoints } from "@/server/db/schema/webhooks";
import { testimonials } from "@/server/db/schema/testimonials";
import { enqueueMail } from "@/server/mail/outbox";

const root = projectRoot;

/**
 * Every back-office server-action module (actions.ts or *-actions.ts under src/features that goes through the action
 * gate) and admin route handler, found on disk: a new one is covered without editing this.
 */
const actionFiles = findSourceFiles(path.join(root, "src/features"), (f) => /(^|-)actions\.ts$/.test(path.basename(f))).filter((f) =>
  /run(Admin|Staff)Action\(/.test(readFileSync(f, "utf8")),
);
const routeFiles = findSourceFiles(path.join(root, "src/app/api/admin"), (f) => /route\.tsx?$/.test(path.basename(f)));

let categoryId = "";
let orderId = 0;
let mailId = 0;
let testimonialId = 0;
/** The customer page key of the signed-up customer (a note about them). */
let noteCustomer = "";

/** What staff may do (docs/product.md#staff-role, decision 0380): orders, customers, returns and products; every other action is for admins only. */
const staffActions = new Set([
  "shipOrderAction",
  "cancelOrderAction",
  "markPaidAction",
  "readyForPickupAction",
  "pickedUpAction",
  "createProductAction",
  "updateProductAction",
  "saveWholeProductAction",
  "createWholeProductAction",
  "deleteProductAction",
  "addCustomerNoteAction",
  "approveReturnAction",
  "rejectReturnAction",
  "receiveReturnAction",
  "refundReturnAction",
]);

/** The back-office menu's entries staff see (docs/product.md#staff-role): exactly the pages whose gate lets staff in. */
const staffMenu = ["/admin/orders", "/admin/orders/unpaid", "/admin/customers", "/admin/returns", "/admin/products"];

/**
 * Valid arguments for each action, so that the only possible reason for a refusal is the missing admin session
 * (validation runs first). An action without an entry here fails the test: add its sample when you add the action.
 */
/** A real PNG upload for the logo action (one transparent pixel). */
function logoForm() {
  const form = new FormData();
  const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
  form.set("logo", new File([png], "logo.png", { type: "image/png" }));
  return form;
}

const samples: Record<string, () => unknown[]> = {
  createCategoryAction: () => [{ nameEn: "Intruder", slug: "intruder" }],
  updateCategoryAction: () => [categoryId, { nameEn: "Hijacked", slug: "hijacked" }],
  deleteCategoryAction: () => [categoryId],
  saveHomepageSectionAction: () => [{ section: "hero", content: { title_en: "Pwned", title_es: "Pwned", subtitle_en: "", subtitle_es: "" } }],
  saveFooterSectionAction: () => [{ section: "customer_service", links: [{ url: "/pwned", label_en: "Pwned", label_es: "Pwned" }] }],
  createPageAction: () => [{ titleEn: "Pwned", slugEn: "pwned", status: "published", inFooter: true, contentEn: "<p>Pwned</p>" }],
  updatePageAction: () => ["page_about", { titleEn: "Pwned", slugEn: "about", status: "published", contentEn: "<p>Pwned</p>" }],
  deletePageAction: () => ["page_terms"],
  movePageAction: () => [{ id: "page_terms", direction: "up" }],
  createLegalTemplatesAction: () => [],
  refillLegalTemplateAction: () => ["page_terms"],
  saveFooterDetailsAction: () => [{ locationEn: "Pwned", social: { facebook: "https://evil.example/pwned" } }],
  shipOrderAction: () => [orderId, { carrier: "seur", trackingNumber: "PWN1" }],
  correctTrackingAction: () => [orderId, { carrier: "other", trackingNumber: "PWN2", trackingUrl: "https://evil.example/track" }],
  approveReturnAction: () => [1],
  rejectReturnAction: () => [1, "Used and without its box"],
  refundOrderAction: () => [{ orderId: 1001, lines: [], shipping: true, amount: "", reason: "Late delivery" }],
  receiveReturnAction: () => [1],
  refundReturnAction: () => [1],
  adminExportUserDataAction: () => [{ email: "carla@example.com" }],
  adminDeleteAccountAction: () => [{ email: "carla@example.com" }],
  // With the right confirmation word: only the missing admin session may refuse it.
  removeDemoDataAction: () => [{ confirmation: "REMOVE" }],
  cancelOrderAction: () => [orderId],
  markPaidAction: () => [orderId],
  readyForPickupAction: () => [orderId],
  pickedUpAction: () => [orderId],
  savePaymentMethodAction: () => [{ method: "cash_on_delivery", enabled: true, fee: "2.50", zoneIds: [1] }],
  createProductAction: () => [{ titleEn: "Intruder", variants: [{ titleEn: "One", sku: "PWN-1", priceCents: 100, manageInventory: true, stock: 9 }] }],
  updateProductAction: () => ["prod_auth", { titleEn: "Hijacked", variants: [{ id: "var_auth", titleEn: "Black", priceCents: 1, manageInventory: true, stock: 0, loadedStock: 3 }] }],
  saveWholeProductAction: () => ["prod_auth", { product: { titleEn: "Hijacked", variants: [{ id: "var_auth", titleEn: "Black", priceCents: 1, manageInventory: true, stock: 0, loadedStock: 3 }] } }],
  createWholeProductAction: () => [{ product: { titleEn: "Intruder", variants: [{ titleEn: "One", sku: "PWN-2", priceCents: 100, manageInventory: true, stock: 9 }] }, taxClass: "zero" }],
  deleteProductAction: () => ["prod_auth"],
  addCustomerNoteAction: () => [{ customer: noteCustomer, body: "Pwned" }],
  // A customer trying to make themselves an administrator.
  setAccountRoleAction: () => [{ email: "carla@example.com", role: "admin" }],
  resendMailAction: () => [mailId],
  setProductTaxClassAction: () => ["prod_auth", "zero"],
  deletePromotionAction: () => [1],
  setPromotionActiveAction: () => [1, false],
  savePromotionAction: () => [null, { code: "PWNED", nameEn: "Pwned", kind: "percent", amount: "90" }],
  searchPromotionTargetsAction: () => ["product", "bag"],
  saveTaxSettingsAction: () => [{ pricesIncludeTax: false, defaultStandardBp: "1", defaultReducedBp: "1" }],
  saveTaxRateAction: () => [{ country: "ES", standardBp: "1", reducedBp: "1" }],
  deleteTaxRateAction: () => ["ES"],
  createWebhookEndpointAction: () => [{ url: "https://evil.example/hook", events: ["order.paid"] }],
  updateWebhookEndpointAction: () => [1, { url: "https://evil.example/hook", events: ["order.paid"] }],
  deleteWebhookEndpointAction: () => [1],
  rotateWebhookSecretAction: () => [1],
  sendWebhookTestAction: () => [1],
  replayWebhookDeliveryAction: () => [1],
  saveTestimonialAction: () => [{ id: testimonialId, locale: "en", name: "Pwned", content: "Fake five stars", rating: 5 }],
  deleteTestimonialAction: () => [{ id: testimonialId }],
  saveSettingsSectionAction: () => ["store", { name: "Pwned", email: "evil@example.com", phone: "", address: "" }],
  uploadLogoAction: () => [logoForm()],
  removeLogoAction: () => [],
  sendTestEmailAction: () => [],
  saveZoneAction: () => [{ id: null, nameEn: "Pwned", nameEs: "Pwned", countries: "JP", sortOrder: 0 }],
  saveOptionTypeAction: () => [{ id: null, nameEn: "Pwned", nameEs: "", kind: "other" }],
  saveOptionTypeValueAction: () => [{ id: null, typeId: "otype_pwned", valueEn: "Pwned", valueEs: "", swatch: null }],
  moveOptionTypeValueAction: () => [{ id: "otval_pwned", direction: "up" }],
  removeOptionTypeValueAction: () => ["otval_pwned"],
  deleteZoneAction: () => [1],
  saveMethodAction: () => [{ id: null, zoneId: 1, kind: "flat", nameEn: "Pwned", nameEs: "Pwned", deliveryEn: "", deliveryEs: "", rate: "4.95", freeAbove: "", bands: "", pickupAddress: "", pickupHoursEn: "", pickupHoursEs: "", active: true, sortOrder: 0 }],
  deleteMethodAction: () => [1],
};

describe("staff: the menu, the page gates and the docs agree", () => {
  const nav = readFileSync(path.join(root, "src/features/admin/components/admin-nav.tsx"), "utf8");
  const entries = [...nav.matchAll(/\{ href: "([^"]+)", key: "[^"]+", Icon: \w+, staff: (true|false) \}/g)].map((m) => ({ href: m[1], staff: m[2] === "true" }));

  it("shows staff the documented entries, and each entry's page opens to staff exactly when the menu shows it to them", () => {
    expect(entries.length).toBeGreaterThan(10);
    expect(entries.filter((e) => e.staff).map((e) => e.href)).toEqual(staffMenu);
    for (const { href, staff } of entries) {
      const page = readFileSync(path.join(root, "src/app/[locale]", href, "page.tsx"), "utf8");
      expect(/openStaffPage\(/.test(page), `${href} page gate`).toBe(staff);
    }
    const docs = readFileSync(path.join(root, "docs/product.md"), "utf8");
    const staffSection = docs.slice(docs.indexOf('<a id="staff-role"></a>'), docs.indexOf('<a id="languages"></a>'));
    expect(staffSection).toContain("**Orders**, **Unpaid checkouts**,\n**Customers**, **Returns** and **Products** only");
  });
});

describe("admin authorisation: every admin server action and route refuses visitors and customers", () => {
  let database: TestDatabase;
  let customerCookie = "";
  let customerId = "";

  async function snapshot() {
    const { db } = database;
    const [cats, pgs, home, foot, ords, audit, prods, vars, mail, roles, hooks, quotes, footDetails, shopSettingRows, zones, methods, optionTypes] = await Promise.all([
      db.select().from(categories).orderBy(categories.id),
      db.select().from(pages).orderBy(pages.id),
      db.select().from(homepageContent).orderBy(homepageContent.section),
      db.select().from(footerContent).orderBy(footerContent.section),
      db.select().from(orders).orderBy(orders.id),
      queryRows<{ n: number }>(db, sql`select count(*)::int as n from audit_log`),
      db.select().from(products).orderBy(products.id),
      db.select().from(variants).orderBy(variants.id),
      db.select().from(mailOutbox).orderBy(mailOutbox.id),
      db.select({ id: profiles.id, isAdmin: profiles.isAdmin, isStaff: profiles.isStaff }).from(profiles).orderBy(profiles.id),
      db.select().from(webhookEndpoints).orderBy(webhookEndpoints.id),
      db.select().from(testimonials).orderBy(testimonials.id),
      db.select().from(footerDetails),
      queryRows(db, sql`select * from shop_settings order by section`),
      queryRows(db, sql`select * from shipping_zones order by id`),
      queryRows(db, sql`select * from shipping_methods order by id`),
      queryRows(db, sql`select t.*, (select json_agg(v order by v.id) from option_type_values v where v.type_id = t.id) as values from option_types t order by t.id`),
    ]);
    return JSON.stringify({ cats, pgs, home, foot, ords, audit, prods, vars, mail, roles, hooks, quotes, footDetails, shopSettingRows, zones, methods, optionTypes });
  }

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    setDatabaseForTests(database.db);
    const { db } = database;
    const [cat] = await db.insert(categories).values({ id: "cat_keep", slug: "keep", nameEn: "Keep" }).returning();
    categoryId = cat.id;
    await db.insert(pages).values({ id: "page_about", slug: "about", slugEs: "about", titleEn: "About", contentEn: "<p>Original</p>" });
    await db.insert(pages).values({ id: "page_terms", slug: "terms-of-sale", slugEs: "condiciones-de-venta", titleEn: "Terms", template: "terms", status: "draft" });
    await db.insert(homepageContent).values({ section: "hero", content: { title_en: "Hero", title_es: "Héroe", subtitle_en: "", subtitle_es: "" } });
    await db.insert(footerContent).values({ section: "customer_service", links: [{ url: "/contact", label_en: "Contact", label_es: "Contacto" }] });
    testimonialId = (await db.insert(testimonials).values({ locale: "en", name: "Real Customer", content: "Kept as written." }).returning())[0].id;
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
    mailId = await enqueueMail(db, { to: shopper.email, subject: "Kept", html: "<p>Kept</p>", text: "Kept", kind: "test", locale: "en" });
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
    noteCustomer = `a_${customerId}`;
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
      callAs(caller.cookie());
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

  /** A second real session: an account with the staff role (orders and products only). */
  async function staffCookie() {
    const auth = await getAuth();
    const response = await auth.handler(
      new Request("http://localhost:3000/api/auth/sign-up/email", {
        method: "POST",
        headers: { origin: "http://localhost:3000", "content-type": "application/json", "x-forwarded-for": "203.0.113.10" },
        body: JSON.stringify({ name: "Sam Staff", email: "sam@example.com", password: "correct-horse-2" }),
      }),
    );
    expect(response.status).toBe(200);
    const id = ((await response.json()) as { user: { id: string } }).user.id;
    await database.db.update(profiles).set({ isStaff: true }).where(eq(profiles.id, id));
    return response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  }

  it("attack: staff beyond its role — refuses staff every admin-only action (settings, pages, homepage, footer, categories, roles, mail) and changes nothing; allows orders and products", async () => {
    const cookie = await staffCookie();
    callAs(cookie);
    const before = await snapshot();
    const allowed: string[] = [];
    for (const file of actionFiles) {
      const mod = (await import(file)) as Record<string, unknown>;
      for (const [name, fn] of Object.entries(mod)) {
        if (typeof fn !== "function" || staffActions.has(name)) continue;
        const result = (await (fn as (...args: unknown[]) => Promise<unknown>)(...samples[name]())) as { ok: boolean; error?: string };
        expect(result.ok, `${name} as staff`).toBe(false);
        expect(result.error).toMatch(/administrator/i);
      }
    }
    expect(await snapshot()).toBe(before);
    expect(revalidated).toEqual([]);

    // The staff part works with the same session: products, orders and the order list export.
    const { createProductAction } = await import("@/features/catalog/admin-actions");
    const { shipOrderAction } = await import("@/features/orders/admin-actions");
    const staffProduct = { titleEn: "Staff product", variants: [{ titleEn: "One", sku: "STAFF-1", priceCents: 100, manageInventory: true, stock: 1 }] };
    for (const [name, call] of [
      ["createProductAction", () => createProductAction(staffProduct)],
      ["shipOrderAction", () => shipOrderAction(orderId, { carrier: "seur", trackingNumber: "STAFF1" })],
    ] as const) {
      expect(await call(), name).toMatchObject({ ok: true });
      allowed.push(name);
    }
    expect(allowed.every((name) => staffActions.has(name))).toBe(true);
    // Returns are staff's too (decision 0380): an unknown return is refused as unknown, not for the missing right.
    const { approveReturnAction, refundOrderAction } = await import("@/features/returns/admin-actions");
    const approved = await approveReturnAction(987654);
    expect(approved.ok).toBe(false);
    expect((approved as { error?: string }).error).not.toMatch(/administrator/i);
    const typedRefund = await refundOrderAction(samples.refundOrderAction()[0]);
    expect((typedRefund as { error?: string }).error).toMatch(/administrator/i);
    const { GET } = await import("@/app/api/admin/orders.csv/route");
    const csv = await GET(new Request("http://localhost:3000/api/admin/orders.csv", { headers: { cookie } }));
    expect(csv.status).toBe(200);
    // Staff pack the parcels: the packing slip is theirs too (docs/product.md#packing-slip).
    const slip = await import("@/app/api/admin/orders/[orderId]/packing-slip.pdf/route");
    const pdf = await slip.GET(new Request(`http://localhost:3000/api/admin/orders/${orderId}/packing-slip.pdf`, { headers: { cookie } }), { params: Promise.resolve({ orderId: String(orderId) }) });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    revalidated.length = 0;
  });

  it("the same calls succeed for an admin (so the refusals above come from the missing admin right, not bad input)", async () => {
    await setAdminFlag(database.db, customerId, true);
    callAs(customerCookie);
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
