import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { createCheckout } from "@/features/checkout/service";
import { payDemoSessionWithAddress } from "@/features/checkout/demo-payment/demo-payment";
import { checkOrderExtras, ORDER_NOTE_MAX } from "@/features/checkout/order-extras";
import { documentsForOrder } from "@/features/invoices/service";
import { renderInvoicePdf } from "@/features/invoices/invoice-pdf";
import { packingSlipOf, renderPackingSlipPdf } from "@/features/orders/packing-slip";
import { formatMessage } from "@/i18n/server-translator";
import { mailOutbox } from "@/server/db/schema/operations";
import { checkoutInput, demoProvider, insertProduct, insertUser, orderById, shipFree } from "./checkout-fixtures";

/** A PDF's text as pdftotext (poppler) reads it. */
function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), "extras-pdf-"));
  writeFileSync(join(dir, "doc.pdf"), pdf);
  return execFileSync("pdftotext", ["-layout", join(dir, "doc.pdf"), "-"], { encoding: "utf8" });
}

const countries = ["ES", "MX", "US", "DE"];
const madrid = { firstName: "Ana", lastName: "García", phone: "+34 600 111 222", address: "Calle Mayor 1", city: "Madrid", state: "", zipCode: "28013", country: "ES" };

it("checks the extras on their own: lengths, the tax id's format per country, blanks as none", () => {
  expect(checkOrderExtras({ orderNote: "  ", companyName: "", taxId: "" }, "ES")).toEqual({ ok: true, extras: { orderNote: null, companyName: null, taxId: null } });
  expect(checkOrderExtras(undefined, "ES")).toEqual({ ok: true, extras: { orderNote: null, companyName: null, taxId: null } });
  expect(checkOrderExtras({ taxId: "b 12345674" }, "ES")).toMatchObject({ ok: true, extras: { taxId: "B12345674" } });
  expect(checkOrderExtras({ taxId: "B12345675" }, "ES")).toEqual({ ok: false, fieldErrors: { taxId: "taxId.es" } });
  expect(checkOrderExtras({ taxId: "GODE561331GR8" }, "MX")).toEqual({ ok: false, fieldErrors: { taxId: "taxId.mx" } });
  expect(checkOrderExtras({ taxId: "123456789" }, "DE")).toEqual({ ok: false, fieldErrors: { taxId: "taxId.eu" } });
  expect(checkOrderExtras({ taxId: "<script>" }, "US")).toEqual({ ok: false, fieldErrors: { taxId: "taxId.other" } });
  expect(checkOrderExtras({ orderNote: "x".repeat(ORDER_NOTE_MAX + 1), companyName: 42 }, "ES")).toEqual({ ok: false, fieldErrors: { orderNote: "tooLong", companyName: "tooLong" } });
  // Each refusal reads in both languages and names the expected format.
  expect(formatMessage("en", "checkout", "extras.errors.taxId.es")).toContain("NIF, NIE or CIF");
  expect(formatMessage("es", "checkout", "extras.errors.taxId.es")).toContain("NIF, NIE o CIF");
  expect(formatMessage("es", "checkout", "extras.errors.taxId.mx")).toContain("RFC");
});

describeOnEachDatabase("checkout extras", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await shipFree(t.db);
  });
  afterAll(async () => t?.close());

  const pendingOrder = async (shopper: { id: string; email: string } | null, email = `guest-${kind}@example.com`) => {
    const { variantId } = await insertProduct(t.db, { stock: 3 });
    const input = shopper ? checkoutInput(shopper, [{ variantId, quantity: 1 }], "es") : { ...checkoutInput({ id: "x", email }, [{ variantId, quantity: 1 }], "es"), userId: null };
    return createCheckout(t.db, input, demoProvider(), { guestCheckout: true });
  };

  it("refuses a bad tax id for the address's country and changes nothing", async () => {
    const shopper = await insertUser(t.db);
    const checkout = await pendingOrder(shopper);
    const result = await payDemoSessionWithAddress(t.db, checkout.sessionId, shopper.id, madrid, countries, {}, { companyName: "Acme SL", taxId: "B12345675", orderNote: "Ring twice" });
    expect(result).toEqual({ kind: "invalid_extras", fieldErrors: { taxId: "taxId.es" } });
    const order = await orderById(t.db, checkout.orderId);
    expect(order).toMatchObject({ status: "pending", shippingAddress: null, orderNote: null, companyName: null, taxId: null });
    // A stranger learns nothing about the session from the refusal.
    const stranger = await insertUser(t.db);
    expect(await payDemoSessionWithAddress(t.db, checkout.sessionId, stranger.id, madrid, countries, {}, { taxId: "nope" })).toEqual({ kind: "not_found" });
  });

  it("stores a guest's extras with the payment: on the order, the invoice's buyer, the confirmation and the packing slip", async () => {
    const email = `company-${kind}@example.com`;
    const checkout = await pendingOrder(null, email);
    const extras = { companyName: "  Acme   Iberia SL ", taxId: "b 12345674", orderNote: "Leave it with the porter.\nThanks!" };
    const paid = await payDemoSessionWithAddress(t.db, checkout.sessionId, { guestOrderId: checkout.orderId }, madrid, countries, {}, extras);
    expect(paid.kind).toBe("redirect");
    const order = await orderById(t.db, checkout.orderId);
    expect(order).toMatchObject({ status: "completed", companyName: "Acme Iberia SL", taxId: "B12345674", orderNote: "Leave it with the porter.\nThanks!" });

    const [invoice] = (await documentsForOrder(t.db, order.id)).filter((d) => d.kind === "invoice");
    expect(invoice.buyer).toMatchObject({ name: "Ana García", company: "Acme Iberia SL", taxId: "B12345674" });
    const text = pdfText(await renderInvoicePdf(invoice));
    expect(text).toContain("Acme Iberia SL");
    expect(text).toContain("NIF: B12345674");
    expect(text).toContain("Ana García");

    const [mail] = await t.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, "order-confirmation")));
    expect(mail.text).toContain("Factura a nombre de: Acme Iberia SL");
    expect(mail.text).toContain("Identificación fiscal: B12345674");
    expect(mail.text).toContain("Tu nota: Leave it with the porter.");

    const slip = pdfText(await renderPackingSlipPdf((await packingSlipOf(t.db, order.id))!));
    expect(slip).toContain("Nota del pedido");
    expect(slip).toContain("Leave it with the porter.");
  });

  it("keeps an order without extras as before", async () => {
    const shopper = await insertUser(t.db);
    const checkout = await pendingOrder(shopper);
    expect((await payDemoSessionWithAddress(t.db, checkout.sessionId, shopper.id, madrid, countries, { enqueueConfirmation: async () => {} })).kind).toBe("redirect");
    expect(await orderById(t.db, checkout.orderId)).toMatchObject({ status: "completed", orderNote: null, companyName: null, taxId: null });
  });
});
