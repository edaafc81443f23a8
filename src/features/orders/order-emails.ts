import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { orderLines, orders } from "@/server/db/schema/orders";
import { settings } from "@/server/env";
import { currentShopBaseUrl } from "@/server/http/request-origin";
import { orderLinkForEmail } from "./order-link";
import enPayment from "@/messages/en/payment.json";
import { enqueueMail } from "@/server/mail/outbox";
import { formatMessage, type MessageParams } from "@/i18n/server-translator";
import { escapeHtml } from "@/lib/escape-html";
import type { Locale } from "@/i18n/routing";

/** The order emails are written inside the transaction of the order change (docs/product.md#mail-delivery). */
type OrderMailExecutor = Pick<Db, "select" | "insert">;
// The money lines are shared with the order pages (src/features/taxes/money-rows.ts).
import { orderSummary } from "./order-summary";

type EmailKey = keyof (typeof enPayment)["email"];

function translator(locale: Locale) {
  return (key: EmailKey, params: MessageParams = {}) => formatMessage(locale, "payment", `email.${key}`, params);
}

export type OrderEmailInput = {
  order: typeof orders.$inferSelect;
  lines: (typeof orderLines.$inferSelect)[];
  storeName: string;
  baseUrl: string;
};

/** The parcel shown in the shipped email (docs/product.md#tracking): carrier name, number and the link to follow. */
export type ParcelTracking = { carrierName: string; trackingNumber: string; url: string | null };

/** The order confirmation in the order's language: lines, shipping, total and the address when there is one. */
export function buildOrderConfirmationEmail({ order, lines, storeName, baseUrl }: OrderEmailInput) {
  const locale = order.locale === "es" ? "es" : "en";
  const t = translator(locale);
  const summary = orderSummary(order, lines, locale);
  const lineTexts = summary.lines.map((l) => t("lineText", { quantity: l.quantity, title: l.title, price: l.amount }));
  const addressLines = summary.address;
  const view = orderLinkForEmail(order, baseUrl, locale);
  const subject = t("confirmationSubject", { id: order.id, store: storeName });

  const text = [
    t("greeting"),
    "",
    t("intro", { id: order.id }),
    ...lineTexts.map((l) => `- ${l}`),
    "",
    // Subtotal, discounts, shipping, tax per rate and total, as on the order pages (src/features/taxes/money-rows.ts).
    ...summary.money.map((r) => `${r.label}: ${r.value}`),
    ...(addressLines.length ? ["", `${t("shipTo")}:`, ...addressLines] : []),
    "",
    t("closing"),
    t(view.key, { url: view.url, days: view.days }),
    "",
    storeName,
  ].join("\n");

  const row = (label: string, value: string, strong = false) =>
    `<tr><td style="padding:4px 0">${strong ? "<strong>" : ""}${escapeHtml(label)}${strong ? "</strong>" : ""}</td><td style="padding:4px 0;text-align:right">${strong ? "<strong>" : ""}${escapeHtml(value)}${strong ? "</strong>" : ""}</td></tr>`;
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:auto">
<h1 style="font-size:20px">${escapeHtml(t("greeting"))}</h1>
<p>${escapeHtml(t("intro", { id: order.id }))}</p>
<ul>${lineTexts.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul>
<table style="width:100%;border-collapse:collapse">${summary.money.map((r) => row(r.label, r.value, r.kind === "total")).join("")}</table>
${addressLines.length ? `<p><strong>${escapeHtml(t("shipTo"))}</strong><br>${addressLines.map(escapeHtml).join("<br>")}</p>` : ""}
<p>${escapeHtml(t("closing"))}</p>
<p><a href="${escapeHtml(view.url)}">${escapeHtml(t(view.key, { url: view.url, days: view.days }))}</a></p>
<p>${escapeHtml(storeName)}</p>
</body></html>`;
  return { to: order.email, subject, text, html, kind: "order-confirmation", locale };
}

async function loadOrder(tx: OrderMailExecutor, orderId: number) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id);
  const s = settings();
  return { order, lines, storeName: s.STORE_NAME, baseUrl: await currentShopBaseUrl() };
}

/** Writes the confirmation of a paid order to the outbox, in confirmPayment's transaction (only the one that made the transition). */
export async function enqueueOrderConfirmationEmail(tx: OrderMailExecutor, orderId: number) {
  const input = await loadOrder(tx, orderId);
  if (input) await enqueueMail(tx, buildOrderConfirmationEmail(input));
}

/** The shipped notice in the order's language: what is on its way, the shipping line and the address it goes to. */
export function buildOrderShippedEmail({ order, lines, storeName, baseUrl, tracking }: OrderEmailInput & { tracking?: ParcelTracking | null }) {
  const locale = order.locale === "es" ? "es" : "en";
  const t = translator(locale);
  const summary = orderSummary(order, lines, locale);
  const lineTexts = summary.lines.map((l) => t("lineText", { quantity: l.quantity, title: l.title, price: l.amount }));
  const addressLines = summary.address;
  const view = orderLinkForEmail(order, baseUrl, locale);
  const subject = t("shippedSubject", { id: order.id, store: storeName });
  const trackingText = tracking ? t("trackingLine", { carrier: tracking.carrierName, number: tracking.trackingNumber }) : "";
  const text = [
    t("shippedGreeting"),
    "",
    t("shippedIntro", { id: order.id }),
    ...(tracking ? [trackingText, ...(tracking.url ? [t("trackParcel", { url: tracking.url })] : [])] : []),
    ...lineTexts.map((l) => `- ${l}`),
    "",
    ...summary.money.slice(1).map((r) => `${r.label}: ${r.value}`),
    ...(addressLines.length ? ["", `${t("shipTo")}:`, ...addressLines] : []),
    "",
    t("shippedClosing"),
    t(view.key, { url: view.url, days: view.days }),
    "",
    storeName,
  ].join("\n");
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:auto">
<h1 style="font-size:20px">${escapeHtml(t("shippedGreeting"))}</h1>
<p>${escapeHtml(t("shippedIntro", { id: order.id }))}</p>
${tracking ? `<p>${escapeHtml(trackingText)}${tracking.url ? `<br><a href="${escapeHtml(tracking.url)}">${escapeHtml(t("trackParcel", { url: tracking.url }))}</a>` : ""}</p>` : ""}
<ul>${lineTexts.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul>
<p>${summary.money
    .slice(1)
    .map((r) => (r.kind === "total" ? `<strong>${escapeHtml(r.label)}: ${escapeHtml(r.value)}</strong>` : `${escapeHtml(r.label)}: ${escapeHtml(r.value)}`))
    .join("<br>")}</p>
${addressLines.length ? `<p><strong>${escapeHtml(t("shipTo"))}</strong><br>${addressLines.map(escapeHtml).join("<br>")}</p>` : ""}
<p>${escapeHtml(t("shippedClosing"))}</p>
<p><a href="${escapeHtml(view.url)}">${escapeHtml(t(view.key, { url: view.url, days: view.days }))}</a></p>
<p>${escapeHtml(storeName)}</p>
</body></html>`;
  return { to: order.email, subject, text, html, kind: "order-shipped", locale };
}

/** Writes the shipped notice, with the parcel when there is one, to the outbox in markShipped's transaction (so of two clicks only one writes it). */
export async function enqueueOrderShippedEmail(tx: OrderMailExecutor, orderId: number, tracking?: ParcelTracking | null) {
  const input = await loadOrder(tx, orderId);
  if (input) await enqueueMail(tx, buildOrderShippedEmail({ ...input, tracking }));
}
