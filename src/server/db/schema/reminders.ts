import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { orders } from "./orders";

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
