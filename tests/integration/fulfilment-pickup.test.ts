import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { actor, auditActions, mailsTo, orderEventTypes, shippedOrder } from "./fulfilment-fixtures";
import type { Db } from "@/server/db/client";
import { orders, type OrderShippingMethod } from "@/server/db/schema/orders";
import { orderShipments } from "@/server/db/schema/tracking";
import { resetSettingsForTests } from "@/server/env";
import { shipOrder } from "@/features/orders/admin-service";
import { markPickedUp, markReadyForPickup } from "@/features/orders/pickup";
import { pickupState } from "@/features/orders/pickup-state";
import { requestReturn } from "@/features/returns/service";

/* docs/product.md#local-pickup: shipping without tracking; local pickup ready → picked up, with their emails. */

const pickupMethod: OrderShippingMethod = {
  methodId: 1,
  zoneId: 1,
  kind: "pickup",
  nameEn: "Pick up at the workshop",
  nameEs: "Recogida en el taller",
  deliveryEn: "",
  deliveryEs: "",
  pickupAddress: "Calle Mayor 1, Madrid",
  pickupHoursEn: "Mon–Fri 10:00–18:00",
  pickupHoursEs: "Lun–Vie 10:00–18:00",
  priceCents: 0,
  weightGrams: 0,
};

async function pickupOrder(db: Db, opts: { locale?: string; paid?: boolean } = {}) {
  const made = await shippedOrder(db, { locale: opts.locale, status: "completed" });
  const [order] = await db
    .update(orders)
    .set({ shippingMethod: pickupMethod, ...(opts.paid === false ? { status: "pending" as const, paidAt: null } : {}) })
    .where(eq(orders.id, made.order.id))
    .returning();
  return { ...made, order };
}

async function orderRow(db: Db, id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

describeOnEachDatabase("fulfilment without tracking and local pickup", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    delete process.env.SMTP_URL;
    resetSettingsForTests();
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("ships with no carrier or number: shipped, no parcel stored, the shipped email has no tracking line or link, audited", async () => {
    const { db } = database;
    const { order } = await shippedOrder(db, { status: "completed" });
    await shipOrder(db, actor, order.id, { carrier: "none" });
    expect((await orderRow(db, order.id)).status).toBe("shipped");
    expect(await db.select().from(orderShipments).where(eq(orderShipments.orderId, order.id))).toEqual([]);
    const [mail] = await mailsTo(db, order.email, "order-shipped");
    expect(mail.subject).toContain(`#${order.id}`);
    expect(mail.text).not.toMatch(/tracking|Track/i);
    expect(mail.html).not.toMatch(/tracking|Track/i);
    const [audit] = await auditActions(db, "order", String(order.id));
    expect(audit).toMatchObject({ action: "ship", after: { status: "shipped", tracking: null } });
    // A carrier named with no number is still refused: "none" is the only way to ship without one.
    const other = await shippedOrder(db, { status: "completed" });
    await expect(shipOrder(db, actor, other.order.id, { carrier: "seur", trackingNumber: "" })).rejects.toMatchObject({ code: "trackingNumberRequired" });
  });

  it("a paid pickup order: ready for pickup (Spanish email with address and hours) then picked up (thanks email); shipped_at is the pickup", async () => {
    const { db } = database;
    const { order, shopper, lines } = await pickupOrder(db, { locale: "es" });
    expect(pickupState(order)).toBe("awaiting");
    await markReadyForPickup(db, actor, order.id);
    const ready = await orderRow(db, order.id);
    expect(ready.status).toBe("completed");
    expect(pickupState(ready)).toBe("ready");
    const [readyMail] = await mailsTo(db, order.email, "order-pickup-ready");
    expect(readyMail.subject).toContain("listo para recoger");
    expect(readyMail.text).toContain("Recógelo en: Calle Mayor 1, Madrid");
    expect(readyMail.text).toContain("Horario: Lun–Vie 10:00–18:00");
    expect(readyMail.html).toContain("Calle Mayor 1, Madrid");
    // A second click is refused and sends nothing more.
    await expect(markReadyForPickup(db, actor, order.id)).rejects.toMatchObject({ code: "pickupAlreadyReady" });

    const before = Date.now();
    await markPickedUp(db, actor, order.id);
    const picked = await orderRow(db, order.id);
    expect(picked.status).toBe("shipped");
    expect(picked.shippedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(pickupState(picked)).toBe("pickedUp");
    const [thanks] = await mailsTo(db, order.email, "order-picked-up");
    expect(thanks.subject).toContain("Gracias por recoger");
    expect(await mailsTo(db, order.email, "order-shipped")).toEqual([]);
    expect(await mailsTo(db, order.email, "order-pickup-ready")).toHaveLength(1);
    expect(await orderEventTypes(db, order.id)).toEqual(["ready_for_pickup", "status_changed"]);
    expect((await auditActions(db, "order", String(order.id))).map((a) => a.action)).toEqual(["ready_for_pickup", "picked_up"]);
    await expect(markPickedUp(db, actor, order.id)).rejects.toMatchObject({ code: "illegalTransition" });
    // Returns behave as after shipping: the window counts from the pickup.
    const returned = await requestReturn(db, shopper.id, { orderId: order.id, reason: "Too small", lines: [{ orderLineId: lines[0].id, quantity: 1 }] });
    expect(returned.orderId).toBe(order.id);
  });

  it("refuses ready for pickup on a non-pickup order or an unpaid one, and picked up before ready, changing nothing", async () => {
    const { db } = database;
    const parcel = await shippedOrder(db, { status: "completed" });
    await expect(markReadyForPickup(db, actor, parcel.order.id)).rejects.toMatchObject({ code: "notPickup" });
    await expect(markPickedUp(db, actor, parcel.order.id)).rejects.toMatchObject({ code: "notPickup" });
    const unpaid = await pickupOrder(db, { paid: false });
    await expect(markReadyForPickup(db, actor, unpaid.order.id)).rejects.toMatchObject({ code: "pickupNotPaid" });
    const notReady = await pickupOrder(db);
    await expect(markPickedUp(db, actor, notReady.order.id)).rejects.toMatchObject({ code: "pickupNotReady" });
    for (const id of [parcel.order.id, unpaid.order.id, notReady.order.id]) {
      const row = await orderRow(db, id);
      expect(row.readyForPickupAt).toBeNull();
      expect(row.shippedAt).toBeNull();
      expect(await auditActions(db, "order", String(id))).toEqual([]);
    }
    for (const made of [parcel, unpaid, notReady]) expect(await mailsTo(db, made.order.email)).toEqual([]);
  });
});

describe("pickup state in words", () => {
  it("is null for a parcel order and for a pending or cancelled pickup order", () => {
    expect(pickupState({ status: "completed", shippingMethod: { kind: "flat" }, readyForPickupAt: null })).toBeNull();
    expect(pickupState({ status: "pending", shippingMethod: { kind: "pickup" }, readyForPickupAt: null })).toBeNull();
    expect(pickupState({ status: "cancelled", shippingMethod: { kind: "pickup" }, readyForPickupAt: new Date() })).toBeNull();
  });
});
