import { beforeEach, expect, it, vi } from "vitest";
import { eq, sql } from "drizzle-orm";

vi.hoisted(() => {
  process.env.LOG_LEVEL = "silent";
  process.env.BASE_URL = "http://shop.test";
});

import { describeOnEachDatabase } from "../helpers/test-database";
import { startWebhookReceiver } from "../helpers/webhook-receiver";
import { webhookTestbed } from "../helpers/webhook-testbed";
import { queryRows } from "@/server/db/rows";
import { webhookDeliveries, webhookEndpoints } from "@/server/db/schema/webhooks";
import { createEndpoint } from "@/features/webhooks/admin-service";
import { replayDelivery } from "@/features/webhooks/delivery-log";
import { deliverDueWebhooks, type WebhookDeliveryOptions } from "@/features/webhooks/delivery-worker";
import { enqueueWebhookEvent } from "@/features/webhooks/service";
import { signWebhook, verifyWebhookSignature } from "@/features/webhooks/signature";

/*
 * Outgoing webhooks (docs/product.md#webhooks) against a real database and a real receiver on 127.0.0.1: the signature
 * a receiver checks, retries with exponential backoff up to "failed", replay, timeouts, and several workers at once.
 * Time moves through the worker's clock, never by waiting.
 */

const actor = { userId: "usr_admin", email: "admin@example.com" };

