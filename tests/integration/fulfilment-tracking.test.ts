import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { actor, auditActions, mailsTo, shippedOrder } from "./fulfilment-fixtures";
import { orders } from "@/server/db/schema/orders";
import { orderShipments } from "@/server/db/schema/tracking";
import { parseSettings, resetSettingsForTests } from "@/server/env";
import { shipOrder } from "@/features/orders/admin-service";
import { correctTracking, shipmentFor } from "@/features/tracking/service";
import { trackingLink } from "@/features/tracking/carriers";

/* docs/product.md#tracking: ship with carrier and number, the link in the shipped email, admin corrections audited. */

describe("tracking links", () => {
  it("fills each carrier's template with the number (URL-encoded); CARRIER_TRACKING_URLS overrides one; 'other' keeps its own address", () => {
    expect(trackingLink({ carrier: "seur", trackingNumber: "AB 12", trackingUrl: null }, undefined)).toBe("https://www.seur.com/livetracking/?segOnlineIdentificador=AB%2012");
    expect(trackingLink({ carrier: "ups", trackingNumber: "1Z9", trackingUrl: null }, "ups=https://ups.example/t/{tracking}")).toBe("https://ups.example/t/1Z9");
    expect(trackingLink({ carrier: "other", trackingNumber: "X1", trackingUrl: "https://track.example/X1" }, undefined)).toBe("https://track.example/X1");
  });

  it("refuses a malformed CARRIER_TRACKING_URLS at start-up", () => {
    expect(() => parseSettings({ CARRIER_TRACKING_URLS: "ups=javascript:alert(1)" })).toThrow(/CARRIER_TRACKING_URLS/);
    expect(() => parseSettings({ CARRIER_TRACKING_URLS: "acme=https://a.example/{tracking}" })).toThrow(/CARRIER_TRACKING_URLS/);
    expect(parseSettings({ CARRIER_TRACKING_URLS: "dhl=https://d.example/?n={tracking};mrw=https://m.example/{tracking}" }).CARRIER_TRACKING_URLS).toContain("dhl=");
  });
});

describeOnEachDatabase("shipping with tracking", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    delete process.env.SMTP_URL;
    delete process.env.CARRIER_TRACKING_URLS;
    resetSettingsForTests();
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("ships with carrier and number: the parcel is stored, the shipped email (in Spanish) carries the tracking link, the audit row has it", async () => {
    const { db } = database;
    const { order } = await shippedOrder(db, { locale: "es", status: "completed" });
    await shipOrder(db, actor, order.id, { carrier: "correos", trackingNumber: "PQ123ES" });
    expect(await shipmentFor(db, order.id)).toMatchObject({ carrier: "correos", trackingNumber: "PQ123ES", trackingUrl: null });
    const [mail] = await mailsTo(db, order.email, "order-shipped");
    expect(mail.text).toContain("Transportista: Correos · número de seguimiento PQ123ES");
    expect(mail.text).toContain("https://www.correos.es/es/es/herramientas/localizador/envios/detalle?tracking-number=PQ123ES");
    expect(mail.html).toContain('href="https://www.correos.es/es/es/herramientas/localizador/envios/detalle?tracking-number=PQ123ES"');
    const [audit] = await auditActions(db, "order", String(order.id));
    expect(audit).toMatchObject({ action: "ship", after: { status: "shipped", carrier: "correos", trackingNumber: "PQ123ES" } });
  });

  it("refuses a missing or odd number and an 'other' carrier without an https address, changing nothing", async () => {
    const { db } = database;
    const { order } = await shippedOrder(db, { status: "completed" });
    await expect(shipOrder(db, actor, order.id, { carrier: "seur", trackingNumber: "" })).rejects.toMatchObject({ code: "trackingNumberRequired" });
    await expect(shipOrder(db, actor, order.id, { carrier: "seur", trackingNumber: "<script>" })).rejects.toMatchObject({ code: "trackingNumberInvalid" });
    await expect(shipOrder(db, actor, order.id, { carrier: "other", trackingNumber: "X1", trackingUrl: "javascript:alert(1)" })).rejects.toMatchObject({ code: "trackingUrlInvalid" });
    await expect(shipOrder(db, actor, order.id, { carrier: "pigeon", trackingNumber: "X1" })).rejects.toMatchObject({ code: "carrierInvalid" });
    const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    expect(row.status).toBe("completed");
    expect(await db.select().from(orderShipments).where(eq(orderShipments.orderId, order.id))).toEqual([]);
    expect(await mailsTo(db, order.email)).toEqual([]);
  });

  it("an admin corrects the parcel of a shipped order (audit: before and after); an order not shipped has none to correct", async () => {
    const { db } = database;
    const { order } = await shippedOrder(db, { status: "completed" });
    await shipOrder(db, actor, order.id, { carrier: "seur", trackingNumber: "WRONG1" });
    await correctTracking(db, actor, order.id, { carrier: "other", trackingNumber: "RIGHT2", trackingUrl: "https://parcels.example/RIGHT2" });
    expect(await shipmentFor(db, order.id)).toMatchObject({ carrier: "other", trackingNumber: "RIGHT2", trackingUrl: "https://parcels.example/RIGHT2" });
    const audits = await auditActions(db, "order", String(order.id));
    expect(audits.at(-1)).toMatchObject({
      action: "update-tracking",
      before: { carrier: "seur", trackingNumber: "WRONG1", trackingUrl: null },
      after: { carrier: "other", trackingNumber: "RIGHT2", trackingUrl: "https://parcels.example/RIGHT2" },
    });
    const pending = await shippedOrder(db, { status: "completed" });
    await expect(correctTracking(db, actor, pending.order.id, { carrier: "ups", trackingNumber: "1Z" })).rejects.toMatchObject({ code: "trackingNotShipped" });
  });
});
