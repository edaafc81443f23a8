import { formatMoney } from "@/lib/money";
import { serverTranslator } from "@/i18n/server-translator";
import type { Locale } from "@/i18n/routing";

/*
 * An order's history in words (docs/product.md#order-history, decision 0374). The events are stored as their writers
 * wrote them (a type, the status change and an English note for the record); each is put into the viewer's language
 * here, with its money in the order's currency and its times on the shop's clock. What only the record needs (event
 * ids, provider references, who pressed the button) goes to `details`, which only admins are shown.
 */

export type HistoryEvent = { id: number; type: string; fromStatus: string | null; toStatus: string | null; note: string | null; createdAt: Date };
export type HistoryLine = { id: number; at: Date; text: string; details: string[] };
export type HistoryContext = { locale: Locale; currency: string; timeZone: string; pickup: boolean };

/** Every event type the code writes, and the ones a customer sees of them (never the shop's own checks of payments). */
export const orderEventTypes = [
  "created",
  "status_changed",
  "payment_received",
  "payment_mismatch",
  "payment_after_cancel",
  "repriced",
  "ready_for_pickup",
  "return_requested",
  "return_approved",
  "return_rejected",
  "return_received",
  "return_refunded",
  "refunded",
] as const;
const customerTypes = new Set<string>(orderEventTypes.filter((t) => t !== "payment_mismatch" && t !== "payment_after_cancel" && t !== "repriced"));

export function customerSeesEvent(event: Pick<HistoryEvent, "type">): boolean {
  return customerTypes.has(event.type);
}

/** The known reasons a pending order is cancelled by the shop's own machinery (order-release, payments, checkout). */
const knownReasons: Array<[RegExp, string]> = [
  [/^Reservation expired without payment$/, "expired"],
  [/^Payment session expired$/, "sessionExpired"],
  [/^Payment failed$/, "paymentFailed"],
  [/^Payment cancelled by the shopper$/, "shopperCancelled"],
  [/^Payment provider .* could not open a session$/, "providerUnavailable"],
  [/^Replaced by a new checkout of the same cart$/, "replaced"],
];

const methodNames = new Set(["demo", "stripe", "mercadopago", "bank_transfer", "cash_on_delivery"]);

export function describeOrderEvent(event: HistoryEvent, ctx: HistoryContext): HistoryLine {
  const t = serverTranslator(ctx.locale, "fulfilment");
  const h = (key: string, params?: Record<string, string | number>) => t(`history.${key}`, params);
  const note = event.note ?? "";
  const money = (cents: string) => formatMoney(Number(cents), ctx.currency, ctx.locale);
  const line = (text: string, details: string[] = []) => ({ id: event.id, at: event.createdAt, text, details: note ? [...details, note] : details });

  switch (event.type) {
    case "created": {
      const until = /^Stock reserved until (\S+)$/.exec(note);
      const date = until ? new Date(until[1]) : null;
      return line(date && !Number.isNaN(date.getTime()) ? h("created", { date: formatShopTime(date, ctx) }) : h("createdUntilPaid"));
    }
    case "status_changed":
      return statusLine(event, ctx, h, line);
    case "payment_received":
      return line(h("cashCollected"));
    case "payment_mismatch": {
      const m = /^Paid (-?\d+) ([A-Z]+), order total is (-?\d+) ([A-Z]+)/.exec(note);
      return line(m ? h("paymentMismatch", { paid: formatMoney(Number(m[1]), m[2], ctx.locale), total: formatMoney(Number(m[3]), m[4], ctx.locale) }) : h("other"));
    }
    case "payment_after_cancel":
      return line(h("paymentAfterCancel"));
    case "repriced": {
      const m = /^Taxed for (\w+) .*: total (-?\d+) → (-?\d+) [A-Z]+$/.exec(note);
      if (!m) return line(h("other"));
      const country = new Intl.DisplayNames([ctx.locale], { type: "region" }).of(m[1]) ?? m[1];
      return line(h("repriced", { country, from: money(m[2]), to: money(m[3]) }));
    }
    case "ready_for_pickup":
      return line(h("readyForPickup"));
    case "return_requested": {
      const m = /^Return #(\d+): ([\s\S]*)$/.exec(note);
      return line(m ? h("returnRequested", { id: m[1], reason: m[2] }) : h("other"));
    }
    case "return_approved":
    case "return_rejected":
    case "return_received":
    case "return_refunded": {
      const m = /^Return #(\d+)/.exec(note);
      const key = { return_approved: "returnApproved", return_rejected: "returnRejected", return_received: "returnReceived", return_refunded: "returnRefunded" }[event.type];
      return line(m ? h(key, { id: m[1] }) : h("other"));
    }
    case "refunded": {
      // Written by a refund from the order page (docs/product.md#refunds): "Refund #3 of 1250 EUR: reason (reference)".
      const m = /^Refund #(\d+) of (\d+) ([A-Z]+): ([\s\S]*) \([^()]*\)$/.exec(note);
      return line(m ? h("refunded", { id: m[1], amount: formatMoney(Number(m[2]), m[3], ctx.locale), reason: m[4] }) : h("other"));
    }
    default:
      return line(h("other"), [event.type]);
  }
}

function statusLine(event: HistoryEvent, ctx: HistoryContext, h: (key: string, params?: Record<string, string>) => string, line: (text: string, details?: string[]) => HistoryLine): HistoryLine {
  const note = event.note ?? "";
  if (event.toStatus === "completed") {
    const m = /^Paid through (\S+)/.exec(note);
    const method = m && methodNames.has(m[1]) ? serverTranslator(ctx.locale, "paymentMethods")(`picker.methods.${m[1]}`) : (m?.[1] ?? "");
    return line(h("paid", { method }));
  }
  if (event.toStatus === "shipped") return line(h(ctx.pickup ? "pickedUp" : "shipped"));
  if (event.toStatus === "cancelled") {
    if (event.fromStatus === "completed") return line(h(/Not refunded through the provider/.test(note) ? "cancelledNotRefunded" : "cancelledRefunded"));
    const reason = knownReasons.find(([pattern]) => pattern.test(note))?.[1];
    if (reason) return line(h("cancelledBecause", { reason: h(`reasons.${reason}`) }));
    if (/^Cancelled by /.test(note)) return line(h("cancelledByShop"));
    return line(note ? h("cancelledBecause", { reason: note.replace(/\.$/, "") }) : h("cancelled"));
  }
  return line(h("other"), [`${event.fromStatus ?? "—"} → ${event.toStatus ?? "—"}`]);
}

/** A time on the shop's clock (its settings), written the viewer's way. */
export function formatShopTime(date: Date, ctx: Pick<HistoryContext, "locale" | "timeZone">): string {
  return new Intl.DateTimeFormat(ctx.locale, { dateStyle: "medium", timeStyle: "short", timeZone: ctx.timeZone }).format(date);
}

/** The history as the viewer reads it: admins every event, customers theirs (without the record's details). */
export function orderHistoryLines(events: HistoryEvent[], ctx: HistoryContext, audience: "admin" | "customer"): HistoryLine[] {
  const shown = audience === "admin" ? events : events.filter(customerSeesEvent);
  return shown.map((e) => {
    const described = describeOrderEvent(e, ctx);
    return audience === "admin" ? described : { ...described, details: [] };
  });
}
