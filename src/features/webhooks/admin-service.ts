import { asc, eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { webhookDeliveries, webhookEndpoints } from "@/server/db/schema/webhooks";
import { writeAudit, type AdminActor } from "@/server/audit";
import { WebhookError } from "./errors";
import { newId } from "@/lib/id";
import { PING_EVENT } from "./events";
import { deliverDueWebhooks, type WebhookDeliveryOptions } from "./delivery-worker";
import { receiverNetworkFromSettings, receiverTarget, type ReceiverNetwork } from "./receiver-address";
import type { ParsedEndpointInput } from "./schemas";
import { newWebhookSecret } from "./signature";
import { webhookBody } from "./service";

/*
 * The endpoints of the webhooks screen (docs/product.md#webhooks). Every change is one transaction with its audit
 * row; the secret is answered only when it is made (create, rotate) and never written to the audit log.
 */

/**
 * The endpoint as it will be saved, its URL checked as a receiver (./receiver-address.ts): a refusal is the admin's
 * message, on the URL field. Events first: that check needs no network.
 */
async function checkEndpoint(input: ParsedEndpointInput, network: ReceiverNetwork) {
  if (input.events.length === 0) throw new WebhookError("webhookEventsRequired");
  const target = await receiverTarget(input.url, network);
  if (!target.ok) throw new WebhookError(target.refusal.code, target.refusal.params, undefined, { field: "url" });
  return { url: target.url.toString(), description: input.description, events: [...new Set(input.events)], enabled: input.enabled };
}

export async function listEndpoints(db: Db) {
  return db
    .select({ id: webhookEndpoints.id, url: webhookEndpoints.url, description: webhookEndpoints.description, events: webhookEndpoints.events, enabled: webhookEndpoints.enabled })
    .from(webhookEndpoints)
    .orderBy(asc(webhookEndpoints.id));
}

export async function createEndpoint(
  db: Db,
  actor: AdminActor,
  input: ParsedEndpointInput,
  network = receiverNetworkFromSettings(),
): Promise<{ id: number; secret: string }> {
  const values = await checkEndpoint(input, network);
  const secret = newWebhookSecret();
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(webhookEndpoints).values({ ...values, secret }).returning({ id: webhookEndpoints.id });
    await writeAudit(tx, actor, { action: "create", entity: "webhook", entityId: String(row.id), after: values });
    return { id: row.id, secret };
  });
}

async function lockEndpoint(tx: Pick<Db, "select">, id: number) {
  const [row] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for("update");
  if (!row) throw new WebhookError("webhookNotFound", { id });
  return row;
}

const summary = (row: typeof webhookEndpoints.$inferSelect) => ({ url: row.url, description: row.description, events: row.events, enabled: row.enabled });

export async function updateEndpoint(db: Db, actor: AdminActor, id: number, input: ParsedEndpointInput, network = receiverNetworkFromSettings()): Promise<void> {
  const values = await checkEndpoint(input, network);
  await db.transaction(async (tx) => {
    const before = await lockEndpoint(tx, id);
    await tx.update(webhookEndpoints).set({ ...values, updatedAt: new Date() }).where(eq(webhookEndpoints.id, id));
    await writeAudit(tx, actor, { action: "update", entity: "webhook", entityId: String(id), before: summary(before), after: values });
  });
}

/** Deletes the endpoint and its delivery log (deliveries not yet made are dropped with it). */
export async function deleteEndpoint(db: Db, actor: AdminActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockEndpoint(tx, id);
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    await writeAudit(tx, actor, { action: "delete", entity: "webhook", entityId: String(id), before: summary(before) });
  });
}

/** A new secret; the old one stops signing at once (deliveries from now on, retries included, use the new one). */
export async function rotateEndpointSecret(db: Db, actor: AdminActor, id: number): Promise<{ secret: string }> {
  const secret = newWebhookSecret();
  await db.transaction(async (tx) => {
    await lockEndpoint(tx, id);
    await tx.update(webhookEndpoints).set({ secret, updatedAt: new Date() }).where(eq(webhookEndpoints.id, id));
    await writeAudit(tx, actor, { action: "rotate-secret", entity: "webhook", entityId: String(id) });
  });
  return { secret };
}

export type PingOutcome = { delivered: boolean; status: number | null; error: string | null };

/**
 * "Send test": a signed `ping` event to this endpoint only, posted at once (not left to the worker) so the admin sees
 * the answer; it stays in the delivery log like any other delivery, and is retried like one when it failed.
 */
export async function pingEndpoint(db: Db, actor: AdminActor, id: number, options: WebhookDeliveryOptions): Promise<PingOutcome> {
  const now = options.now();
  const deliveryId = await db.transaction(async (tx) => {
    const endpoint = await lockEndpoint(tx, id);
    const eventId = newId("evt");
    const body = webhookBody({ id: eventId, type: PING_EVENT, created: now.toISOString(), data: { endpointId: endpoint.id } });
    const [row] = await tx.insert(webhookDeliveries).values({ endpointId: id, eventId, eventType: PING_EVENT, body, nextAttemptAt: now }).returning({ id: webhookDeliveries.id });
    await writeAudit(tx, actor, { action: "test", entity: "webhook", entityId: String(id), after: { deliveryId: row.id } });
    return row.id;
  });
  await deliverDueWebhooks(db, options, deliveryId);
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
  return { delivered: row?.status === "delivered", status: row?.responseStatus ?? null, error: row?.error ?? null };
}
