import { count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/server/db/client";
import { mailOutbox, type MailStatus } from "@/server/db/schema/operations";
import { requeueMail } from "@/server/mail/outbox-worker";
import { writeAudit, type AdminActor } from "@/server/audit";
import { AdminError } from "./errors";
import { pageCount, pageNumber, pageWindow } from "@/lib/paging";

/* The admin's mail screen (docs/product.md#mail-delivery): what the outbox holds, how delivery went, and resend. */

export const mailStatuses = ["pending", "sending", "sent", "logged", "dead"] as const satisfies readonly MailStatus[];
export const mailIdSchema = z.coerce.number().int().positive();
export const MAIL_PAGE_SIZE = 50;

/** Newest first, optionally one status; the bodies are left out (the screen shows subject and delivery state). */
export async function listMailOutbox(db: Db, options: { page?: number; status?: MailStatus } = {}) {
  const page = pageNumber(options.page);
  const where = options.status ? eq(mailOutbox.status, options.status) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: mailOutbox.id,
        toAddress: mailOutbox.toAddress,
        subject: mailOutbox.subject,
        kind: mailOutbox.kind,
        status: mailOutbox.status,
        attempts: mailOutbox.attempts,
        error: mailOutbox.error,
        createdAt: mailOutbox.createdAt,
        sentAt: mailOutbox.sentAt,
        nextAttemptAt: mailOutbox.nextAttemptAt,
      })
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.id))
      .limit(MAIL_PAGE_SIZE)
      .offset(pageWindow(page, MAIL_PAGE_SIZE).offset),
    db.select({ total: count() }).from(mailOutbox).where(where),
  ]);
  return { rows, total: Number(total), page, pageCount: pageCount(Number(total), MAIL_PAGE_SIZE) };
}

/** Queues a message again (dead, failed or already sent), audit-logged in the same transaction. */
export async function resendMail(db: Db, actor: AdminActor, id: number) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ status: mailOutbox.status, attempts: mailOutbox.attempts, to: mailOutbox.toAddress, kind: mailOutbox.kind }).from(mailOutbox).where(eq(mailOutbox.id, id)).for("update");
    if (!before) throw new AdminError("mailNotFound", { id });
    await requeueMail(tx, id);
    await writeAudit(tx, actor, {
      action: "resend",
      entity: "mail",
      entityId: String(id),
      before: { status: before.status, attempts: before.attempts, to: before.to, kind: before.kind },
      after: { status: "pending", attempts: 0, to: before.to, kind: before.kind },
    });
  });
}
