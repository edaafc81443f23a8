import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Messages sent through the contact form (docs/product.md#contact-form), kept so the admin reads them even when mail
 * delivery fails. `mail_id` is the outbox row that carries the message to the shop's address.
 */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    locale: text("locale").notNull().default("en"),
    mailId: integer("mail_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt), index("contact_messages_email_idx").on(t.email)],
);
