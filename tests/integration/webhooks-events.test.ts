import { expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { describeOnEachDatabase } from "../helpers/test-database";
import { webhookTestbed } from "../helpers/webhook-testbed";
import { checkoutInput, demoProvider, insertProduct, insertUser, shipFree } from "./checkout-fixtures";
import { actor, recordingProvider, shippedOrder } from "./fulfilment-fixtures";
import { queryRows } from "@/server/db/rows";
import { webhookDeliveries, webhookEndpoints } from "@/server/db/schema/webhooks";
import { adminErrorMessage } from "@/features/admin/action-runner";
import { createCheckout } from "@/features/checkout/service";
import { payDemoSession } from "@/features/checkout/demo-payment/demo-payment";
import { createProduct } from "@/features/catalog/product-admin-service";
import { cancelOrder, markShipped } from "@/features/orders/service";
import { approveReturn, receiveAndRefundReturn, requestReturn } from "@/features/returns/service";
import { parseTracking, saveShipment } from "@/features/tracking/service";
import { createEndpoint, deleteEndpoint, pingEndpoint, rotateEndpointSecret, updateEndpoint } from "@/features/webhooks/admin-service";
import { webhookEventTypes } from "@/features/webhooks/events";
import { verifyWebhookSignature } from "@/features/webhooks/signature";

/*
 * Where webhook events come from (docs/product.md#webhooks): a payment, a shipment, a refund on cancel and on a
 * return, a product saved in the back-office; each queued in the change's own transaction. And the endpoints'
 * back-office rules: http(s) only in words in both languages, an event required, audit rows without the secret, the
 * test ping answered at once.
 */

describeOnEachDatabase("webhook events and endpoints", (kind) => {
  const bed = webhookTestbed(kind);
  const bodies = async (type: string) =>
    (await bed.db.select({ body: webhookDeliveries.body }).from(webhookDeliveries).where(eq(webhookDeliveries.eventType, type))).map(
      (r) => JSON.parse(r.body) as { id: string; type: string; data: Record<string, never> },
    );
  const listenToAll = () => createEndpoint(bed.db, actor, { url: bed.receiver.url, description: "", events: [...webhookEventTypes], enabled: true });


  it("a demo payment queues order.paid and shipping queues order.shipped with the parcel, in their own transactions", async () => {
    await listenToAll();
    const shopper = await insertUser(bed.db);
    const { variantId } = await insertProduct(bed.db, { stock: 5, priceCents: 2500 });
    await shipFree(bed.db);
    const checkout = await createCheckout(bed.db, checkoutInput(shopper, [{ variantId, quantity: 2 }]), demoProvider(), {});
    await payDemoSession(bed.db, checkout.sessionId, shopper.id, { enqueueConfirmation: async () => {} });
    const [paid] = await bodies("order.paid");
    expect(paid.data).toMatchObject({
      order: { id: checkout.orderId, status: "completed", email: shopper.email, currency: "EUR", totalCents: 5000, lines: [{ variantId, quantity: 2, unitPriceCents: 2500 }] },
    });

    await markShipped(bed.db, checkout.orderId, { userId: null, kind: "admin" }, async (tx) => {
      await saveShipment(tx, checkout.orderId, parseTracking({ carrier: "other", trackingNumber: "LOCAL-9", trackingUrl: "https://parcels.example/LOCAL-9" }));
      return null;
    });
    const [shipped] = await bodies("order.shipped");
    expect(shipped.data).toMatchObject({ order: { id: checkout.orderId, status: "shipped" }, shipment: { carrier: "other", trackingNumber: "LOCAL-9", trackingUrl: "https://parcels.example/LOCAL-9" } });
    expect(shipped.id).not.toBe(paid.id);
  });

  it("a payment queues order.paid once for every enabled endpoint that listens for it, under one event id, and for no other", async () => {
    const endpoint = (events: (typeof webhookEventTypes)[number][], enabled = true) => createEndpoint(bed.db, actor, { url: bed.receiver.url, description: "", events, enabled });
    await endpoint(["order.paid"], false);
    await endpoint(["order.shipped"]);
    const shopper = await insertUser(bed.db);
    const { variantId } = await insertProduct(bed.db, { stock: 5, priceCents: 1200 });
    const pay = async () => {
      await shipFree(bed.db);
      const checkout = await createCheckout(bed.db, checkoutInput(shopper, [{ variantId, quantity: 1 }]), demoProvider(), {});
      await payDemoSession(bed.db, checkout.sessionId, shopper.id, { enqueueConfirmation: async () => {} });
      return checkout.orderId;
    };
    await pay();
    expect(await bed.db.select().from(webhookDeliveries)).toEqual([]);

    const listening = [await endpoint(["order.paid"]), await endpoint([...webhookEventTypes])];
    const before = new Date();
    const orderId = await pay();
    const queued = await bed.db.select().from(webhookDeliveries).orderBy(webhookDeliveries.endpointId);
    expect(queued.map((d) => ({ endpointId: d.endpointId, eventType: d.eventType, status: d.status, eventId: d.eventId }))).toEqual(
      listening.map((e) => ({ endpointId: e.id, eventType: "order.paid", status: "pending", eventId: queued[0].eventId })),
    );
    expect(queued[1].body).toBe(queued[0].body);
    expect(JSON.parse(queued[0].body)).toMatchObject({ id: queued[0].eventId, type: "order.paid", data: { order: { id: orderId, status: "completed", totalCents: 1200 } } });
    // Due at once: the delivery worker posts it on its next pass.
    expect(queued[0].nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(queued[0].nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("cancelling a paid order and refunding a return queue order.refunded with the amount given back", async () => {
    await listenToAll();
    const cancelled = await shippedOrder(bed.db, { status: "completed" });
    const { provider } = recordingProvider();
    await cancelOrder(bed.db, cancelled.order.id, { userId: actor.userId, kind: "admin" }, { refund: true }, () => provider);

    const returned = await shippedOrder(bed.db);
    const request = await requestReturn(bed.db, returned.shopper.id, { orderId: returned.order.id, reason: "Too small", lines: [{ orderLineId: returned.lines[0].id, quantity: 1 }] });
    await approveReturn(bed.db, actor, request.id);
    await receiveAndRefundReturn(bed.db, actor, request.id, () => provider);

    const refunds = (await bodies("order.refunded")).map((b) => ({ order: b.data.order["id"], refund: b.data.refund }));
    expect(refunds).toEqual([
      { order: cancelled.order.id, refund: { amountCents: cancelled.order.totalCents, reason: "cancelled", throughProvider: true, currency: "EUR" } },
      { order: returned.order.id, refund: { amountCents: 2500, reason: "return", throughProvider: true, returnId: request.id, reference: `re_${returned.order.id}_return-${request.id}`, currency: "EUR" } },
    ]);
  });

  it("a product saved in the back-office queues product.updated with its variants; nothing is queued when no endpoint listens", async () => {
    const product = { titleEn: "Canvas Tote", titleEs: "Bolso de lona", variants: [{ titleEn: "Sand", sku: `WH-${kind}-1`, priceCents: 4900, manageInventory: true, stock: 5 }] };
    await createProduct(bed.db, actor, product, "EUR");
    expect(await bodies("product.updated")).toEqual([]);
    await listenToAll();
    const { id } = await createProduct(bed.db, actor, { ...product, variants: [{ ...product.variants[0], sku: `WH-${kind}-2` }] }, "EUR");
    const [saved] = await bodies("product.updated");
    expect(saved.data).toMatchObject({ change: "created", product: { id, titleEn: "Canvas Tote", variants: [{ sku: `WH-${kind}-2`, priceCents: 4900, stock: 5 }] } });
  });

  it("refuses addresses other than http(s) and endpoints without events, in words in both languages", async () => {
    const input = { url: "ftp://files.example.com/in", description: "", events: ["order.paid" as const], enabled: true };
    await expect(createEndpoint(bed.db, actor, input)).rejects.toMatchObject({ code: "webhookUrlInvalid", params: { url: "ftp://files.example.com/in" } });
    await expect(createEndpoint(bed.db, actor, { ...input, url: "not a url" })).rejects.toMatchObject({ code: "webhookUrlInvalid" });
    await expect(createEndpoint(bed.db, actor, { ...input, url: "https://erp.example.com/in", events: [] })).rejects.toMatchObject({ code: "webhookEventsRequired" });
    expect(adminErrorMessage("en", "webhookUrlInvalid", { url: "ftp://x" })).toBe(
      '"ftp://x" is not a web address the shop can send to. Use a full address starting with http:// or https://, such as https://example.com/hooks/vitrina.',
    );
    expect(adminErrorMessage("es", "webhookEventsRequired")).toBe("Elige al menos un evento para enviar a este destino.");
    expect(await bed.db.select().from(webhookEndpoints)).toEqual([]);
  });

  it("writes create, update, rotate, test and delete to the audit log without the secret; the test ping is answered at once and signed with the new secret", async () => {
    const created = await createEndpoint(bed.db, actor, { url: bed.receiver.url, description: "ERP", events: ["order.paid"], enabled: false });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    await updateEndpoint(bed.db, actor, created.id, { url: bed.receiver.url, description: "ERP (test)", events: ["order.paid", "order.shipped"], enabled: false });
    const { secret } = await rotateEndpointSecret(bed.db, actor, created.id);
    expect(secret).not.toBe(created.secret);

    const now = new Date();
    const options = { maxAttempts: 3, retryBaseMs: 60_000, timeoutMs: 5_000, leaseMs: 60_000, batch: 20, now: () => now };
    // A disabled endpoint can still be tested.
    expect(await pingEndpoint(bed.db, actor, created.id, options)).toEqual({ delivered: true, status: 200, error: null });
    const [ping] = bed.receiver.received;
    expect(JSON.parse(ping.body)).toMatchObject({ type: "ping", data: { endpointId: created.id } });
    expect(verifyWebhookSignature(secret, String(ping.headers["vitrina-signature"]), ping.body, Math.floor(now.getTime() / 1000))).toBe(true);
    expect(verifyWebhookSignature(created.secret, String(ping.headers["vitrina-signature"]), ping.body, Math.floor(now.getTime() / 1000))).toBe(false);

    await deleteEndpoint(bed.db, actor, created.id);
    expect(await bed.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, created.id))).toEqual([]);
    const audit = await queryRows<{ action: string; text: string }>(
      bed.db,
      sql`select action, coalesce(before::text, '') || coalesce(after::text, '') as text from audit_log where entity = 'webhook' and entity_id = ${String(created.id)} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(["create", "update", "rotate-secret", "test", "delete"]);
    for (const row of audit) {
      expect(row.text).not.toContain(created.secret);
      expect(row.text).not.toContain(secret);
    }
    await expect(updateEndpoint(bed.db, actor, created.id, { url: bed.receiver.url, events: ["order.paid"] } as never)).rejects.toMatchObject({ code: "webhookNotFound" });
  });
});
