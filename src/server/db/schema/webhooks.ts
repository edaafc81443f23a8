import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/* Outgoing webhooks (docs/product.md#webhooks): the endpoints admins register and the queue of signed deliveries. */

/** An address that hears about shop events; `secret` signs every delivery (HMAC-SHA256), shown to the admin once. */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  url: text("url").notNull(),
  description: text("description").notNull().default(""),
  secret: text("secret").notNull(),
  /** The event types this endpoint receives (order.paid, order.shipped, order.refunded, product.updated). */
  events: jsonb("events").$type<string[]>().notNull(),
  enabled: boolean("enabled").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type WebhookDeliveryStatus = "pending" | "sending" | "delivered" | "failed";

/**
 * One event for one endpoint, written in the transaction of the change that caused it (a transactional outbox); the
 * delivery worker (src/features/webhooks/delivery-worker.ts) posts `body`, signed at each attempt: pending →
 * delivered, retried with backoff, failed after WEBHOOK_MAX_ATTEMPTS. A replay puts the row back to pending.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    endpointId: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    /** The event's id, the same for every endpoint and every attempt: receivers use it to ignore repeats. */
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    /** The JSON text posted, exactly as signed. */
    body: text("body").notNull(),
    status: text("status").$type<WebhookDeliveryStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set while a worker holds the row; a worker that died leaves it to expire and the row is claimed again. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    /** The receiver's HTTP status of the last attempt, and the start of its answer (or why there was none). */
    responseStatus: integer("response_status"),
    responseExcerpt: text("response_excerpt"),
    error: text("error"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("webhook_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.id),
    uniqueIndex("webhook_deliveries_event_endpoint").on(t.eventId, t.endpointId),
  ],
);
