import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export type MailStatus = "pending" | "sending" | "sent" | "logged" | "dead";

/**
 * Every mail, written in the transaction of the change that causes it (docs/product.md#mail-delivery); the delivery
 * worker (src/server/mail/outbox-worker.ts) sends it: pending → sent (or logged without SMTP_URL), retried with
 * backoff, dead after MAIL_MAX_ATTEMPTS.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    kind: text("kind").notNull(),
    locale: text("locale").notNull().default("en"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** The last delivery error, kept after a later success for the admin's mail screen. */
    error: text("error"),
    status: text("status").$type<MailStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set while a worker holds the row; a worker that died leaves it to expire and the row is claimed again. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("mail_outbox_to_idx").on(t.toAddress, t.createdAt), index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt)],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    actorUserId: text("actor_user_id"),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt)],
);
