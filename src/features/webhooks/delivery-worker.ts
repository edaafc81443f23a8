import { and, asc, eq, inArray, lte, ne, or, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { webhookDeliveries, webhookEndpoints } from "@/server/db/schema/webhooks";
import { settings } from "@/server/env";
import { log } from "@/server/log";
import { retryDelayMs, startPollingWorker, wakePollingWorker } from "@/server/queue/polling-worker";
import { postToPinned } from "@/server/net/pinned-request";
import { formatMessage } from "@/i18n/server-translator";
import { receiverNetworkFromSettings, receiverTarget, type ReceiverNetwork } from "./receiver-address";
import { SIGNATURE_HEADER, signWebhook } from "./signature";

/*
 * The delivery worker of outgoing webhooks (docs/product.md#webhooks). Due rows are claimed with
 * SELECT … FOR UPDATE SKIP LOCKED and a lease (locked_until), so several server instances on one database never post
 * the same row at once; a worker that dies mid-delivery leaves its lease to expire and the row is claimed again.
 * A 2xx answer is delivered; anything else (another status, a redirect, a refused connection, a timeout, a receiver
 * address that is not allowed: ./receiver-address.ts) is retried after retryBase·2^(attempts−1), at most six hours
 * apart, and failed after maxAttempts, waiting for a replay.
 */

export type WebhookDeliveryOptions = {
  maxAttempts: number;
  retryBaseMs: number;
  /** How long a receiver may take, connection to last byte read. */
  timeoutMs: number;
  /** How long a claimed row stays reserved for this worker. */
  leaseMs: number;
  batch: number;
  /** The clock, so tests move time instead of waiting; also the signature's timestamp. */
  now: () => Date;
  /** Which receivers may be reached and how names resolve; the settings' (WEBHOOK_ALLOW_PRIVATE, the system's DNS) when absent. */
  network?: ReceiverNetwork;
};

export type WebhookDeliveryReport = { delivered: number[]; retrying: number[]; failed: number[] };

/** How much of a receiver's answer is kept for the delivery log. */
const EXCERPT_CHARS = 500;

export function webhookOptionsFromSettings(overrides: Partial<WebhookDeliveryOptions> = {}): WebhookDeliveryOptions {
  const s = settings();
  return {
    maxAttempts: s.WEBHOOK_MAX_ATTEMPTS,
    retryBaseMs: s.WEBHOOK_RETRY_SECONDS * 1000,
    timeoutMs: s.WEBHOOK_TIMEOUT_SECONDS * 1000,
    // Long enough for a whole batch of receivers that each take the full timeout, so no lease runs out mid-pass.
    leaseMs: 21 * s.WEBHOOK_TIMEOUT_SECONDS * 1000,
    batch: 20,
    now: () => new Date(),
    ...overrides,
  };
}

/** Takes up to `batch` due rows of enabled endpoints (or row `only`): pending ones whose time has come, and expired leases. */
async function claimDue(db: Db, options: WebhookDeliveryOptions, only?: number) {
  const now = options.now();
  const lockedUntil = new Date(now.getTime() + options.leaseMs);
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          // A test ping goes out to a disabled endpoint too; the queue waits while its endpoint is disabled.
          only !== undefined
            ? eq(webhookDeliveries.id, only)
            : sql`${webhookDeliveries.endpointId} in (select ${webhookEndpoints.id} from ${webhookEndpoints} where ${webhookEndpoints.enabled})`,
          or(
            and(eq(webhookDeliveries.status, "pending"), lte(webhookDeliveries.nextAttemptAt, now)),
            and(eq(webhookDeliveries.status, "sending"), lte(webhookDeliveries.lockedUntil, now)),
          ),
        ),
      )
      .orderBy(asc(webhookDeliveries.id))
      .limit(options.batch)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    const claimed = await tx
      .update(webhookDeliveries)
      .set({ status: "sending", lockedUntil, lastAttemptAt: now, attempts: sql`${webhookDeliveries.attempts} + 1` })
      .where(inArray(webhookDeliveries.id, due.map((d) => d.id)))
      .returning();
    const endpoints = await tx
      .select({ id: webhookEndpoints.id, url: webhookEndpoints.url, secret: webhookEndpoints.secret })
      .from(webhookEndpoints)
      .where(inArray(webhookEndpoints.id, [...new Set(claimed.map((row) => row.endpointId))]));
    const byId = new Map(endpoints.map((e) => [e.id, e]));
    return claimed.map((row) => ({ row, endpoint: byId.get(row.endpointId)! }));
  });
}

type Attempt = { ok: boolean; status: number | null; excerpt: string | null; error: string | null };

