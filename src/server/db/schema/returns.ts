import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { orderLines, orders } from "./orders";

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
    /** The shop's reason when it rejected the return, told to the shopper. */
    decisionNote: text("decision_note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    receivedAt: timestamp("received_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
  },
  (t) => [
    index("returns_order_idx").on(t.orderId),
    index("returns_status_created_idx").on(t.status, t.createdAt),
    index("returns_refunded_order_idx").on(t.orderId).where(sql`${t.status} = 'refunded'`),
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

/**
 * Money given back from the order page (docs/product.md#refunds), no parcel involved: some units of lines, the
 * shipping, and/or an amount, with the reason the customer is told. Each has its credit note.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    linesCents: integer("lines_cents").notNull().default(0),
    shippingCents: integer("shipping_cents").notNull().default(0),
    /** An amount beyond any line (a goodwill refund). */
    amountCents: integer("amount_cents").notNull().default(0),
    reason: text("reason").notNull(),
    refundReference: text("refund_reference").notNull(),
    actorUserId: text("actor_user_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("refunds_order_idx").on(t.orderId),
    check("refunds_amounts_not_negative", sql`${t.linesCents} >= 0 AND ${t.shippingCents} >= 0 AND ${t.amountCents} >= 0`),
    check("refunds_something", sql`${t.linesCents} + ${t.shippingCents} + ${t.amountCents} > 0`),
  ],
);

export const refundLines = pgTable(
  "refund_lines",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    refundId: integer("refund_id")
      .notNull()
      .references(() => refunds.id, { onDelete: "cascade" }),
    orderLineId: integer("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    amountCents: integer("amount_cents").notNull(),
  },
  (t) => [index("refund_lines_refund_idx").on(t.refundId), check("refund_lines_quantity_positive", sql`${t.quantity} > 0`)],
);
