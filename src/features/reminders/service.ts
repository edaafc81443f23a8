import { and, asc, eq, gt, isNotNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import type { Executor } from "@/server/db/executor";
import { orders } from "@/server/db/schema/orders";
import { paymentSessionUrls } from "@/features/orders/payment-sessions";
import { orderLookupUrl } from "@/features/orders/order-link";
import { checkoutReminders, reminderOptOuts } from "@/server/db/schema/reminders";
import { enqueueMail } from "@/server/mail/outbox";
import { localizedPath } from "@/i18n/routing";
import { buildReminderEmail } from "./emails";
import { optOutToken } from "./opt-out-token";
import { pageCount, pageNumber, pageWindow } from "@/lib/paging";

/*
 * The unpaid-checkout reminder (docs/product.md#checkout-reminder). An order still pending `afterMinutes` after it was
 * created, or with a third of its reservation time left (whichever comes first), whose reservation still holds, gets one email with the way back to its payment page. "One" is the
 * checkout_reminders primary key; "never after payment" is the order row locked while the reminder is written, so a
 * payment either lands first (no reminder) or waits for the reminder's transaction.
 */

export type ReminderContext = { afterMinutes: number; baseUrl: string; storeName: string; secret?: string; now?: Date; limit?: number };

/** Where the shopper pays: the hosted page the provider opened for this order (the demo page or Stripe's). */
async function payUrlOf(db: Pick<Db, "select">, order: { paymentSessionId: string | null; paymentProvider: string }) {
  if (!order.paymentSessionId) return null;
  return (await paymentSessionUrls(db, order.paymentProvider, order.paymentSessionId))?.url ?? null;
}

/** Sends the reminders that are due; returns the ids of the orders reminded. Safe to run from several processes. */
export async function sendDueReminders(db: Db, ctx: ReminderContext): Promise<number[]> {
  const now = ctx.now ?? new Date();
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .leftJoin(checkoutReminders, eq(checkoutReminders.orderId, orders.id))
    .where(
      and(
        eq(orders.status, "pending"),
        isNotNull(orders.paymentSessionId),
        // Due after afterMinutes, or earlier when only a third of the reservation remains: a short reservation
        // (30 minutes by default) would otherwise end before a 60-minute reminder is ever due.
        or(
          lte(orders.createdAt, new Date(now.getTime() - ctx.afterMinutes * 60_000)),
          sql`(${orders.reservedUntil} - ${now.toISOString()}::timestamptz) * 3 <= ${orders.reservedUntil} - ${orders.createdAt}`,
        ),
        gt(orders.reservedUntil, now),
        sql`${checkoutReminders.orderId} is null`,
        sql`not exists (select 1 from ${reminderOptOuts} where ${reminderOptOuts.email} = lower(${orders.email}))`,
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(ctx.limit ?? 100);
  const sent: number[] = [];
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), eq(orders.status, "pending"), gt(orders.reservedUntil, now)))
        .for("update");
      if (!order) return false;
      const payUrl = await payUrlOf(tx, order);
      if (!payUrl) return false;
      const claimed = await tx.insert(checkoutReminders).values({ orderId: id, sentAt: now }).onConflictDoNothing().returning({ id: checkoutReminders.orderId });
      if (claimed.length === 0) return false;
      const locale = order.locale === "es" ? "es" : "en";
      const holdUntil = new Intl.DateTimeFormat(locale === "es" ? "es-ES" : "en-US", { timeStyle: "short", timeZone: order.timeZone ?? undefined }).format(order.reservedUntil!);
      const optOutUrl = `${ctx.baseUrl}${localizedPath("/reminders/opt-out", locale)}?token=${encodeURIComponent(optOutToken(order.email, ctx.secret))}`;
      await enqueueMail(tx, buildReminderEmail({ to: order.email, locale, orderId: order.id, store: ctx.storeName, payUrl, optOutUrl, holdUntil, lookupUrl: orderLookupUrl(ctx.baseUrl, locale) }));
      return true;
    });
    if (done) sent.push(id);
  }
  return sent;
}

/** The opt-out page's button: this address gets no more reminders (a repeat changes nothing). */
export async function optOutOfReminders(db: Db, email: string): Promise<void> {
  await db.insert(reminderOptOuts).values({ email: email.toLowerCase() }).onConflictDoNothing();
}

/** Whether an address asked for no more payment reminders (the person's data export says so). */
export async function hasOptedOut(db: Db, email: string): Promise<boolean> {
  const rows = await db.select({ email: reminderOptOuts.email }).from(reminderOptOuts).where(eq(reminderOptOuts.email, email.toLowerCase()));
  return rows.length > 0;
}

/** Forgets an address's opt-out (its account is being deleted). */
export async function forgetOptOut(tx: Executor, email: string): Promise<void> {
  await tx.delete(reminderOptOuts).where(eq(reminderOptOuts.email, email.toLowerCase()));
}

export const UNPAID_PAGE_SIZE = 50;

/**
 * The back office's list of unpaid checkouts (docs/product.md#unpaid-checkouts): orders still pending `afterMinutes`
 * or more after checkout, oldest first, each with its reminder (when it was sent) and whether the address opted out.
 * One statement over the orders, the reminders sent and the opt-outs, a page at a time.
 */
export async function listUnpaidCheckouts(db: Executor, options: { afterMinutes: number; now?: Date; page?: number; pageSize?: number }) {
  const now = options.now ?? new Date();
  const pageSize = options.pageSize ?? UNPAID_PAGE_SIZE;
  const olderThan = and(eq(orders.status, "pending"), lte(orders.createdAt, new Date(now.getTime() - options.afterMinutes * 60_000)));
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(orders).where(olderThan);
  const pages = pageCount(Number(total), pageSize);
  const page = Math.min(pageNumber(options.page), pages);
  const rows = await db
    .select({
      id: orders.id,
      email: orders.email,
      currency: orders.currency,
      totalCents: orders.totalCents,
      createdAt: orders.createdAt,
      reminderSentAt: checkoutReminders.sentAt,
      optedOut: sql<boolean>`exists (select 1 from ${reminderOptOuts} where ${reminderOptOuts.email} = lower(${orders.email}))`,
    })
    .from(orders)
    .leftJoin(checkoutReminders, eq(checkoutReminders.orderId, orders.id))
    .where(olderThan)
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(pageSize)
    .offset(pageWindow(page, pageSize).offset);
  return { rows: rows.map((r) => ({ ...r, optedOut: Boolean(r.optedOut) })), total: Number(total), page, pageCount: pages };
}
