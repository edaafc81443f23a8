import { afterAll, beforeAll, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { checkoutInput, demoProvider, insertProduct, insertUser, shipFree } from "./checkout-fixtures";
import { actor, mailsTo } from "./fulfilment-fixtures";
import { queryRows } from "@/server/db/rows";
import { profiles } from "@/server/db/schema/auth";
import { lowStockNotices, lowStockThresholds, stockAlerts } from "@/server/db/schema/stock-alerts";
import { products } from "@/server/db/schema/catalog";
import { resetSettingsForTests } from "@/server/env";
import { loadProductForAdmin, updateProduct } from "@/features/catalog/product-admin-service";
import { cancelPendingOrder, createCheckout } from "@/features/checkout/service";
import { confirmStockAlert, subscribeToStock, unsubscribeStockAlert } from "@/features/stock-alerts/service";
import { DIGEST_WINDOW_MS, sendLowStockDigest } from "@/features/stock-alerts/low-stock";
import { loadThresholds, saveThresholds } from "@/features/stock-alerts/thresholds";

/* docs/product.md#stock-alerts and #low-stock: subscriptions, one email per subscriber when stock returns, admin digests. */

async function backMails(db: TestDatabase["db"], to: string) {
  return mailsTo(db, to, "stock-alert-back");
}

async function restockThroughAdmin(db: TestDatabase["db"], productId: string, stock: number) {
  const form = (await loadProductForAdmin(db, productId, "EUR"))!;
  await updateProduct(db, actor, productId, { ...form.input, variants: form.input.variants.map((v) => ({ ...v, stock })) }, "EUR");
}

describeOnEachDatabase("stock alerts", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    delete process.env.SMTP_URL;
    process.env.LOW_STOCK_THRESHOLD = "2";
    resetSettingsForTests();
    database = await createTestDatabase(kind);
    await shipFree(database.db);
  });
  afterAll(async () => {
    delete process.env.LOW_STOCK_THRESHOLD;
    resetSettingsForTests();
    await database?.close();
  });

  it("signed in: one click; guest: confirmed by email first. An admin restock sends one email to each confirmed subscriber, in their language, and ends it", async () => {
    const { db } = database;
    const { productId, variantId } = await insertProduct(db, { stock: 0 });
    const member = await insertUser(db);
    expect(await subscribeToStock(db, { variantId, locale: "es", signedIn: { userId: member.id, email: member.email } })).toBe("subscribed");
    expect(await subscribeToStock(db, { variantId, locale: "es", signedIn: { userId: member.id, email: member.email } })).toBe("already_subscribed");

    const guest = `Guest.${kind}@Example.com`;
    expect(await subscribeToStock(db, { variantId, locale: "en", signedIn: null, email: guest })).toBe("confirmation_sent");
    // Asking again sends no second confirmation (an inbox cannot be flooded through this form).
    expect(await subscribeToStock(db, { variantId, locale: "en", signedIn: null, email: guest })).toBe("confirmation_sent");
    const confirmations = await mailsTo(db, guest.toLowerCase(), "stock-alert-confirm");
    expect(confirmations).toHaveLength(1);
    const token = /stock-alerts\/confirm\?token=([\w-]+)/.exec(confirmations[0].text)![1];
    const unconfirmed = `late.${kind}@example.com`;
    await subscribeToStock(db, { variantId, locale: "en", signedIn: null, email: unconfirmed });
    expect(await confirmStockAlert(db, token)).toBe(true);
    expect(await confirmStockAlert(db, "not-a-real-token-at-all-000")).toBe(false);

    await restockThroughAdmin(db, productId, 4);
    const memberMails = await backMails(db, member.email);
    expect(memberMails).toHaveLength(1);
    expect(memberMails[0].locale).toBe("es");
    expect(memberMails[0].subject).toContain("vuelve a estar disponible");
    // The email links to the product's Spanish address (decision 0370).
    const [{ slugEs }] = await db.select({ slugEs: products.slugEs }).from(products).where(eq(products.id, productId));
    expect(memberMails[0].text).toContain(`/es/product/${slugEs}`);
    expect(await backMails(db, guest.toLowerCase())).toHaveLength(1);
    // Never confirmed: no email.
    expect(await backMails(db, unconfirmed)).toHaveLength(0);

    // Sold out and restocked again: the ended subscriptions send nothing more.
    await restockThroughAdmin(db, productId, 0);
    await restockThroughAdmin(db, productId, 2);
    expect(await backMails(db, member.email)).toHaveLength(1);
    expect(await backMails(db, guest.toLowerCase())).toHaveLength(1);
  });

  it("a cancelled order's stock coming back tells the subscribers; unsubscribed addresses and in-stock variants are left alone", async () => {
    const { db } = database;
    const { variantId } = await insertProduct(db, { stock: 1 });
    expect(await subscribeToStock(db, { variantId, locale: "en", signedIn: null, email: `early.${kind}@example.com` }).catch((e) => e.code)).toBe("inStock");
    const buyer = await insertUser(db);
    const checkout = await createCheckout(db, checkoutInput(buyer, [{ variantId, quantity: 1 }]), demoProvider(), {});
    const waiting = await insertUser(db);
    const leaving = await insertUser(db);
    await subscribeToStock(db, { variantId, locale: "en", signedIn: { userId: waiting.id, email: waiting.email } });
    await subscribeToStock(db, { variantId, locale: "en", signedIn: { userId: leaving.id, email: leaving.email } });
    const [leavingRow] = await db.select().from(stockAlerts).where(eq(stockAlerts.email, leaving.email.toLowerCase()));
    await unsubscribeStockAlert(db, leavingRow.token);

    await cancelPendingOrder(db, checkout.orderId, { userId: buyer.id });
    expect(await backMails(db, waiting.email)).toHaveLength(1);
    expect(await backMails(db, leaving.email)).toHaveLength(0);
  });

  it("low stock: the first fall emails every admin at once; falls within the hour wait and go out as one digest", async () => {
    const { db } = database;
    // The earlier tests' restocks to 0 were falls too (reported to no admin): start this hour afresh.
    await db.delete(lowStockNotices);
    const admin = await insertUser(db, `admin.${kind}@example.com`);
    await db.insert(profiles).values({ id: admin.id, email: admin.email, isAdmin: true, locale: "es" });
    const adminEn = await insertUser(db, `admin-en.${kind}@example.com`);
    await db.insert(profiles).values({ id: adminEn.id, email: adminEn.email, isAdmin: true, locale: "en" });
    const a = await insertProduct(db, { stock: 3 });
    const b = await insertProduct(db, { stock: 3 });
    const c = await insertProduct(db, { stock: 10 });
    await db.insert(lowStockThresholds).values({ variantId: c.variantId, threshold: 8 });
    const buy = async (variantId: string, quantity: number) =>
      createCheckout(db, checkoutInput(await insertUser(db), [{ variantId, quantity }]), demoProvider(), {});

    await buy(a.variantId, 1); // 3 → 2: at the default threshold (2)
    let mails = await mailsTo(db, admin.email, "low-stock");
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain("Stock bajo: 1 variante");
    await buy(a.variantId, 1); // still low: no new notice
    await buy(b.variantId, 2); // 3 → 1
    await buy(c.variantId, 2); // 10 → 8: its own threshold
    expect(await mailsTo(db, admin.email, "low-stock")).toHaveLength(1);

    // Within the hour the sweep sends nothing; after it, one digest with both.
    await db.transaction((tx) => sendLowStockDigest(tx, new Date(Date.now() + 10 * 60_000)));
    expect(await mailsTo(db, admin.email, "low-stock")).toHaveLength(1);
    await db.transaction((tx) => sendLowStockDigest(tx, new Date(Date.now() + DIGEST_WINDOW_MS + 60_000)));
    mails = await mailsTo(db, admin.email, "low-stock");
    expect(mails).toHaveLength(2);
    // The whole subject, in each admin's language: the many-variants message with its count and the shop's name.
    expect(mails[1].subject).toBe("Stock bajo: 2 variantes · Vitrina");
    expect(mails[1].text).toContain("quedan 1");
    expect(mails[1].text).toContain("quedan 8");
    const english = await mailsTo(db, adminEn.email, "low-stock");
    expect(english.map((m) => m.subject)).toEqual(["Low stock: 1 variant · Vitrina", "Low stock: 2 variants · Vitrina"]);
    expect(english[1].text).toContain("1 left");
    const pending = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${lowStockNotices} where sent_at is null`);
    expect(pending[0].n).toBe(0);
  });

  it("per-variant thresholds: saved by an admin (audit-logged), empty means the default; another product's variant is refused", async () => {
    const { db } = database;
    const { productId, variantId } = await insertProduct(db, { stock: 20 });
    const other = await insertProduct(db, { stock: 20 });
    await saveThresholds(db, actor, { productId, thresholds: [{ variantId, threshold: 5 }] });
    expect((await loadThresholds(db, productId)).map((r) => r.threshold)).toEqual([5]);
    await expect(saveThresholds(db, actor, { productId, thresholds: [{ variantId: other.variantId, threshold: 1 }] })).rejects.toMatchObject({ code: "variantNotFound" });
    await saveThresholds(db, actor, { productId, thresholds: [{ variantId, threshold: null }] });
    expect((await loadThresholds(db, productId)).map((r) => r.threshold)).toEqual([null]);
    const audits = await queryRows<{ action: string }>(db, sql`select action from audit_log where entity = 'product' and entity_id = ${productId} order by id`);
    expect(audits.map((a) => a.action)).toEqual(["update-low-stock", "update-low-stock"]);
    expect(await db.select().from(lowStockThresholds).where(eq(lowStockThresholds.variantId, other.variantId))).toEqual([]);
  });
});
