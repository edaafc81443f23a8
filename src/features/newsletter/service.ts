import { randomBytes } from "node:crypto";
import { count, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/server/db/client";
import type { Executor } from "@/server/db/executor";
import { newsletterSubscribers, type NewsletterStatus } from "@/server/db/schema/newsletter";
import { enqueueMail } from "@/server/mail/outbox";
import { consumeRateLimit, type WindowRule } from "@/features/accounts/rate-limit";
import type { Locale } from "@/i18n/routing";
import { buildConfirmationEmail, buildIssueEmail, newsletterLinks } from "./emails";

/*
 * The newsletter (docs/product.md#newsletter): double opt-in, one row per address, a secret token per address that
 * confirms and unsubscribes without an account. The form answers the same for a new, pending, confirmed or
 * unsubscribed address, so it cannot be used to learn who subscribed.
 */

/**
 * Sign-ups allowed per client address: enough for an office behind one router, few for a list-bombing script (which
 * also gets at most one confirmation message per address every RESEND_AFTER_MS).
 */
export const SUBSCRIBE_RULE: WindowRule = { windowSeconds: 10 * 60, max: 20 };
/** A pending address gets a new confirmation message at most this often, however often it is typed in. */
export const RESEND_AFTER_MS = 10 * 60 * 1000;

export const subscribeSchema = z.object({
  // Trimmed and lower-cased first: "  Ana@Example.com " is the same reader as ana@example.com.
  email: z.string().trim().toLowerCase().pipe(z.email().max(254)),
  locale: z.enum(["en", "es"]).catch("en"),
});

export type SubscribeResult = { ok: true } | { ok: false; reason: "invalid" | "rate_limited"; retryAfter?: number };

type MailContext = { baseUrl: string; storeName: string };

const newToken = () => randomBytes(24).toString("base64url");

export async function subscribe(db: Db, input: unknown, client: string, ctx: MailContext, now = new Date()): Promise<SubscribeResult> {
  const parsed = subscribeSchema.safeParse(input);
  if (!parsed.success) return { ok: false, reason: "invalid" };
  const limit = await consumeRateLimit(db, `newsletter:client:${client}`, SUBSCRIBE_RULE);
  if (!limit.allowed) return { ok: false, reason: "rate_limited", retryAfter: limit.retryAfter ?? undefined };
  const { email, locale } = parsed.data;
  await db.transaction(async (tx) => {
    await tx
      .insert(newsletterSubscribers)
      .values({ email, locale, status: "pending", token: newToken() })
      .onConflictDoNothing({ target: newsletterSubscribers.email });
    const [row] = await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)).for("update");
    if (row.status === "confirmed") return;
    const recentlySent = row.status === "pending" && row.confirmationSentAt && now.getTime() - row.confirmationSentAt.getTime() < RESEND_AFTER_MS;
    if (recentlySent) return;
    // A former subscriber starts over: new token (old links stop working), pending until confirmed again.
    const token = row.status === "unsubscribed" ? newToken() : row.token;
    await tx
      .update(newsletterSubscribers)
      .set({ status: "pending", token, locale, confirmationSentAt: now, unsubscribedAt: null })
      .where(eq(newsletterSubscribers.id, row.id));
    // Written through the outbox in the same transaction: the row and its message exist together or not at all.
    await enqueueMail(tx, buildConfirmationEmail(email, locale, ctx.storeName, newsletterLinks(ctx.baseUrl, locale, token)));
  });
  return { ok: true };
}

const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,64}$/);

/** Confirms the address of this token; a confirmed one stays confirmed (the link may be followed twice). */
export async function confirmSubscription(db: Db, token: unknown, now = new Date()): Promise<{ email: string } | null> {
  const parsed = tokenSchema.safeParse(token);
  if (!parsed.success) return null;
  const [row] = await db
    .update(newsletterSubscribers)
    .set({ status: "confirmed", confirmedAt: sql`coalesce(${newsletterSubscribers.confirmedAt}, ${now.toISOString()}::timestamptz)` })
    .where(sql`${newsletterSubscribers.token} = ${parsed.data} and ${newsletterSubscribers.status} in ('pending', 'confirmed')`)
    .returning({ email: newsletterSubscribers.email });
  return row ?? null;
}

/** Unsubscribes the address of this token (pending or confirmed); repeating it answers the same address. */
export async function unsubscribe(db: Db, token: unknown, now = new Date()): Promise<{ email: string } | null> {
  const parsed = tokenSchema.safeParse(token);
  if (!parsed.success) return null;
  const [row] = await db
    .update(newsletterSubscribers)
    .set({ status: "unsubscribed", unsubscribedAt: sql`coalesce(${newsletterSubscribers.unsubscribedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(newsletterSubscribers.token, parsed.data))
    .returning({ email: newsletterSubscribers.email });
  return row ?? null;
}

/** The subscriber with this token, for the confirm and unsubscribe pages (which act only on a button press). */
export async function subscriberByToken(db: Db, token: unknown) {
  const parsed = tokenSchema.safeParse(token);
  if (!parsed.success) return null;
  const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.token, parsed.data));
  return row ?? null;
}

/** Admin: how many addresses are in each state. */
export async function subscriberCounts(db: Db): Promise<Record<NewsletterStatus, number>> {
  const rows = await db.select({ status: newsletterSubscribers.status, n: count() }).from(newsletterSubscribers).groupBy(newsletterSubscribers.status);
  const counts = { pending: 0, confirmed: 0, unsubscribed: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

/** Admin: subscribers, newest first (the CSV export reads them all, the page the first ones). */
export async function listSubscribers(db: Db, options: { limit?: number; offset?: number } = {}) {
  return db
    .select({
      email: newsletterSubscribers.email,
      locale: newsletterSubscribers.locale,
      status: newsletterSubscribers.status,
      createdAt: newsletterSubscribers.createdAt,
      confirmedAt: newsletterSubscribers.confirmedAt,
      unsubscribedAt: newsletterSubscribers.unsubscribedAt,
    })
    .from(newsletterSubscribers)
    .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
    .limit(options.limit ?? 100)
    .offset(options.offset ?? 0);
}

/**
 * Sends one issue to every confirmed subscriber, in their language when both texts are given. Each message carries its
 * own unsubscribe link and the one-click headers. Returns how many were written to the outbox.
 */
export async function sendIssue(db: Db, issue: Record<Locale, { subject: string; text: string }>, ctx: MailContext): Promise<number> {
  const recipients = await db
    .select({ email: newsletterSubscribers.email, locale: newsletterSubscribers.locale, token: newsletterSubscribers.token })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.status, "confirmed"));
  for (const r of recipients) {
    const locale: Locale = r.locale === "es" ? "es" : "en";
    await enqueueMail(db, buildIssueEmail(r.email, locale, issue[locale], newsletterLinks(ctx.baseUrl, locale, r.token)));
  }
  return recipients.length;
}

/** An address's subscriptions as the person's data export shows them (docs/product.md#data-rights). */
export async function subscriptionsOf(db: Db, email: string) {
  const rows = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email.toLowerCase()));
  return rows.map((s) => ({ email: s.email, status: s.status, language: s.locale, subscribedAt: s.createdAt, confirmedAt: s.confirmedAt, unsubscribedAt: s.unsubscribedAt }));
}

/** Forgets an address (its account is being deleted). */
export async function forgetSubscriber(tx: Executor, email: string): Promise<void> {
  await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, email.toLowerCase()));
}
