import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { variants } from "./catalog";

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

/** A managed variant's own low-stock threshold (the stock settings' threshold applies when it has none). */
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
