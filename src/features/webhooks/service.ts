import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "@/server/db/executor";
import { webhookDeliveries, webhookEndpoints } from "@/server/db/schema/webhooks";
import { newId } from "@/lib/id";
import type { WebhookEventType } from "./events";

/** The JSON every endpoint receives: the event's id (the same on every retry and replay), type, time and data. */
export type WebhookEnvelope = { id: string; type: string; created: string; data: unknown };

export function webhookBody(envelope: WebhookEnvelope): string {
  return JSON.stringify(envelope);
}

/**
 * Queues one event for every enabled endpoint that subscribed to its type; nothing is sent here. Call it inside the
 * transaction of the change the event tells of (a transactional outbox: both commit or neither does); the delivery
 * worker (./delivery-worker.ts) posts it afterwards. `data` builds the event's plain JSON in the caller, and is
 * only called when an endpoint listens: this module imports no other feature, so orders, returns and catalog can all
 * call it. Answers the event id, or null when no endpoint listens.
 */
export async function enqueueWebhookEvent(tx: Executor, type: WebhookEventType, data: () => Promise<unknown>, now = new Date()): Promise<string | null> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.enabled, true), sql`${webhookEndpoints.events} @> ${JSON.stringify([type])}::jsonb`));
  if (endpoints.length === 0) return null;
  const eventId = newId("evt");
  const body = webhookBody({ id: eventId, type, created: now.toISOString(), data: await data() });
  await tx.insert(webhookDeliveries).values(endpoints.map((endpoint) => ({ endpointId: endpoint.id, eventId, eventType: type, body, nextAttemptAt: now })));
  return eventId;
}
