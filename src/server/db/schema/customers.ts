import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * Internal notes the back office keeps on a customer (docs/product.md#admin-customers, decision 0373): an account's
 * (gone with the account) or a guest's, keyed by the lower-cased address. Never shown to the customer.
 */
export const customerNotes = pgTable(
  "customer_notes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    guestEmail: text("guest_email"),
    body: text("body").notNull(),
    authorUserId: text("author_user_id"),
    authorEmail: text("author_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("customer_notes_user_idx").on(t.userId, t.createdAt),
    index("customer_notes_guest_idx").on(t.guestEmail, t.createdAt),
    check("customer_notes_one_owner", sql`(${t.userId} IS NULL) <> (${t.guestEmail} IS NULL)`),
  ],
);
