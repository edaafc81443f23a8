import { and, asc, eq, inArray, lte, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { mailOutbox } from "../db/schema/operations";
import { settings } from "../env";
import { log } from "../log";
import { configuredMailTransport, type MailTransport } from "./transport";
import { retryDelayMs, startPollingWorker, wakePollingWorker } from "../queue/polling-worker";

/*
 * The delivery worker of the mail outbox (docs/product.md#mail-delivery). Rows are claimed with
 * SELECT … FOR UPDATE SKIP LOCKED and a lease (locked_until), so several server instances on one PostgreSQL database
 * never take the same row; a worker that dies mid-delivery leaves its lease to expire and the row is claimed again.
 * A failure is retried after retryBase·2^(attempts−1) (capped at six hours); after maxAttempts the row is dead and
 * waits for an admin's resend.
 */

export type DeliveryOptions = {
  transport: MailTransport;
  maxAttempts: number;
  retryBaseMs: number;
  /** How long a claimed row stays reserved for this worker. */
  leaseMs: number;
  batch: number;
  /** The clock, so tests can move time instead of waiting. */
  now: () => Date;
};

export type DeliveryReport = { sent: number[]; retrying: number[]; dead: number[] };

export { retryDelayMs };

export function deliveryOptionsFromSettings(overrides: Partial<DeliveryOptions> = {}): DeliveryOptions {
  const s = settings();
  return {
    transport: configuredMailTransport(),
    maxAttempts: s.MAIL_MAX_ATTEMPTS,
    retryBaseMs: s.MAIL_RETRY_SECONDS * 1000,
    leaseMs: 2 * 60 * 1000,
    batch: 20,
    now: () => new Date(),
    ...overrides,
  };
}

/** Takes up to `batch` due rows for this worker: pending ones whose time has come and ones whose lease ran out. */
async function claimDueMail(db: Db, options: DeliveryOptions) {
  const now = options.now();
  const lockedUntil = new Date(now.getTime() + options.leaseMs);
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        or(
          and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, now)),
          and(eq(mailOutbox.status, "sending"), lte(mailOutbox.lockedUntil, now)),
        ),
      )
      .orderBy(asc(mailOutbox.id))
      .limit(options.batch)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailOutbox)
      .set({ status: "sending", lockedUntil, attempts: sql`${mailOutbox.attempts} + 1` })
      .where(inArray(mailOutbox.id, due.map((d) => d.id)))
      .returning();
  });
}

/** One pass: claims the due mail and hands each message to the transport, recording the outcome on its row. */
export async function deliverDueMail(db: Db, options: DeliveryOptions): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: [], retrying: [], dead: [] };
  const claimed = await claimDueMail(db, options);
  for (const row of claimed) {
    // Only the worker that holds the lease records the outcome (a slower one whose lease ran out does not).
    const mine = and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, "sending"), eq(mailOutbox.lockedUntil, row.lockedUntil!));
    try {
      await options.transport.send({ to: row.toAddress, subject: row.subject, html: row.html, text: row.text, headers: row.headers ?? undefined });
      const status = options.transport.kind === "smtp" ? "sent" : "logged";
      await db.update(mailOutbox).set({ status, sentAt: options.now(), lockedUntil: null }).where(mine);
      report.sent.push(row.id);
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      const dead = row.attempts >= options.maxAttempts;
      const nextAttemptAt = new Date(options.now().getTime() + retryDelayMs(row.attempts, options.retryBaseMs));
      await db
        .update(mailOutbox)
        .set(dead ? { status: "dead", error: reason, lockedUntil: null } : { status: "pending", error: reason, lockedUntil: null, nextAttemptAt })
        .where(mine);
      (dead ? report.dead : report.retrying).push(row.id);
      log.warn(dead ? "mail.dead" : "mail.retry", { mailId: row.id, kind: row.kind, attempts: row.attempts, error: reason });
    }
  }
  return report;
}

/** Puts a message back in the queue (the admin's resend): sent again on the worker's next pass, attempts from zero. */
export async function requeueMail(db: Pick<Db, "update">, id: number, now = new Date()) {
  const [row] = await db
    .update(mailOutbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: now, lockedUntil: null, sentAt: null })
    .where(eq(mailOutbox.id, id))
    .returning({ id: mailOutbox.id, status: mailOutbox.status });
  return row;
}

/**
 * Starts the worker in this server process (instrumentation's register()); a second call is a no-op. It passes over
 * the outbox every MAIL_POLL_SECONDS and at once when wakeMailWorker() says new mail was committed.
 */
export function startMailWorker(getDb: () => Promise<Db>) {
  startPollingWorker("mail", settings().MAIL_POLL_SECONDS * 1000, async () => {
    const options = deliveryOptionsFromSettings();
    const report = await deliverDueMail(await getDb(), options);
    return report.sent.length + report.retrying.length + report.dead.length >= options.batch;
  });
}

/** Tells this process's worker that mail was just committed (call after the transaction); no-op without a worker. */
export function wakeMailWorker() {
  wakePollingWorker("mail");
}
