import { existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { eq, like, sql } from "drizzle-orm";
import "../helpers/shop-test-env";
import { callAs, revalidated } from "../helpers/signed-in-caller";

// Settings read once, before anything imports them: the demo art is rendered into this DATA_DIR's uploads.
const dataDir = vi.hoisted(() => {
  const dir = `${process.env.TMPDIR ?? "/tmp"}/vitrina-clean-start-${process.pid}`;
  process.env.DATA_DIR = dir;
  return dir;
});
// The server action's request: each case sets the cookie it sends (`revalidated`: what it asked to expire).
vi.mock("next/headers", () => import("../helpers/signed-in-caller"));
vi.mock("next/cache", () => import("../helpers/signed-in-caller"));

import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { signUpWithSession } from "../helpers/auth-session";
import { setDatabaseForTests } from "@/server/db/client";
import { queryRows } from "@/server/db/rows";
import { seedDatabase } from "@/features/demo-shop/seed";
import { setAdminFlag } from "@/features/accounts/service";
import { addAddress } from "@/features/addresses/service";
import { createCheckout } from "@/features/checkout/service";
import { payDemoSessionWithAddress } from "@/features/checkout/demo-payment/demo-payment";
import { issueInvoiceInTx } from "@/features/invoices/service";
import { subscribe } from "@/features/newsletter/service";
import { requestReturn } from "@/features/returns/service";
import { subscribeToStock } from "@/features/stock-alerts/service";
import { saveShipment } from "@/features/tracking/service";
import { removeDemoDataAction } from "@/features/demo-data/actions";
import { DEMO_REMOVED_ACTION } from "@/features/demo-data/service";
import { categories, productCategories, products, variants } from "@/server/db/schema/catalog";
import { profiles } from "@/server/db/schema/auth";
import { auditLog } from "@/server/db/schema/operations";
import { checkoutInput, demoProvider, insertProduct, insertUser, shipFree, stockOf } from "./checkout-fixtures";
import { shippedOrder } from "./fulfilment-fixtures";

/* docs/product.md#a-clean-start: "Remove demo data" through its server action, on both databases. */

// checkout-fixtures sets BASE_URL to this address.
const shop = "http://shop.test";
const countries = ["ES"];
const home = { firstName: "Ana", lastName: "García", phone: "+34 600 111 222", address: "Calle Mayor 1", city: "Madrid", state: "", zipCode: "28013", country: "ES" };
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Rows per table that a removal must empty, keep or leave alone. */
const tables = [
  "products",
  "variants",
  "product_images",
  "categories",
  "product_categories",
  "listed_variants",
  "stock_ledger",
  "orders",
  "order_lines",
  "order_events",
  "payment_sessions",
  "order_emails",
  "invoices",
  "invoice_counters",
  "returns",
  "return_lines",
  "order_shipments",
  "stock_alerts",
  "newsletter_subscribers",
  "customer_addresses",
  "user",
  "session",
  "profiles",
  "pages",
  "tax_settings",
  "promotions",
] as const;

async function counts(db: TestDatabase["db"]): Promise<Record<(typeof tables)[number], number>> {
  const select = tables.map((table) => `(select count(*)::int from "${table}") as "${table}"`).join(", ");
  const [row] = await queryRows<Record<(typeof tables)[number], number>>(db, sql.raw(`select ${select}`));
  return row;
}

describeOnEachDatabase("a clean start: remove demo data", (kind) => {
  let t: TestDatabase;
  let adminCookie = "";
  let customerCookie = "";
  let adminId = "";
  let staffId = "";
  let mine: { productId: string; variantId: string };
  let reserved: { productId: string; variantId: string };
  const demoArt = path.join(dataDir, "uploads", "demo");

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForTests(t.db);
    await seedDatabase(t.db, { uploadsDir: path.join(dataDir, "uploads") });
    await shipFree(t.db);

    const admin = await signUpWithSession(shop, { name: "Ada Admin", email: `ada-${kind}@example.com`, address: "203.0.113.20" });
    await setAdminFlag(t.db, admin.id, true);
    adminId = admin.id;
    adminCookie = admin.cookie;
    const staff = await insertUser(t.db);
    await t.db.insert(profiles).values({ id: staff.id, email: staff.email, isStaff: true });
    staffId = staff.id;

    // The merchant's own product, in a demo category and in one of their own; a second one a pending order holds.
    mine = await insertProduct(t.db, { stock: 5 });
    reserved = await insertProduct(t.db, { stock: 5 });
    await t.db.insert(categories).values({ id: "cat_mine", slug: "mine", nameEn: "Mine" });
    await t.db.insert(productCategories).values([
      { productId: mine.productId, categoryId: "cat_mine" },
      { productId: mine.productId, categoryId: "cat_demo_handbags" },
    ]);

    // A customer with a session, an address, a paid order (invoiced) and a newsletter subscription.
    const customer = await signUpWithSession(shop, { name: "Carla Customer", email: `carla-${kind}@example.com`, address: "203.0.113.21" });
    customerCookie = customer.cookie;
    const carla = { id: customer.id, email: `carla-${kind}@example.com` };
    await addAddress(t.db, carla.id, home, countries);
    const paid = await createCheckout(t.db, checkoutInput(carla, [{ variantId: "var_demo_01_a", quantity: 1 }]), demoProvider());
    await payDemoSessionWithAddress(t.db, paid.sessionId, carla.id, home, countries, { enqueueConfirmation: async () => {} });
    await subscribe(t.db, { email: carla.email, locale: "en" }, "198.51.100.7", { baseUrl: shop, storeName: "Vitrina" });
    await subscribe(t.db, { email: `guest-${kind}@example.com`, locale: "es" }, "198.51.100.8", { baseUrl: shop, storeName: "Vitrina" });

    // A pending order holding 2 of the merchant's units; a shipped order with its parcel and a return.
    const waiting = await insertUser(t.db);
    await createCheckout(t.db, checkoutInput(waiting, [{ variantId: reserved.variantId, quantity: 2 }]), demoProvider());
    expect(await stockOf(t.db, reserved.variantId)).toBe(3);
    const shipped = await shippedOrder(t.db);
    await saveShipment(t.db, shipped.order.id, { carrier: "seur", trackingNumber: "TRK1", trackingUrl: "" });
    await requestReturn(t.db, shipped.shopper.id, { orderId: shipped.order.id, reason: "Too small", lines: [{ orderLineId: shipped.lines[0].id, quantity: 1 }] });
    await t.db.transaction((tx) => issueInvoiceInTx(tx, shipped.order.id));
    await subscribeToStock(t.db, { variantId: shipped.variantB, locale: "en", signedIn: null, email: `waiting-${kind}@example.com` });
  });
  afterAll(async () => {
    setDatabaseForTests(undefined);
    await t?.close();
  });

  it("refuses a customer and a wrong confirmation, and changes nothing", async () => {
    revalidated.length = 0;
    const before = await counts(t.db);
    expect(before.orders).toBe(3);
    expect(before.invoices).toBeGreaterThan(0);
    expect(before.returns).toBe(1);

    callAs(customerCookie);
    const asCustomer = await removeDemoDataAction({ confirmation: "REMOVE" });
    expect(asCustomer).toMatchObject({ ok: false, error: expect.stringMatching(/administrator/i) });

    callAs(adminCookie);
    const wrongWord = await removeDemoDataAction({ confirmation: "remove please" });
    expect(wrongWord).toMatchObject({ ok: false, field: "confirmation", error: expect.stringContaining("REMOVE") });
    expect(await removeDemoDataAction({ confirmation: "" })).toMatchObject({ ok: false, field: "confirmation" });

    expect(await counts(t.db)).toEqual(before);
    expect(revalidated).toEqual([]);
  });

  it("removes the demo catalog, orders and customers in one go; keeps admins, staff, settings and the merchant's own products", async () => {
    const before = await counts(t.db);
    const demoProducts = (await t.db.select({ id: products.id }).from(products).where(like(products.id, "prod\\_demo\\_%"))).length;
    expect(demoProducts).toBeGreaterThan(10);
    expect(readdirSync(demoArt).length).toBeGreaterThan(0);

    callAs(adminCookie);
    const result = await removeDemoDataAction({ confirmation: " BORRAR " });
    expect(result).toEqual({ ok: true, value: expect.objectContaining({ products: demoProducts, orders: 3, returns: 1, customers: 3 }) });
    expect(revalidated).toContain("catalog");

    const after = await counts(t.db);
    expect(after).toMatchObject({
      // The merchant's four products (two here, two of the shipped order) and their category stay; every demo row goes.
      products: 4,
      variants: 4,
      product_images: 0,
      categories: 1,
      product_categories: 1,
      orders: 0,
      order_lines: 0,
      order_events: 0,
      payment_sessions: 0,
      order_emails: 0,
      invoices: 0,
      invoice_counters: 0,
      returns: 0,
      return_lines: 0,
      order_shipments: 0,
      stock_alerts: 0,
      newsletter_subscribers: 0,
      customer_addresses: 0,
      // Only the admin and the staff account are left, and only the admin's session.
      user: 2,
      profiles: 2,
      session: 1,
      // Settings and content other domains own are left alone.
      pages: before.pages,
      tax_settings: before.tax_settings,
      promotions: before.promotions,
    });
    expect((await t.db.select({ id: profiles.id }).from(profiles).orderBy(profiles.id)).map((p) => p.id).sort()).toEqual([adminId, staffId].sort());
    // Stock history of the demo is gone; the pending order's units went back to the merchant's product first.
    expect(await queryRows(t.db, sql`select 1 from stock_ledger where product_id like 'prod\\_demo\\_%'`)).toEqual([]);
    expect(await stockOf(t.db, reserved.variantId)).toBe(5);
    expect((await t.db.select().from(variants).where(eq(variants.id, mine.variantId))).length).toBe(1);
    // The storefront's counts follow: the store lists the merchant's products only.
    expect(await queryRows(t.db, sql`select listed from catalog_listing_counts where scope = 'store'`)).toEqual([{ listed: 4 }]);
    // Audit-logged with what went; the demo's pictures are deleted from this instance's storage.
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, DEMO_REMOVED_ACTION));
    expect(audit.map((a) => [a.actorUserId, (a.after as { orders: number }).orders])).toEqual([[adminId, 3]]);
    expect(existsSync(demoArt) ? readdirSync(demoArt) : []).toEqual([]);
  });

  it("a second removal is harmless, and the next invoice is number 1 of its series", async () => {
    const before = await counts(t.db);
    callAs(adminCookie);
    const again = await removeDemoDataAction({ confirmation: "REMOVE" });
    expect(again).toEqual({ ok: true, value: { products: 0, categories: 0, orders: 0, invoices: 0, returns: 0, customers: 0, subscribers: 0 } });
    expect(await counts(t.db)).toEqual(before);

    const shipped = await shippedOrder(t.db);
    const invoice = await t.db.transaction((tx) => issueInvoiceInTx(tx, shipped.order.id));
    const [row] = await queryRows<{ number: string; sequence: number }>(t.db, sql`select number, sequence from invoices where id = ${invoice.id}`);
    expect(row.sequence).toBe(1);
    expect(row.number).toMatch(/^\d{4}-0*1$/);
  });
});
