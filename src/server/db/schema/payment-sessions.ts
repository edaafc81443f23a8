import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { orders } from "./orders";

/**
 * One hosted payment page a provider opened for an order: where the shopper pays (`url`, also the reminder's link) and
 * where the provider sends them back after paying or cancelling. A retried payment opens a new session; the order
 * row names the current one (orders.payment_session_id). Migration 0026.
 */
export const paymentSessions = pgTable(
  "payment_sessions",
  {
    provider: text("provider").notNull(),
    sessionId: text("session_id").notNull(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    successUrl: text("success_url").notNull(),
    cancelUrl: text("cancel_url").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.sessionId] }), index("payment_sessions_order_idx").on(t.orderId)],
);
