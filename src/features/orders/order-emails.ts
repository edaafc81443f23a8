import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { orderLines, orders } from "@/server/db/schema/orders";
import { shopSettings } from "@/features/settings/queries";
import { currentShopBaseUrl } from "@/server/http/request-origin";
import { orderLinkForEmail, orderLookupUrl } from "./order-link";
import enPayment from "@/messages/en/payment.json";
import { enqueueMail } from "@/server/mail/outbox";
import { formatMessage, type MessageParams } from "@/i18n/server-translator";
import { escapeHtml } from "@/lib/escape-html";
import { formatMoney } from "@/lib/money";
import type { Locale } from "@/i18n/routing";

/** The order emails are written inside the transaction of the order change (docs/product.md#mail-delivery). */
type OrderMailExecutor = Pick<Db, "select" | "insert">;
import type { MoneyRow } from "@/features/taxes/money-rows";
// The lines, money rows and address are the order pages' own (./order-summary.ts).
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
  /** The store's logo (docs/product.md#settings), shown above the greeting when there is one. */
  logoUrl?: string | null;
};

/** The parcel shown in the shipped email (docs/product.md#tracking): carrier name, number and the link to follow. */
export type ParcelTracking = { carrierName: string; trackingNumber: string; url: string | null };

/** What tells the two order emails apart: their texts, the parcel's lines (shipped) and how the money reads. */
type OrderEmailParts = {
  kind: "order-confirmation" | "order-shipped" | "order-awaiting-transfer" | "order-transfer-expired" | "order-pickup-ready" | "order-picked-up" | "order-cancelled";
  subject: EmailKey;
  greeting: EmailKey;
  intro: EmailKey;
  closing: EmailKey;
  /** Lines after the intro, as text and as HTML (the parcel of a shipped order). */
  notice?: { text: string[]; html: string };
  /** The money rows in HTML: a table of all of them, or (shipped) what follows the subtotal in a paragraph. */
  moneyHtml: (rows: MoneyRow[]) => string;
  moneyRows: (rows: MoneyRow[]) => MoneyRow[];
};

/**
 * An order email in the order's language, drawn from the order's summary (./order-summary.ts): greeting, intro, the
 * lines bought, the money rows as on the order pages, the address when there is one, the link to the order and the
 * shop's name.
 */

