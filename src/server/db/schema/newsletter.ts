import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

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
