import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { orders } from "./orders";

export const promotionKinds = ["percent", "fixed", "free_shipping"] as const;

/** Discount codes (code set) and automatic promotions (code null) share one table and one engine. */
export const promotions = pgTable(
  "promotions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** As the admin typed it; matched case-insensitively through the unique index on lower(code). */
    code: text("code"),
    nameEn: text("name_en").notNull(),
    nameEs: text("name_es").notNull().default(""),
    kind: text("kind", { enum: promotionKinds }).notNull(),
    /** percent: basis points (1000 = 10 %); fixed: cents; free_shipping: 0. */
    value: integer("value").notNull().default(0),
    minSubtotalCents: integer("min_subtotal_cents").notNull().default(0),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    usageLimit: integer("usage_limit"),
    /** Uses held by pending and paid orders; taken and given back by conditional updates (race-safe). */
    usedCount: integer("used_count").notNull().default(0),
    oncePerCustomer: boolean("once_per_customer").notNull().default(false),
    productIds: jsonb("product_ids").$type<string[]>().notNull().default([]),
    categoryIds: jsonb("category_ids").$type<string[]>().notNull().default([]),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("promotions_code_unique").on(sql`lower(${t.code})`),
    check("promotions_value_range", sql`${t.value} >= 0 AND (${t.kind} <> 'percent' OR ${t.value} <= 10000)`),
    check("promotions_used_within_limit", sql`${t.usageLimit} IS NULL OR ${t.usedCount} <= ${t.usageLimit}`),
    check("promotions_used_not_negative", sql`${t.usedCount} >= 0`),
  ],
);

/** One use of a promotion by an order; released (and the count given back) when the order is cancelled or expires. */
export const promotionRedemptions = pgTable(
  "promotion_redemptions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    promotionId: integer("promotion_id")
      .notNull()
      .references(() => promotions.id, { onDelete: "restrict" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    oncePerCustomer: boolean("once_per_customer").notNull().default(false),
    released: boolean("released").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("promotion_redemptions_order_unique").on(t.promotionId, t.orderId),
    // Once per customer: a second live use by the same account cannot even be inserted.
    uniqueIndex("promotion_redemptions_once_unique")
      .on(t.promotionId, t.userId)
      .where(sql`${t.oncePerCustomer} AND NOT ${t.released}`),
    index("promotion_redemptions_order_idx").on(t.orderId),
  ],
);
