import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { variants } from "./catalog";
import { orderLines, orders } from "./orders";

/*
 * After the sale (docs/product.md#fulfilment): where a shipped parcel is, what comes back, and who waits for stock.
 * Kept apart from the order tables so that an order row stays the record of the sale.
 */

/** The parcel of a shipped order: one per order, correctable by an admin (audit-logged). */
export const orderShipments = pgTable("order_shipments", {
  orderId: integer("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  carrier: text("carrier").notNull(),
  trackingNumber: text("tracking_number").notNull(),
  /** Only for the carrier "other": the full tracking address the admin typed. Known carriers use their template. */
  trackingUrl: text("tracking_url"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const returnStatuses = ["requested", "approved", "rejected", "received", "refunded"] as const;
export type ReturnStatus = (typeof returnStatuses)[number];

/** A shopper's return (withdrawal) of some lines of a shipped order. */
export const returns = pgTable(
  "returns",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    status: text("status", { enum: returnStatuses }).notNull().default("requested"),
    reason: text("reason").notNull(),
    /** What the shopper gets back: the returned lines' amounts as charged, plus shipping when refunded. */
    linesCents: integer("lines_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull().default(0),
    refundReference: text("refund_reference"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    receivedAt: timestamp("received_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
  },
  (t) => [
    index("returns_order_idx").on(t.orderId),
    index("returns_status_created_idx").on(t.status, t.createdAt),
    check("returns_amounts_not_negative", sql`${t.linesCents} >= 0 AND ${t.shippingCents} >= 0`),
  ],
);

export const returnLines = pgTable(
  "return_lines",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    returnId: integer("return_id")
      .notNull()
      .references(() => returns.id, { onDelete: "cascade" }),
    orderLineId: integer("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    variantId: text("variant_id").notNull(),
    quantity: integer("quantity").notNull(),
    amountCents: integer("amount_cents").notNull(),
  },
  (t) => [index("return_lines_return_idx").on(t.returnId), check("return_lines_quantity_positive", sql`${t.quantity} > 0`)],
);

/** "Email me when it's back": one per variant and address; confirmed at once for a signed-in shopper, by mail otherwise. */
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    variantId: text("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    userId: text("user_id"),
    locale: text("locale").notNull().default("en"),
    /** Secret of the confirmation and unsubscribe links. */
    token: text("token").notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("stock_alerts_variant_email_unique").on(t.variantId, t.email), uniqueIndex("stock_alerts_token_unique").on(t.token)],
);

/** A managed variant's own low-stock threshold (the LOW_STOCK_THRESHOLD setting applies when it has none). */
export const lowStockThresholds = pgTable("low_stock_thresholds", {
  variantId: text("variant_id")
    .primaryKey()
    .references(() => variants.id, { onDelete: "cascade" }),
  threshold: integer("threshold").notNull(),
});

/**
 * A variant at or below its threshold: one row per variant while it stays low (deleted when stock rises above it, so
 * the next fall is reported again). `sentAt` is when the admins were told (alone or in an hourly digest).
 */
export const lowStockNotices = pgTable(
  "low_stock_notices",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    variantId: text("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    stock: integer("stock").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("low_stock_notices_variant_unique").on(t.variantId), index("low_stock_notices_sent_idx").on(t.sentAt)],
);
