import { asc, desc, eq, inArray } from "drizzle-orm";
import { writeAudit, type AdminActor } from "@/server/audit";
import type { Db } from "@/server/db/client";
import type { Executor } from "@/server/db/executor";
import { refundLines, refunds } from "@/server/db/schema/returns";
import type { PaymentProvider } from "@/server/payments/provider";
import { formatMessage } from "@/i18n/server-translator";
import { issueCreditNoteInTx } from "@/features/invoices/service";
import { linesByOrder, recordOrderEvent, toPaymentOrder, type OrderRow } from "@/features/orders/service";
import { findOrder, lockOrder, orderLineTitles } from "@/features/orders/order-reads";
import { addRefundedCents } from "@/features/orders/order-refunded";
import { queueOrderWebhook } from "@/features/orders/order-webhooks";
import { computeRefundAmounts, type RefundAmounts } from "./amounts";
import { givenBack } from "./given-back";
import { sendRefundEmail } from "./emails";
import { ReturnAdminError } from "./errors";
import type { RefundInput } from "./schemas";

/*
 * Refunds from the admin's order page (docs/product.md#refunds): units of lines, the shipping and/or an amount, with
 * a reason the customer reads. The money moves first, through the provider that took it, under a key made of the
 * order and what it had given back so far — a double click asks the provider for the same refund twice and gets one —
 * then one transaction records it: the refund row, the order's refunded total (only from the figure read before,
 * never past the paid total), the credit note, the order event, the audit row, the email and the webhook.
 */

export type RefundRow = typeof refunds.$inferSelect;

function refusal(order: OrderRow, computed: ReturnType<typeof computeRefundAmounts>, titles: Map<number, string>): RefundAmounts {
  if (computed.ok) return computed.amounts;
  const e = computed.error;
  switch (e.code) {
    case "noLines":
    case "nothingToRefund":
      throw new ReturnAdminError("refundNothing", { id: order.id });
    case "unknownLine":
      throw new ReturnAdminError("refundUnknownLine", { id: order.id });
    case "tooMany":
      throw new ReturnAdminError("refundTooMany", { title: titles.get(e.orderLineId) ?? "", left: e.left });
    case "shippingRefunded":
      throw new ReturnAdminError("refundShippingAgain", { id: order.id });
    case "overRefundable":
      throw new ReturnAdminError("refundOverLeft", { id: order.id, left: { cents: e.leftCents, currency: order.currency } });
  }
}

async function amountsFor(tx: Executor, order: OrderRow, input: RefundInput): Promise<RefundAmounts> {
  const lines = (await linesByOrder(tx, [order.id])).get(order.id) ?? [];
  const titles = new Map(lines.map((l) => [l.id, l.variantTitle ? `${l.productTitle} (${l.variantTitle})` : l.productTitle]));
  const computed = computeRefundAmounts({
    orderLines: lines,
    // Shipping as charged: its tax is inside shippingCents when prices include tax (docs/product.md#taxes-and-discounts).
    orderShippingCents: order.shippingCents + (order.pricesIncludeTax ? 0 : order.shippingTaxCents),
    orderTotalCents: order.totalCents,
    requested: input.lines,
    shipping: input.shipping,
    amountCents: input.amountCents,
    earlier: await givenBack(tx, order.id),
  });
  return refusal(order, computed, titles);
}

/** Money was taken and not all of it given back yet: paid (shipped or not), not a cash order still unpaid. */
function refundable(order: OrderRow) {
  return (order.status === "completed" || order.status === "shipped") && order.paidAt !== null;
}

