import { and, eq, sql, type SQL } from "drizzle-orm";
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
  const [eventId] = await enqueueWebhookEvents(tx, type, async () => [await data()], now);
  return eventId ?? null;
}

/**
 * enqueueWebhookEvent for many events of one type at once (a catalog import's products): the endpoints are looked up
 * once, `data` builds every event's JSON only when one listens, and the deliveries go in chunks of multi-row inserts.
 * Answers the event ids in the order of `data`'s answer, or none when no endpoint listens.
 */
export async function enqueueWebhookEvents(tx: Executor, type: WebhookEventType, data: () => Promise<unknown[]>, now = new Date()): Promise<string[]> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(listening(type));
  if (endpoints.length === 0) return [];
  const events = (await data()).map((item) => newEvent(type, item, now));
  const rows = events.flatMap(({ eventId, body }) => endpoints.map((endpoint) => ({ endpointId: endpoint.id, eventId, eventType: type, body, nextAttemptAt: now })));
  for (let i = 0; i < rows.length; i += DELIVERY_CHUNK) await tx.insert(webhookDeliveries).values(rows.slice(i, i + DELIVERY_CHUNK));
  return events.map((e) => e.eventId);
}

const DELIVERY_CHUNK = 500;

/**
 * enqueueWebhookEvent for a caller that has the event's data at hand: one insert of a delivery for every listening
 * endpoint, built but not run, so that the caller writes it with its other rows in one statement
 * (src/server/db/one-statement.ts). The data is turned into JSON even when nobody listens: cheaper than the look-up
 * it saves.
 */
export function webhookEventInsert(type: WebhookEventType, data: unknown, now = new Date()): SQL {
  const { eventId, body } = newEvent(type, data, now);
  const d = webhookDeliveries;
  const columns = [d.endpointId, d.eventId, d.eventType, d.body, d.nextAttemptAt].map((column) => sql.identifier(column.name));
  return sql`insert into ${d} (${sql.join(columns, sql`, `)})
    select ${webhookEndpoints.id}, ${eventId}, ${type}, ${body}, ${now.toISOString()}::timestamptz from ${webhookEndpoints} where ${listening(type)}`;
}

/** Enabled endpoints that subscribed to `type`. */
function listening(type: WebhookEventType): SQL | undefined {
  return and(eq(webhookEndpoints.enabled, true), sql`${webhookEndpoints.events} @> ${JSON.stringify([type])}::jsonb`);
}

function newEvent(type: WebhookEventType, data: unknown, now: Date) {
  const eventId = newId("evt");
  return { eventId, body: webhookBody({ id: eventId, type, created: now.toISOString(), data }) };
}
