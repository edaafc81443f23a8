import { count, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import type { Executor } from "@/server/db/executor";
import { mailOutbox, type MailStatus } from "@/server/db/schema/operations";
import { requeueMail } from "@/server/mail/outbox-worker";
import { writeAudit, type AdminActor } from "@/server/audit";
import { pageCount, pageNumber, pageWindow } from "@/lib/paging";

/* What the admin's mail screen reads and does (docs/product.md#mail-delivery); the outbox is this folder's table. */

export const mailStatuses = ["pending", "sending", "sent", "logged", "dead"] as const satisfies readonly MailStatus[];
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

/** Queues a message again (dead, failed or already sent), audit-logged in `tx`. False when there is no such message. */
export async function resendMailInTx(tx: Executor, actor: AdminActor, id: number): Promise<boolean> {
  const [before] = await tx.select({ status: mailOutbox.status, attempts: mailOutbox.attempts, to: mailOutbox.toAddress, kind: mailOutbox.kind }).from(mailOutbox).where(eq(mailOutbox.id, id)).for("update");
  if (!before) return false;
  await requeueMail(tx, id);
  await writeAudit(tx, actor, {
    action: "resend",
    entity: "mail",
    entityId: String(id),
    before: { status: before.status, attempts: before.attempts, to: before.to, kind: before.kind },
    after: { status: "pending", attempts: 0, to: before.to, kind: before.kind },
  });
  return true;
}

/** The outbox at a glance (the settings screen's mail section): messages waiting to go, and messages that gave up. */
export async function outboxCounts(db: Db): Promise<{ queued: number; failed: number }> {
  const rows = await db
    .select({ status: mailOutbox.status, n: count() })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ["pending", "sending", "dead"]))
    .groupBy(mailOutbox.status);
  const of = (...statuses: MailStatus[]) => rows.filter((r) => statuses.includes(r.status)).reduce((sum, r) => sum + Number(r.n), 0);
  return { queued: of("pending", "sending"), failed: of("dead") };
}