describeOnEachDatabase("webhook delivery", (kind) => {
  const bed = webhookTestbed(kind);
  let clock: Date;
  const options = (extra: Partial<WebhookDeliveryOptions> = {}): WebhookDeliveryOptions => ({
    maxAttempts: 3,
    retryBaseMs: 60_000,
    timeoutMs: 5_000,
    leaseMs: 120_000,
    batch: 20,
    now: () => clock,
    ...extra,
  });
  const later = (ms: number) => (clock = new Date(clock.getTime() + ms));
  const rowOf = async (id: number) => (await bed.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0];
  const endpoint = async (events = ["order.paid"] as ("order.paid" | "product.updated")[], url = bed.receiver.url) =>
    createEndpoint(bed.db, actor, { url, description: "ERP", events, enabled: true });
  // Queued at the worker's clock, so it is due at once however long the test has run.
  const paid = (orderId: number) => enqueueWebhookEvent(bed.db, "order.paid", async () => ({ order: { id: orderId, totalCents: 4990 } }), clock);

  beforeEach(() => {
    clock = new Date();
  });

  it("signs each delivery: the receiver verifies t.body with the endpoint's secret; another secret, body or an old time fails", async () => {
    const { secret } = await endpoint();
    const eventId = await paid(1001);
    expect(await deliverDueWebhooks(bed.db, options())).toMatchObject({ delivered: [expect.any(Number)], retrying: [], failed: [] });

    expect(bed.receiver.received).toHaveLength(1);
    const [{ headers, body }] = bed.receiver.received;
    const signature = String(headers["vitrina-signature"]);
    const now = Math.floor(clock.getTime() / 1000);
    expect(signature).toBe(signWebhook(secret, body, now));
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(secret, signature, body, now)).toBe(true);
    expect(verifyWebhookSignature(`${secret}x`, signature, body, now)).toBe(false);
    expect(verifyWebhookSignature(secret, signature, body.replace("4990", "1"), now)).toBe(false);
    expect(verifyWebhookSignature(secret, signature, body, now + 301)).toBe(false);
    expect(headers["content-type"]).toBe("application/json");
    expect(headers["vitrina-event"]).toBe("order.paid");
    expect(headers["vitrina-event-id"]).toBe(eventId);
    expect(JSON.parse(body)).toEqual({ id: eventId, type: "order.paid", created: expect.any(String), data: { order: { id: 1001, totalCents: 4990 } } });
  });

  it("queues with the change only: a rolled-back transaction leaves no delivery; endpoints not listening or disabled get none", async () => {
    await endpoint(["product.updated"]);
    const off = await endpoint(["order.paid"]);
    await bed.db.update(webhookEndpoints).set({ enabled: false }).where(eq(webhookEndpoints.id, off.id));
    expect(await paid(1002)).toBeNull();
    const on = await endpoint(["order.paid"]);
    await expect(
      bed.db.transaction(async (tx) => {
        await enqueueWebhookEvent(tx, "order.paid", async () => ({ order: { id: 1003 } }));
        throw new Error("the payment's transaction failed");
      }),
    ).rejects.toThrow("failed");
    expect(await bed.db.select().from(webhookDeliveries)).toEqual([]);
    await paid(1004);
    expect((await bed.db.select().from(webhookDeliveries)).map((d) => d.endpointId)).toEqual([on.id]);
  });

  it("retries a failing receiver after 1×, 2× the base delay, then marks it failed with the answer; replay sends the same event again", async () => {
    await endpoint();
    const eventId = await paid(1005);
    bed.receiver.answer({ status: 503, body: "maintenance until noon" });
    const [{ delivered, retrying }] = [await deliverDueWebhooks(bed.db, options())];
    expect(delivered).toEqual([]);
    const id = retrying[0];
    let row = await rowOf(id);
    expect(row).toMatchObject({ status: "pending", attempts: 1, responseStatus: 503, responseExcerpt: "maintenance until noon", error: "HTTP 503" });
    expect(row.nextAttemptAt.getTime() - clock.getTime()).toBe(60_000);

    // Not due yet: nothing is tried before its time.
    later(59_000);
    expect(await deliverDueWebhooks(bed.db, options())).toEqual({ delivered: [], retrying: [], failed: [] });
    later(1_000);
    expect((await deliverDueWebhooks(bed.db, options())).retrying).toEqual([id]);
    row = await rowOf(id);
    expect(row.attempts).toBe(2);
    expect(row.nextAttemptAt.getTime() - clock.getTime()).toBe(120_000);
    later(120_000);
    expect((await deliverDueWebhooks(bed.db, options())).failed).toEqual([id]);
    expect(await rowOf(id)).toMatchObject({ status: "failed", attempts: 3, responseStatus: 503 });
    later(24 * 3600_000);
    expect(await deliverDueWebhooks(bed.db, options())).toEqual({ delivered: [], retrying: [], failed: [] });
    expect(bed.receiver.received).toHaveLength(3);

    // The receiver is back; the admin replays: the same event id and body, a fresh signature, audit-logged.
    bed.receiver.answer({ status: 204, body: "" });
    await replayDelivery(bed.db, actor, id, clock);
    expect(await rowOf(id)).toMatchObject({ status: "pending", attempts: 0 });
    expect((await deliverDueWebhooks(bed.db, options())).delivered).toEqual([id]);
    expect(await rowOf(id)).toMatchObject({ status: "delivered", attempts: 1, responseStatus: 204, error: null });
    expect(bed.receiver.received).toHaveLength(4);
    expect(new Set(bed.receiver.received.map((r) => r.headers["vitrina-event-id"]))).toEqual(new Set([eventId]));
    expect(new Set(bed.receiver.received.map((r) => r.body)).size).toBe(1);
    const audit = await queryRows<{ action: string; entity_id: string }>(bed.db, sql`select action, entity_id from audit_log where entity = 'webhook-delivery'`);
    expect(audit).toEqual([{ action: "replay", entity_id: String(id) }]);
  });

  it("counts a receiver that does not answer in time, a refused connection and a redirect as failed attempts", async () => {
    bed.receiver.answer("hang");
    await endpoint();
    await paid(1006);
    const [hung] = (await deliverDueWebhooks(bed.db, options({ timeoutMs: 300 }))).retrying;
    expect(await rowOf(hung)).toMatchObject({ status: "pending", responseStatus: null, error: "No answer within 0.3 s" });

    await bed.db.delete(webhookEndpoints);
    const closed = await startWebhookReceiver();
    await closed.close();
    await endpoint(["order.paid"], closed.url);
    await paid(1007);
    const [refused] = (await deliverDueWebhooks(bed.db, options())).retrying;
    expect((await rowOf(refused)).error).toMatch(/ECONNREFUSED/);

    await bed.db.delete(webhookEndpoints);
    bed.receiver.answer({ status: 302, body: "" });
    await endpoint();
    await paid(1008);
    const [moved] = (await deliverDueWebhooks(bed.db, options())).retrying;
    expect(await rowOf(moved)).toMatchObject({ responseStatus: 302, error: "HTTP 302" });
  });

  it("several workers at once deliver every event exactly once", async () => {
    await endpoint();
    await endpoint();
    for (let i = 0; i < 15; i++) await paid(2000 + i);
    const all = await bed.db.select({ id: webhookDeliveries.id }).from(webhookDeliveries);
    expect(all).toHaveLength(30);
    // Four workers passing until the queue is empty, each taking small batches.
    const worker = async () => {
      const mine: number[] = [];
      for (;;) {
        const report = await deliverDueWebhooks(bed.db, options({ batch: 3 }));
        if (report.delivered.length === 0) return mine;
        mine.push(...report.delivered);
      }
    };
    const results = await Promise.all([worker(), worker(), worker(), worker()]);
    const delivered = results.flat();
    expect(delivered.sort((a, b) => a - b)).toEqual(all.map((r) => r.id).sort((a, b) => a - b));
    const seen = bed.receiver.received.map((r) => `${r.headers["vitrina-delivery"]}`);
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
  });

  it("claims again a delivery whose worker died after taking it, once its lease has run out", async () => {
    await endpoint();
    await paid(1009);
    const [row] = await bed.db.select().from(webhookDeliveries);
    // A worker took it and died: status sending, lease until two minutes from now.
    await bed.db.update(webhookDeliveries).set({ status: "sending", attempts: 1, lockedUntil: new Date(clock.getTime() + 120_000) }).where(eq(webhookDeliveries.id, row.id));
    expect(await deliverDueWebhooks(bed.db, options())).toEqual({ delivered: [], retrying: [], failed: [] });
    later(120_000);
    expect((await deliverDueWebhooks(bed.db, options())).delivered).toEqual([row.id]);
    expect(await rowOf(row.id)).toMatchObject({ status: "delivered", attempts: 2 });
  });
});
