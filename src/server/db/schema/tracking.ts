import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { orders } from "./orders";

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