const notSent = (error: string): Attempt => ({ ok: false, status: null, excerpt: null, error: error.slice(0, 500) });

/**
 * One attempt: the receiver's address is checked again (DNS may answer otherwise than when the endpoint was saved) and
 * the post goes to exactly the addresses checked. A refused address is a failed attempt whose log says why; nothing
 * is sent to it.
 */
async function post(url: string, secret: string, row: typeof webhookDeliveries.$inferSelect, options: WebhookDeliveryOptions): Promise<Attempt> {
  const timestamp = Math.floor(options.now().getTime() / 1000);
  // One deadline for the look-up and the post.
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    const target = await receiverTarget(url, options.network ?? receiverNetworkFromSettings(), signal);
    if (!target.ok) {
      const { code, params } = target.refusal;
      if (code === "webhookUrlUnresolved") return notSent(`DNS: ${params.host} was not found (${params.cause})`);
      return notSent(`Not sent: ${formatMessage("en", "admin", `errors.${code}`, params)}`);
    }
    const answer = await postToPinned(target.url, target.addresses, {
      signal,
      excerptChars: EXCERPT_CHARS,
      headers: {
        "content-type": "application/json",
        "user-agent": "Vitrina-Webhooks/1",
        "vitrina-event": row.eventType,
        "vitrina-event-id": row.eventId,
        "vitrina-delivery": String(row.id),
        [SIGNATURE_HEADER.toLowerCase()]: signWebhook(secret, row.body, timestamp),
      },
      body: row.body,
    });
    // A redirect is the receiver's answer like any other non-2xx: it is never followed.
    const ok = answer.status >= 200 && answer.status < 300;
    return { ok, status: answer.status, excerpt: answer.excerpt, error: ok ? null : `HTTP ${answer.status}` };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    return notSent(timedOut ? `No answer within ${options.timeoutMs / 1000} s` : error instanceof Error ? error.message : String(error));
  }
}

/** One pass: claims the due deliveries (or only row `only`), posts each and records the outcome on its row. */
export async function deliverDueWebhooks(db: Db, options: WebhookDeliveryOptions, only?: number): Promise<WebhookDeliveryReport> {
  const report: WebhookDeliveryReport = { delivered: [], retrying: [], failed: [] };
  for (const { row, endpoint } of await claimDue(db, options, only)) {
    const attempt = await post(endpoint.url, endpoint.secret, row, options);
    // Only the worker that holds the lease records the outcome (a slower one whose lease ran out does not).
    const mine = and(eq(webhookDeliveries.id, row.id), eq(webhookDeliveries.status, "sending"), eq(webhookDeliveries.lockedUntil, row.lockedUntil!));
    const answer = { responseStatus: attempt.status, responseExcerpt: attempt.excerpt, error: attempt.error, lockedUntil: null };
    if (attempt.ok) {
      await db.update(webhookDeliveries).set({ ...answer, status: "delivered", deliveredAt: options.now() }).where(mine);
      report.delivered.push(row.id);
      continue;
    }
    const failed = row.attempts >= options.maxAttempts;
    const nextAttemptAt = new Date(options.now().getTime() + retryDelayMs(row.attempts, options.retryBaseMs));
    await db.update(webhookDeliveries).set(failed ? { ...answer, status: "failed" } : { ...answer, status: "pending", nextAttemptAt }).where(mine);
    (failed ? report.failed : report.retrying).push(row.id);
    log.warn(failed ? "webhook.failed" : "webhook.retry", { deliveryId: row.id, event: row.eventType, attempts: row.attempts, error: attempt.error });
  }
  return report;
}

/** Puts a delivery back in the queue (the admin's replay): the same body and event id, signed anew, attempts from zero. */
export async function requeueDelivery(db: Pick<Db, "update">, id: number, now = new Date()) {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: "pending", attempts: 0, nextAttemptAt: now, lockedUntil: null, deliveredAt: null })
    .where(and(eq(webhookDeliveries.id, id), ne(webhookDeliveries.status, "sending")))
    .returning({ id: webhookDeliveries.id });
  return row ?? null;
}

/** How often each process looks for due deliveries. */
const POLL_MS = 5_000;

/** Starts the worker in this server process (instrumentation's register()); a second call is a no-op. */
export function startWebhookWorker(getDb: () => Promise<Db>) {
  startPollingWorker("webhooks", POLL_MS, async () => {
    const options = webhookOptionsFromSettings();
    const report = await deliverDueWebhooks(await getDb(), options);
    return report.delivered.length + report.retrying.length + report.failed.length >= options.batch;
  });
}

/** Tells this process's worker that deliveries were just committed (after a replay); no-op without a worker. */
export function wakeWebhookWorker() {
  wakePollingWorker("webhooks");
}