function orderEmail({ order, lines, storeName, baseUrl, logoUrl }: OrderEmailInput, parts: OrderEmailParts) {
  const locale = order.locale === "es" ? "es" : "en";
  const t = translator(locale);
  const summary = orderSummary(order, lines, locale);
  const lineTexts = summary.lines.map((l) => t("lineText", { quantity: l.quantity, title: l.title, price: l.amount }));
  const money = parts.moneyRows(summary.money);
  const addressLines = summary.address;
  const view = orderLinkForEmail(order, baseUrl, locale);
  const text = [
    t(parts.greeting),
    "",
    t(parts.intro, { id: order.id }),
    ...(parts.notice?.text ?? []),
    ...lineTexts.map((l) => `- ${l}`),
    "",
    ...money.map((r) => `${r.label}: ${r.value}`),
    ...(addressLines.length ? ["", `${t("shipTo")}:`, ...addressLines] : []),
    "",
    t(parts.closing),
    t(view.key, { url: view.url, days: view.days }),
    t("findOrder", { url: orderLookupUrl(baseUrl, locale) }),
    "",
    storeName,
  ].join("\n");
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:auto">
${logoUrl ? `<p><img src="${escapeHtml(new URL(logoUrl, baseUrl).toString())}" alt="${escapeHtml(storeName)}" style="max-height:48px"></p>\n` : ""}<h1 style="font-size:20px">${escapeHtml(t(parts.greeting))}</h1>
<p>${escapeHtml(t(parts.intro, { id: order.id }))}</p>
${parts.notice ? `${parts.notice.html}\n` : ""}<ul>${lineTexts.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul>
${parts.moneyHtml(money)}
${addressLines.length ? `<p><strong>${escapeHtml(t("shipTo"))}</strong><br>${addressLines.map(escapeHtml).join("<br>")}</p>` : ""}
<p>${escapeHtml(t(parts.closing))}</p>
<p><a href="${escapeHtml(view.url)}">${escapeHtml(t(view.key, { url: view.url, days: view.days }))}</a></p>
<p><a href="${escapeHtml(orderLookupUrl(baseUrl, locale))}">${escapeHtml(t("findOrder", { url: orderLookupUrl(baseUrl, locale) }))}</a></p>
<p>${escapeHtml(storeName)}</p>
</body></html>`;
  return { to: order.email, subject: t(parts.subject, { id: order.id, store: storeName }), text, html, kind: parts.kind, locale };
}

const moneyTableRow = (r: MoneyRow) => {
  const [open, close] = r.kind === "total" ? ["<strong>", "</strong>"] : ["", ""];
  return `<tr><td style="padding:4px 0">${open}${escapeHtml(r.label)}${close}</td><td style="padding:4px 0;text-align:right">${open}${escapeHtml(r.value)}${close}</td></tr>`;
};

/** The order confirmation: lines, subtotal, discounts, shipping, tax per rate, total and the address when there is one. */
export function buildOrderConfirmationEmail(input: OrderEmailInput) {
  // The checkout extras the shopper gave (docs/product.md#checkout-extras), after the intro, so they can check them.
  const t = translator(input.order.locale === "es" ? "es" : "en");
  const { companyName, taxId, orderNote } = input.order;
  const extras = [
    ...(companyName ? [t("companyLine", { company: companyName })] : []),
    ...(taxId ? [t("taxIdLine", { taxId })] : []),
    ...(orderNote ? [t("noteLine", { note: orderNote })] : []),
  ];
  return orderEmail(input, {
    kind: "order-confirmation",
    notice: extras.length ? { text: extras, html: `<p style="white-space:pre-line">${extras.map(escapeHtml).join("<br>")}</p>` } : undefined,
    subject: "confirmationSubject",
    greeting: "greeting",
    intro: "intro",
    closing: "closing",
    moneyRows: (rows) => rows,
    moneyHtml: (rows) => `<table style="width:100%;border-collapse:collapse">${rows.map(moneyTableRow).join("")}</table>`,
  });
}

async function loadOrder(tx: OrderMailExecutor, orderId: number) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id);
  return withShop({ order, lines }, tx);
}

/** The order's mail input: the order and lines with the shop's name, logo and address (read through the mail's transaction). */
async function withShop(read: Pick<OrderEmailInput, "order" | "lines">, tx: OrderMailExecutor) {
  const { store } = await shopSettings(tx);
  return { ...read, storeName: store.name, logoUrl: store.logoUrl, baseUrl: await currentShopBaseUrl() };
}

/**
 * The confirmation of an order and lines at hand, not yet in the outbox: confirmPayment writes it with the payment's
 * other rows in one statement. (A message, not the insert: a drizzle insert returned from an async function would run.)
 */
export async function orderConfirmationEmail(read: Pick<OrderEmailInput, "order" | "lines">, tx: OrderMailExecutor) {
  return buildOrderConfirmationEmail(await withShop(read, tx));
}

/** The shipped notice: what is on its way (with the parcel when there is one), the money after the subtotal and the address. */
export function buildOrderShippedEmail({ tracking, ...input }: OrderEmailInput & { tracking?: ParcelTracking | null }) {
  const t = translator(input.order.locale === "es" ? "es" : "en");
  const trackingText = tracking ? t("trackingLine", { carrier: tracking.carrierName, number: tracking.trackingNumber }) : "";
  const notice = tracking
    ? {
        text: [trackingText, ...(tracking.url ? [t("trackParcel", { url: tracking.url })] : [])],
        html: `<p>${escapeHtml(trackingText)}${tracking.url ? `<br><a href="${escapeHtml(tracking.url)}">${escapeHtml(t("trackParcel", { url: tracking.url }))}</a>` : ""}</p>`,
      }
    : { text: [], html: "" };
  return orderEmail(input, {
    kind: "order-shipped",
    subject: "shippedSubject",
    greeting: "shippedGreeting",
    intro: "shippedIntro",
    closing: "shippedClosing",
    notice,
    moneyRows: (rows) => rows.slice(1),
    moneyHtml: (rows) =>
      `<p>${rows.map((r) => (r.kind === "total" ? `<strong>${escapeHtml(r.label)}: ${escapeHtml(r.value)}</strong>` : `${escapeHtml(r.label)}: ${escapeHtml(r.value)}`)).join("<br>")}</p>`,
  });
}

/** Writes the shipped notice, with the parcel when there is one, to the outbox in markShipped's transaction (so of two clicks only one writes it). */
export async function enqueueOrderShippedEmail(tx: OrderMailExecutor, orderId: number, tracking?: ParcelTracking | null) {
  const input = await loadOrder(tx, orderId);
  if (input) await enqueueMail(tx, buildOrderShippedEmail({ ...input, tracking }));
}

const shortMoney = {
  moneyRows: (rows: MoneyRow[]) => rows.slice(-1),
  moneyHtml: (rows: MoneyRow[]) => `<p>${rows.map((r) => `${escapeHtml(r.label)}: ${escapeHtml(r.value)}`).join("<br>")}</p>`,
};

/** "Ready for pickup" (docs/product.md#local-pickup): where and when to collect it, from the order's method snapshot. */
export function buildPickupReadyEmail(input: OrderEmailInput) {
  const locale = input.order.locale === "es" ? "es" : "en";
  const t = translator(locale);
  const method = input.order.shippingMethod;
  const hours = method ? (locale === "es" ? method.pickupHoursEs : method.pickupHoursEn) : "";
  const lines = [...(method?.pickupAddress ? [t("pickupWhere", { address: method.pickupAddress })] : []), ...(hours ? [t("pickupHours", { hours })] : [])];
  return orderEmail(input, {
    kind: "order-pickup-ready",
    subject: "pickupReadySubject",
    greeting: "pickupReadyGreeting",
    intro: "pickupReadyIntro",
    closing: "pickupReadyClosing",
    notice: { text: lines, html: lines.length ? `<p>${lines.map(escapeHtml).join("<br>")}</p>` : "" },
    ...shortMoney,
  });
}

/** "Thanks, picked up" (docs/product.md#local-pickup): the pickup order's shipped notice. */
export function buildPickedUpEmail(input: OrderEmailInput) {
  return orderEmail(input, { kind: "order-picked-up", subject: "pickedUpSubject", greeting: "pickedUpGreeting", intro: "pickedUpIntro", closing: "pickedUpClosing", ...shortMoney });
}

/** Writes the pickup notice (ready or picked up) to the outbox in the transaction of the change. */
export async function enqueuePickupEmail(tx: OrderMailExecutor, orderId: number, which: "ready" | "picked-up") {
  const input = await loadOrder(tx, orderId);
  if (input) await enqueueMail(tx, which === "ready" ? buildPickupReadyEmail(input) : buildPickedUpEmail(input));
}

/** The account a bank transfer goes to (docs/product.md#payment-methods). */
export type TransferAccount = { accountHolder: string; account: string; bankName: string };

/** The lines telling a shopper how to pay by transfer: amount, account and the order number as the reference. */
export function transferInstructions(order: { id: number; totalCents: number; currency: string; locale: string }, account: TransferAccount) {
  const t = translator(order.locale === "es" ? "es" : "en");
  const text = [
    t("transferAmount", { amount: formatMoney(order.totalCents, order.currency, order.locale) }),
    t("transferHolder", { holder: account.accountHolder }),
    t("transferAccount", { account: account.account }),
    t("transferBank", { bank: account.bankName }),
    t("transferReference", { reference: String(order.id) }),
  ];
  return { text: ["", ...text, ""], html: `<p>${text.map(escapeHtml).join("<br>")}</p>` };
}

/**
 * "Order received, please transfer": written when a shopper checks out by bank transfer, with the amount, the account
 * and the reference, and the days the order waits before it is cancelled.
 */
export async function enqueueAwaitingTransferEmail(tx: OrderMailExecutor, orderId: number, account: TransferAccount, holdDays: number) {
  const input = await loadOrder(tx, orderId);
  if (!input) return;
  const t = translator(input.order.locale === "es" ? "es" : "en");
  const notice = transferInstructions(input.order, account);
  const wait = t("transferWait", { days: holdDays });
  await enqueueMail(
    tx,
    orderEmail(input, {
      kind: "order-awaiting-transfer",
      subject: "transferSubject",
      greeting: "transferGreeting",
      intro: "transferIntro",
      closing: "closing",
      notice: { text: [...notice.text, wait, ""], html: `${notice.html}<p>${escapeHtml(wait)}</p>` },
      moneyRows: (rows) => rows,
      moneyHtml: (rows) => `<table style="width:100%;border-collapse:collapse">${rows.map(moneyTableRow).join("")}</table>`,
    }),
  );
}

/** The transfer never came: the order was cancelled when its hold ran out (in the cancellation's transaction). */
export async function enqueueTransferExpiredEmail(tx: OrderMailExecutor, orderId: number) {
  const input = await loadOrder(tx, orderId);
  if (!input) return;
  await enqueueMail(
    tx,
    orderEmail(input, {
      kind: "order-transfer-expired",
      subject: "transferExpiredSubject",
      greeting: "transferExpiredGreeting",
      intro: "transferExpiredIntro",
      closing: "transferExpiredClosing",
      ...shortMoney,
    }),
  );
}

/**
 * "Your order was cancelled" (docs/product.md#refunds): written in the cancellation's transaction when the shop
 * cancels an order, with the amount given back when it had been paid.
 */
export async function enqueueOrderCancelledEmail(tx: OrderMailExecutor, orderId: number, refundedCents: number) {
  const input = await loadOrder(tx, orderId);
  if (!input) return;
  const t = translator(input.order.locale === "es" ? "es" : "en");
  const refunded = refundedCents > 0 ? [t("cancelledRefunded", { amount: formatMoney(refundedCents, input.order.currency, input.order.locale) })] : [];
  await enqueueMail(
    tx,
    orderEmail(input, {
      kind: "order-cancelled",
      subject: "cancelledSubject",
      greeting: "cancelledGreeting",
      intro: "cancelledIntro",
      closing: "cancelledClosing",
      notice: { text: refunded.length ? ["", ...refunded, ""] : [], html: refunded.map((r) => `<p>${escapeHtml(r)}</p>`).join("") },
      ...shortMoney,
    }),
  );
}
