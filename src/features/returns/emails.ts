import type { Executor } from "@/server/db/executor";
import { localizedPath } from "@/i18n/routing";
import { formatMoney } from "@/lib/money";
import { shopSettings } from "@/features/settings/queries";
import { currentShopBaseUrl } from "@/server/http/request-origin";
import { buildSimpleMail } from "@/server/mail/simple-mail";
import { formatMessage, formatNotice } from "@/i18n/server-translator";
import { enqueueMail } from "@/server/mail/outbox";
import { orderLookupUrl } from "@/features/orders/order-link";
import type { ReturnStatus } from "@/server/db/schema/returns";

/** One email per step of a return (docs/product.md#returns), in the order's language, written to the outbox. */
export type ReturnMailInput = {
  status: ReturnStatus;
  returnId: number;
  orderId: number;
  email: string;
  locale: string;
  currency: string;
  items: Array<{ quantity: number; title: string }>;
  refundCents: number;
  /** The shop's reason, when it rejected the return. */
  note?: string | null;
};

/** The profile's returns, and the lookup page for a guest or a lost link (docs/product.md#guest-checkout). */
function returnLinks(baseUrl: string, locale: "en" | "es") {
  return [
    { href: `${baseUrl}${localizedPath("/profile", locale)}`, label: formatMessage(locale, "fulfilment", "returnEmails.viewReturns") },
    { href: orderLookupUrl(baseUrl, locale), label: formatMessage(locale, "layout", "footer.findOrder") },
  ];
}

export function buildReturnEmail(input: ReturnMailInput, storeName: string, baseUrl: string) {
  const locale = input.locale === "es" ? "es" : "en";
  const params = { id: input.returnId, order: input.orderId, store: storeName, amount: formatMoney(input.refundCents, input.currency, locale) };
  const notice = formatNotice(locale, "fulfilment", `returnEmails.${input.status}`, params);
  if (input.note) notice.paragraphs.push(formatMessage(locale, "fulfilment", "returnEmails.reason", { reason: input.note }));
  return buildSimpleMail({
    to: input.email,
    kind: `return-${input.status}`,
    locale,
    ...notice,
    items: input.items.map((i) => `${i.quantity} x ${i.title}`),
    links: returnLinks(baseUrl, locale),
    storeName,
  });
}

/** Written inside the caller's transaction: the step and its email commit together. */
export async function sendReturnEmail(tx: Executor, input: ReturnMailInput) {
  const { store } = await shopSettings(tx);
  await enqueueMail(tx, buildReturnEmail(input, store.name, await currentShopBaseUrl()));
}

/** The refund email (docs/product.md#refunds): what was given back, for which units, and why. */
export type RefundMailInput = {
  orderId: number;
  email: string;
  locale: "en" | "es";
  currency: string;
  amountCents: number;
  reason: string;
  items: Array<{ quantity: number; title: string }>;
  shipping: boolean;
};

export function buildRefundEmail(input: RefundMailInput, storeName: string, baseUrl: string) {
  const { locale } = input;
  const notice = formatNotice(locale, "fulfilment", "refundEmail", { order: input.orderId, store: storeName, amount: formatMoney(input.amountCents, input.currency, locale) });
  notice.paragraphs.push(formatMessage(locale, "fulfilment", "returnEmails.reason", { reason: input.reason }));
  const items = input.items.map((i) => `${i.quantity} x ${i.title}`);
  if (input.shipping) items.push(formatMessage(locale, "fulfilment", "refundEmail.shipping"));
  return buildSimpleMail({
    to: input.email,
    kind: "refund",
    locale,
    ...notice,
    items,
    links: returnLinks(baseUrl, locale),
    storeName,
  });
}

export async function sendRefundEmail(tx: Executor, input: RefundMailInput) {
  const { store } = await shopSettings(tx);
  await enqueueMail(tx, buildRefundEmail(input, store.name, await currentShopBaseUrl()));
}
