import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { type ShippingAddress, user } from "./auth";
import { orders } from "./orders";

/* Customer self-service: the address book, the newsletter and the unpaid-checkout reminder (docs/product.md#address-book). */

/** A customer's saved shipping addresses; at most one is the default (the partial unique index holds it). */
export const customerAddresses = pgTable(
  "customer_addresses",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    address: jsonb("address").$type<ShippingAddress>().notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("customer_addresses_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("customer_addresses_one_default").on(t.userId).where(sql`${t.isDefault}`),
  ],
);

export const newsletterStatuses = ["pending", "confirmed", "unsubscribed"] as const;
export type NewsletterStatus = (typeof newsletterStatuses)[number];

/** One row per address (kept lower-case); the token confirms and unsubscribes without signing in. */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    email: text("email").notNull().unique(),
    locale: text("locale").notNull().default("en"),
    status: text("status", { enum: newsletterStatuses }).notNull().default("pending"),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  },
  (t) => [index("newsletter_subscribers_status_idx").on(t.status, t.createdAt)],
);

/** The one reminder an unpaid order may get: the primary key makes a second one impossible. */
export const checkoutReminders = pgTable("checkout_reminders", {
  orderId: integer("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Addresses that asked for no more payment reminders (guests too, so keyed by address rather than account). */
export const reminderOptOuts = pgTable("reminder_opt_outs", {
  email: text("email").primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
