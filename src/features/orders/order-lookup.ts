import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { consumeRateLimit } from "@/features/accounts/rate-limit";
import { formatMessage } from "@/i18n/server-translator";
import type { Locale } from "@/i18n/routing";
import { escapeHtml } from "@/lib/escape-html";
import type { Db } from "@/server/db/client";
import { orders } from "@/server/db/schema/orders";
import { enqueueMail } from "@/server/mail/outbox";
import { orderLinkToken } from "@/server/order-link-token";
import { guestOrderUrl } from "./order-link";

/*
 * /orders/lookup (docs/product.md#guest-checkout): a guest who lost the link gives their email and order number and
 * gets a new link by email. The answer is the same whether or not such an order exists, so the form cannot be used to
 * find out which numbers or addresses have orders; only the address's owner receives the link.
 */

/** How long the emailed link lasts: a day (the order email's own link lasts GUEST_ORDER_LINK_DAYS). */
export const LOOKUP_LINK_HOURS = 24;
/** Lookups per client address and per email address in a window; past either, the form answers "try later". */
export const LOOKUP_LIMITS = { client: { windowSeconds: 10 * 60, max: 10 }, email: { windowSeconds: 60 * 60, max: 5 } };

export const orderLookupSchema = z.object({
  email: z.email().max(254),
  // As printed in the emails and pages ("Order #1001"): digits, optionally after '#'.
  orderNumber: z.string().trim().regex(/^#?\d{1,10}$/),
  locale: z.enum(["en", "es"]).catch("en"),
});

export type OrderLookupAnswer = { kind: "sent" } | { kind: "rate_limited"; retryAfter: number };

/** Counts the attempt, then mails the link when the number names a guest order of that address. */
export async function requestOrderLink(
  db: Db,
  input: z.infer<typeof orderLookupSchema>,
  ctx: { clientAddress: string; baseUrl: string; storeName: string; now?: Date },
): Promise<OrderLookupAnswer> {
  const email = input.email.trim().toLowerCase();
  const checks = [consumeRateLimit(db, `order-lookup:email:${email}`, LOOKUP_LIMITS.email)];
  if (ctx.clientAddress !== "unknown") checks.push(consumeRateLimit(db, `order-lookup:client:${ctx.clientAddress}`, LOOKUP_LIMITS.client));
  const wait = Math.max(0, ...(await Promise.all(checks)).map((r) => (r.allowed ? 0 : (r.retryAfter ?? 1))));
  if (wait > 0) return { kind: "rate_limited", retryAfter: wait };

  const orderId = Number(input.orderNumber.replace("#", ""));
  const [order] = await db
    .select({ id: orders.id, email: orders.email, locale: orders.locale })
    .from(orders)
    .where(and(eq(orders.id, orderId), isNull(orders.userId), sql`lower(${orders.email}) = ${email}`));
  if (order) {
    const now = ctx.now ?? new Date();
    const locale: Locale = input.locale;
    const url = guestOrderUrl(ctx.baseUrl, order.id, locale, orderLinkToken(order.id, new Date(now.getTime() + LOOKUP_LINK_HOURS * 3_600_000)));
    // Only an outbox row: a found and a missing order take about the same time here (the worker sends it later).
    await enqueueMail(db, buildOrderLinkEmail({ to: order.email, locale, orderId: order.id, store: ctx.storeName, url }));
  }
  return { kind: "sent" };
}

function buildOrderLinkEmail(input: { to: string; locale: Locale; orderId: number; store: string; url: string }) {
  const t = (key: string, params: Record<string, string | number> = {}) => formatMessage(input.locale, "orders", `lookup.mail.${key}`, params);
  const intro = t("intro", { id: input.orderId, store: input.store });
  const action = t("action", { hours: LOOKUP_LINK_HOURS });
  const text = [t("greeting"), "", intro, "", `${action} ${input.url}`, "", t("ignore"), "", input.store].join("\n");
  const html = `<!doctype html><html lang="${input.locale}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>${escapeHtml(t("greeting"))}</p>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(input.url)}">${escapeHtml(action)}</a></p>
<p>${escapeHtml(t("ignore"))}</p>
<p>${escapeHtml(input.store)}</p>
</body></html>`;
  return { to: input.to, subject: t("subject", { id: input.orderId, store: input.store }), text, html, kind: "order-link", locale: input.locale };
}
