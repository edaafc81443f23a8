import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { webhookDeliveries, webhookEndpoints, type WebhookDeliveryStatus } from "@/server/db/schema/webhooks";
import { writeAudit, type AdminActor } from "@/server/audit";
import { WebhookError } from "./errors";
import { requeueDelivery } from "./delivery-worker";
import { pageCount, pageNumber, pageWindow } from "@/lib/paging";

/* The delivery log of the webhooks screen (docs/product.md#webhooks): what was sent where, how it went, and replay. */

export const DELIVERY_PAGE_SIZE = 50;

/** Newest first, optionally one endpoint or one status; the bodies are left out (the event id and type say what it was). */
export async function listDeliveries(db: Db, options: { page?: number; status?: WebhookDeliveryStatus; endpointId?: number } = {}) {
  const page = pageNumber(options.page);
  const conditions: SQL[] = [];
  if (options.status) conditions.push(eq(webhookDeliveries.status, options.status));
  if (options.endpointId) conditions.push(eq(webhookDeliveries.endpointId, options.endpointId));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: webhookDeliveries.id,
        endpointId: webhookDeliveries.endpointId,
        url: webhookEndpoints.url,
        eventId: webhookDeliveries.eventId,
        eventType: webhookDeliveries.eventType,
        status: webhookDeliveries.status,
        attempts: webhookDeliveries.attempts,
        nextAttemptAt: webhookDeliveries.nextAttemptAt,
        lastAttemptAt: webhookDeliveries.lastAttemptAt,
        responseStatus: webhookDeliveries.responseStatus,
        responseExcerpt: webhookDeliveries.responseExcerpt,
        error: webhookDeliveries.error,
        createdAt: webhookDeliveries.createdAt,
      })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(where)
      .orderBy(desc(webhookDeliveries.id))
      .limit(DELIVERY_PAGE_SIZE)
      .offset(pageWindow(page, DELIVERY_PAGE_SIZE).offset),
    db.select({ total: count() }).from(webhookDeliveries).where(where),
  ]);
  return { rows, total: Number(total), page, pageCount: pageCount(Number(total), DELIVERY_PAGE_SIZE) };
}

/** Sends a delivery again (failed, pending or delivered): the same body and event id, audit-logged in the same transaction. */
export async function replayDelivery(db: Db, actor: AdminActor, id: number, now = new Date()) {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: webhookDeliveries.status, attempts: webhookDeliveries.attempts, eventId: webhookDeliveries.eventId, endpointId: webhookDeliveries.endpointId })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, id))
      .for("update");
    if (!before) throw new WebhookError("webhookDeliveryNotFound", { id });
    if (!(await requeueDelivery(tx, id, now))) throw new WebhookError("webhookDeliveryBusy", { id });
    await writeAudit(tx, actor, { action: "replay", entity: "webhook-delivery", entityId: String(id), before, after: { ...before, status: "pending", attempts: 0 } });
  });
}
