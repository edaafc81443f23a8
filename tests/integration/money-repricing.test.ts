import { afterAll, beforeAll, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { createCheckout } from "@/features/checkout/service";
import { quoteCart } from "@/features/checkout/cart-quote";
import { payDemoSessionWithAddress, repriceDemoSession } from "@/features/checkout/demo-payment/demo-payment";
import { paymentOrderFor } from "@/features/checkout/payment-order";
import { deletePromotion, setPromotionActive } from "@/features/promotions/admin-service";
import { PromotionAdminError } from "@/features/promotions/promotion-errors";
import { promotions } from "@/server/db/schema/promotions";
import { orderEvents, orderLines } from "@/server/db/schema/orders";
import { auditLog, mailOutbox } from "@/server/db/schema/operations";
import { taxSettings } from "@/server/db/schema/taxes";
import { invoices } from "@/server/db/schema/invoices";
import { checkoutInput, demoProvider, insertProduct, insertUser, orderById } from "./checkout-fixtures";

const actor = { userId: "usr_admin", email: "admin@example.com" };
const options = { sweepIntervalMs: 3_600_000 };
const countries = ["US", "ES", "MX", "FR", "DE", "GB"];
const noMail = { enqueueConfirmation: async () => {} };
const address = (country: string) => ({ firstName: "Ana", lastName: "García", phone: "+34 600 123 456", address: "Calle Mayor 1", city: "Madrid", state: "", zipCode: "28013", country });

describeOnEachDatabase("payment page re-pricing and deleting discounts", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(() => t?.close());

  async function spanishCheckout(extra: { code?: string; priceCents?: number } = {}) {
    const shopper = await insertUser(t.db);
    const { variantId } = await insertProduct(t.db, { priceCents: extra.priceCents ?? 2000, stock: 50 });
    const input = { ...checkoutInput(shopper, [{ variantId, quantity: 2 }], "es"), discountCode: extra.code };
    return { shopper, checkout: await createCheckout(t.db, input, demoProvider(), options) };
  }

  it("an address in another country re-prices the pending order (tax lines, lines, total) and shows it before paying", async () => {
    await t.db.update(taxSettings).set({ pricesIncludeTax: false }).where(eq(taxSettings.id, 1));
    try {
      const [promo] = await t.db.insert(promotions).values({ code: `REPRICE${kind}`, nameEn: "Ten", kind: "percent", value: 1000 }).returning();
      const { shopper, checkout } = await spanishCheckout({ code: promo.code! });
      // ES, excl.: 4000 − 400 = 3600 + 21 % (756); shipping 495 + 21 % (103.95 → 104)
      expect(await orderById(t.db, checkout.orderId)).toMatchObject({ taxCountry: "ES", discountCents: 400, taxCents: 860, totalCents: 4955 });

      // Paying with a French address: nothing is charged, the order is now priced for France.
      const refused = await payDemoSessionWithAddress(t.db, checkout.sessionId, shopper.id, address("FR"), countries, noMail);
      expect(refused).toMatchObject({ kind: "repriced", totalCents: 4914 });
      const order = await orderById(t.db, checkout.orderId);
      // FR 20 %: 3600 → 720; shipping 495 → 99; the 10 % discount is the one the shopper saw
      expect(order).toMatchObject({ status: "pending", taxCountry: "FR", discountCents: 400, shippingCents: 495, taxCents: 819, shippingTaxCents: 99, totalCents: 4914 });
      expect(order.taxLines).toEqual([{ rateBp: 2000, taxCents: 819 }]);
      const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, checkout.orderId));
      expect(line).toMatchObject({ discountCents: 400, taxRateBp: 2000, taxCents: 720, totalCents: 4320 });
      const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, checkout.orderId));
      expect(events.find((e) => e.type === "repriced")?.note).toMatch(/Taxed for FR \(was ES\), shipping Standard shipping 495: total 4955 → 4914 EUR/);

      // Pay again with the same address: the amount seen is the amount charged, and the invoice says France's VAT.
      const paid = await payDemoSessionWithAddress(t.db, checkout.sessionId, shopper.id, address("FR"), countries, noMail);
      expect(paid.kind).toBe("redirect");
      expect(await orderById(t.db, checkout.orderId)).toMatchObject({ status: "completed", totalCents: 4914 });
      const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, checkout.orderId));
      expect(invoice.amounts).toMatchObject({ totalCents: 4914, taxCents: 819 });
    } finally {
      await t.db.update(taxSettings).set({ pricesIncludeTax: true }).where(eq(taxSettings.id, 1));
    }
  });

  it("choosing a country on the page re-prices at once; prices including tax keep the total and change the tax lines", async () => {
    const { shopper, checkout } = await spanishCheckout();
    expect(await repriceDemoSession(t.db, checkout.sessionId, shopper.id, "us", countries)).toMatchObject({ kind: "repriced", totalCents: 4495 });
    const order = await orderById(t.db, checkout.orderId);
    expect(order).toMatchObject({ taxCountry: "US", taxCents: 0, totalCents: 4495 });
    expect(order.taxLines).toEqual([]);
    // The same country again changes nothing; a country the shop does not ship to, or someone else's session, is refused.
    expect(await repriceDemoSession(t.db, checkout.sessionId, shopper.id, "US", countries)).toMatchObject({ kind: "unchanged", totalCents: 4495 });
    expect(await repriceDemoSession(t.db, checkout.sessionId, shopper.id, "JP", countries)).toEqual({ kind: "refused" });
    const stranger = await insertUser(t.db);
    expect(await repriceDemoSession(t.db, checkout.sessionId, stranger.id, "FR", countries)).toEqual({ kind: "not_found" });
    // Back to Spain: the order's amounts are exactly the checkout's again.
    await repriceDemoSession(t.db, checkout.sessionId, shopper.id, "ES", countries);
    expect(await orderById(t.db, checkout.orderId)).toMatchObject({ taxCountry: "ES", taxCents: 780, totalCents: 4495 });
  });

  it("the destination chosen in the drawer prices the estimate and the order; an address's own country wins", async () => {
    const shopper = await insertUser(t.db);
    const { variantId } = await insertProduct(t.db, { priceCents: 2000, stock: 50 });
    const items = [{ variantId, quantity: 2 }];
    const quote = await quoteCart(t.db, { items, code: null, country: "FR", countries, userId: shopper.id, locale: "en", now: new Date() });
    expect(quote).toMatchObject({ ok: true, country: "FR", countries });
    const checkout = await createCheckout(t.db, { ...checkoutInput(shopper, items, "en"), shippingCountry: "FR" }, demoProvider(), options);
    // 4000 incl. 20 % → net 3333.33 → 3333, tax 667; shipping 495 → net 412.5 → 413 (half-up), tax 82
    expect(await orderById(t.db, checkout.orderId)).toMatchObject({ taxCountry: "FR", taxCents: 749, totalCents: 4495 });
    const other = await insertUser(t.db);
    const withAddress = await createCheckout(t.db, { ...checkoutInput(other, items, "en"), shippingCountry: "FR", shippingAddress: address("DE") }, demoProvider(), options);
    expect(await orderById(t.db, withAddress.orderId)).toMatchObject({ taxCountry: "DE" });
  });

  it("the confirmation email carries the discount line and the tax per rate of the re-priced order, in its language", async () => {
    const [promo] = await t.db.insert(promotions).values({ code: `MAIL${kind}`, nameEn: "Welcome", nameEs: "Bienvenida", kind: "percent", value: 1000 }).returning();
    const { shopper, checkout } = await spanishCheckout({ code: promo.code! });
    await repriceDemoSession(t.db, checkout.sessionId, shopper.id, "FR", countries);
    expect((await payDemoSessionWithAddress(t.db, checkout.sessionId, shopper.id, address("FR"), countries)).kind).toBe("redirect");
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, shopper.email));
    // Spanish formatting puts no-break spaces in amounts and rates; read them as spaces.
    const text = mail.text.replace(/[\u00a0\u202f]/g, " ");
    // 4000 − 400 = 3600 incl. 20 % (tax 600) + shipping 495 (net 412.5 → 413, tax 82)
    expect(text).toContain(`Bienvenida (${promo.code!.toUpperCase()}): -4,00 €`);
    expect(text).toContain("IVA incl. 20 %: 6,82 €");
    expect(text).toContain("Total: 40,95 €");
    expect(mail.html.replace(/[\u00a0\u202f]/g, " ")).toContain("IVA incl. 20 %");
  });

  it("a hosted page that asks for the address itself (Stripe) may offer only the countries taxed like the order", async () => {
    const { checkout } = await spanishCheckout();
    const order = await orderById(t.db, checkout.orderId);
    // The demo page re-prices instead, so it gets no list.
    expect((await paymentOrderFor(t.db, order)).allowedShippingCountries).toBeUndefined();
    const payment = await paymentOrderFor(t.db, { ...order, paymentProvider: "stripe" });
    // The zone migration 0063 made from the default SHIPPING_COUNTRIES (sorted) and seeded rates: Spain (21 % / 10 %) and Canada (no row: the default 21 % / 10 %).
    // Argentina's reduced 10.5 % differs, so an Argentinian address could not be chosen on a Spanish-taxed session.
    expect(payment.allowedShippingCountries).toEqual(["CA", "ES"]);
  });

  it("deletes a discount no order used; one used by an order is refused with the reason and can be switched off", async () => {
    const [unused] = await t.db.insert(promotions).values({ code: `UNUSED${kind}`, nameEn: "Unused", kind: "fixed", value: 500 }).returning();
    await deletePromotion(t.db, actor, unused.id);
    expect(await t.db.select().from(promotions).where(eq(promotions.id, unused.id))).toEqual([]);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, String(unused.id)));
    expect(audit.map((a) => a.action)).toContain("promotion.delete");

    const [used] = await t.db.insert(promotions).values({ code: `USED${kind}`, nameEn: "Used", kind: "percent", value: 1000 }).returning();
    await spanishCheckout({ code: used.code! });
    const refusal = await deletePromotion(t.db, actor, used.id).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(PromotionAdminError);
    expect(refusal).toMatchObject({ code: "promotionInUse", params: { orders: 1 } });
    await setPromotionActive(t.db, actor, used.id, false);
    const [after] = await t.db.select().from(promotions).where(eq(promotions.id, used.id));
    expect(after).toMatchObject({ active: false, usedCount: 1 });
    await expect(deletePromotion(t.db, actor, 987654)).rejects.toMatchObject({ code: "promotionNotFound" });
  });
});