export async function refundOrder(db: Db, actor: AdminActor, orderId: number, input: RefundInput, providerFor: (name: string) => PaymentProvider): Promise<RefundRow> {
  const order = await findOrder(db, orderId);
  if (!order) throw new ReturnAdminError("refundOrderNotFound", { id: orderId });
  if (!refundable(order)) throw new ReturnAdminError("refundNotPaid", { id: orderId });
  const planned = await amountsFor(db, order, input);
  let refundReference: string;
  try {
    const key = `refund-${order.id}-${order.refundedCents}-${planned.totalCents}`;
    ({ refundId: refundReference } = await providerFor(order.paymentProvider).refund(toPaymentOrder(order), { amountCents: planned.totalCents, key }));
  } catch (error) {
    throw new ReturnAdminError("refundProviderFailed", { id: orderId, detail: error instanceof Error ? error.message : String(error) });
  }
  return db.transaction(async (tx) => {
    const locked = (await lockOrder(tx, orderId))!;
    const amounts = await amountsFor(tx, locked, input);
    // Another refund or return moved the figures since the provider was asked: nothing is recorded twice.
    if (locked.refundedCents !== order.refundedCents || amounts.totalCents !== planned.totalCents) {
      throw new ReturnAdminError("refundChanged", { id: orderId });
    }
    const [row] = await tx
      .insert(refunds)
      .values({ orderId, linesCents: amounts.linesCents, shippingCents: amounts.shippingCents, amountCents: amounts.amountCents, reason: input.reason, refundReference, actorUserId: actor.userId })
      .returning();
    if (amounts.lines.length > 0) {
      await tx.insert(refundLines).values(amounts.lines.map((l) => ({ refundId: row.id, orderLineId: l.orderLineId, quantity: l.quantity, amountCents: l.amountCents })));
    }
    await addRefundedCents(tx, orderId, locked.refundedCents, amounts.totalCents);
    const locale = locked.locale === "es" ? "es" : "en";
    await issueCreditNoteInTx(tx, {
      orderId,
      reason: input.reason,
      lines: amounts.lines.map((l) => ({ orderLineId: l.orderLineId, quantity: l.quantity, totalCents: l.amountCents })),
      includeShipping: amounts.shippingCents > 0,
      adjustment: { cents: amounts.amountCents, title: formatMessage(locale, "invoices", "refundAdjustment", { reason: input.reason }) },
    });
    await recordOrderEvent(tx, { orderId, type: "refunded", note: `Refund #${row.id} of ${amounts.totalCents} ${locked.currency}: ${input.reason} (${refundReference})`, actorUserId: actor.userId });
    await writeAudit(tx, actor, {
      action: "refund",
      entity: "order",
      entityId: String(orderId),
      before: { refundedCents: locked.refundedCents },
      after: { refundedCents: locked.refundedCents + amounts.totalCents, refundId: row.id, reason: input.reason, reference: refundReference },
    });
    const titles = await orderLineTitles(tx, amounts.lines.map((l) => l.orderLineId));
    await sendRefundEmail(tx, {
      orderId,
      email: locked.email,
      locale,
      currency: locked.currency,
      amountCents: amounts.totalCents,
      reason: input.reason,
      items: amounts.lines.map((l) => ({ quantity: l.quantity, title: titleOf(titles.get(l.orderLineId)) })),
      shipping: amounts.shippingCents > 0,
    });
    await queueOrderWebhook(tx, "order.refunded", orderId, { amountCents: amounts.totalCents, reason: "refund", throughProvider: true, refundId: row.id, reference: refundReference });
    return row;
  });
}

function titleOf(line: { productTitle: string; variantTitle: string } | undefined) {
  if (!line) return "";
  return line.variantTitle ? `${line.productTitle} (${line.variantTitle})` : line.productTitle;
}

export type RefundWithLines = RefundRow & { lines: Array<{ orderLineId: number; quantity: number; amountCents: number; title: string }> };

/** An order's refunds from the order page, newest first, with the units each gave back. */
export async function refundsForOrder(db: Executor, orderId: number): Promise<RefundWithLines[]> {
  const rows = await db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(desc(refunds.createdAt), desc(refunds.id));
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(refundLines)
    .where(inArray(refundLines.refundId, rows.map((r) => r.id)))
    .orderBy(asc(refundLines.id));
  const titles = await orderLineTitles(db, lines.map((l) => l.orderLineId));
  return rows.map((r) => ({
    ...r,
    lines: lines.filter((l) => l.refundId === r.id).map((l) => ({ orderLineId: l.orderLineId, quantity: l.quantity, amountCents: l.amountCents, title: titleOf(titles.get(l.orderLineId)) })),
  }));
}
