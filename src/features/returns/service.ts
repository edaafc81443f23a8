import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { writeAudit, type AdminActor } from "@/server/audit";
import type { Executor } from "@/server/db/executor";
import { linesByOrder, recordOrderEvent, toPaymentOrder, type OrderRow } from "@/features/orders/service";
import { findOrder, lockOrder, lockOwnOrder, orderContacts, orderLineTitles } from "@/features/orders/order-reads";
import { addRefundedCents } from "@/features/orders/order-refunded";
import { changeStock } from "@/features/inventory/service";
import type { Db } from "@/server/db/client";
import { returnLines, returns, type ReturnStatus } from "@/server/db/schema/returns";
import { shopSettings } from "@/features/settings/queries";
import type { PaymentProvider } from "@/server/payments/provider";
import { computeReturnAmounts, returnDeadline } from "./amounts";
import { givenBack } from "./given-back";
import { sendReturnEmail } from "./emails";
import { ReturnAdminError, ReturnError } from "./errors";
import { onReturnRefunded } from "./refund-hook";
import type { ReturnRequestInput } from "./schemas";
import { pageCount, pageNumber, pageWindow } from "@/lib/paging";

/*
 * Returns (docs/product.md#returns): requested → approved | rejected; approved → received (stock back) → refunded
 * (through the provider that took the money). Every step is a conditional update on the current status inside one
 * transaction with its order event, audit row (admin steps) and email, so a double click or two admins move a return
 * once.
 */

export type ReturnRow = typeof returns.$inferSelect;

function lineTitle(line: { productTitle: string; variantTitle: string }) {
  return line.variantTitle ? `${line.productTitle} (${line.variantTitle})` : line.productTitle;
}

/** A shopper opens a return on their own shipped order, within the returns settings' window of shipping. */
export async function requestReturn(db: Db, userId: string, input: ReturnRequestInput, now = new Date()): Promise<ReturnRow> {
  // Read before the transaction (PGlite runs one at a time): the merchant's returns settings (docs/product.md#settings).
  const { returns: policy } = await shopSettings(db);
  return db.transaction(async (tx) => {
    // The order row lock serialises two returns opened at once on the same order (quantities stay within the order).
    const order = await lockOwnOrder(tx, input.orderId, userId);
    if (!order) throw new ReturnError("orderNotFound", { id: input.orderId });
    if (order.status !== "shipped" || !order.shippedAt) throw new ReturnError("notShipped", { id: order.id });
    if (now > returnDeadline(order.shippedAt, policy.windowDays)) throw new ReturnError("windowClosed", { id: order.id, days: policy.windowDays });

    const lines = (await linesByOrder(tx, [order.id])).get(order.id) ?? [];
    const computed = computeReturnAmounts({
      orderLines: lines,
      // Shipping as charged: its tax is inside shippingCents when prices include tax (docs/product.md#taxes-and-discounts).
      orderShippingCents: order.shippingCents + (order.pricesIncludeTax ? 0 : order.shippingTaxCents),
      orderTotalCents: order.totalCents,
      requested: input.lines,
      earlier: await givenBack(tx, order.id),
      policy: policy.shippingRefund,
    });
    if (!computed.ok) {
      const e = computed.error;
      if (e.code === "noLines") throw new ReturnError("noLines");
      const line = lines.find((l) => l.id === e.orderLineId);
      if (e.code === "unknownLine" || !line) throw new ReturnError("unknownLine");
      throw new ReturnError("tooMany", { title: lineTitle(line), left: e.left });
    }
    const { amounts } = computed;
    const [created] = await tx
      .insert(returns)
      .values({ orderId: order.id, userId, reason: input.reason, linesCents: amounts.linesCents, shippingCents: amounts.shippingCents })
      .returning();
    await tx.insert(returnLines).values(amounts.lines.map((l) => ({ returnId: created.id, ...l })));
    await recordOrderEvent(tx, { orderId: order.id, type: "return_requested", note: `Return #${created.id}: ${input.reason}`, actorUserId: userId });
    const byId = new Map(lines.map((l) => [l.id, l]));
    await sendReturnEmail(tx, {
      status: "requested",
      returnId: created.id,
      orderId: order.id,
      email: order.email,
      locale: order.locale,
      currency: order.currency,
      items: amounts.lines.map((l) => ({ quantity: l.quantity, title: lineTitle(byId.get(l.orderLineId)!) })),
      refundCents: amounts.linesCents + amounts.shippingCents,
    });
    return created;
  });
}

const nextStatuses: Record<ReturnStatus, ReturnStatus[]> = {
  requested: ["approved", "rejected"],
  approved: ["received"],
  rejected: [],
  received: ["refunded"],
  refunded: [],
};

type LockedReturn = { ret: ReturnRow; order: OrderRow; items: Array<{ variantId: string; quantity: number; title: string }> };

async function lockReturn(tx: Executor, returnId: number): Promise<LockedReturn> {
  const [ret] = await tx.select().from(returns).where(eq(returns.id, returnId)).for("update");
  if (!ret) throw new ReturnAdminError("returnNotFound", { id: returnId });
  // A return always names an existing order (a foreign key); locked after the return, as refunds lock it alone.
  const order = (await lockOrder(tx, ret.orderId))!;
  const items = await tx
    .select({ variantId: returnLines.variantId, quantity: returnLines.quantity, orderLineId: returnLines.orderLineId })
    .from(returnLines)
    .where(eq(returnLines.returnId, returnId))
    .orderBy(returnLines.id);
  const titles = await orderLineTitles(tx, items.map((i) => i.orderLineId));
  return { ret, order, items: items.map((i) => ({ variantId: i.variantId, quantity: i.quantity, title: lineTitle(titles.get(i.orderLineId)!) })) };
}

/** One step of the state machine with its event, audit row and email; `extra` runs in the same transaction. */
async function moveReturn(
  db: Db,
  actor: AdminActor,
  returnId: number,
  to: ReturnStatus,
  extra: (tx: Executor, locked: LockedReturn) => Promise<Partial<typeof returns.$inferInsert>> = async () => ({}),
) {
  return db.transaction(async (tx) => {
    const locked = await lockReturn(tx, returnId);
    const { ret, order } = locked;
    if (!nextStatuses[ret.status].includes(to)) throw new ReturnAdminError("returnIllegalTransition", { id: returnId, from: ret.status, to });
    const now = new Date();
    const set = await extra(tx, locked);
    const [updated] = await tx
      .update(returns)
      .set({ status: to, updatedAt: now, ...set })
      .where(and(eq(returns.id, returnId), eq(returns.status, ret.status)))
      .returning();
    await recordOrderEvent(tx, { orderId: order.id, type: `return_${to}`, note: `Return #${returnId}: ${ret.status} → ${to}${set.refundReference ? ` (refund ${set.refundReference})` : ""}`, actorUserId: actor.userId });
    await writeAudit(tx, actor, { action: `return-${to}`, entity: "return", entityId: String(returnId), before: { status: ret.status }, after: { status: to, ...(set.refundReference ? { refundReference: set.refundReference } : {}) } });
    await sendReturnEmail(tx, {
      status: to,
      returnId,
      orderId: order.id,
      email: order.email,
      locale: order.locale,
      currency: order.currency,
      items: locked.items,
      refundCents: ret.linesCents + ret.shippingCents,
      note: set.decisionNote,
    });
    return { updated, locked, tx };
  });
}

export async function approveReturn(db: Db, actor: AdminActor, returnId: number) {
  return (await moveReturn(db, actor, returnId, "approved", async () => ({ decidedAt: new Date() }))).updated;
}

/** Rejected with the shop's reason, which the customer receives (docs/product.md#returns). */
export async function rejectReturn(db: Db, actor: AdminActor, returnId: number, reason: string) {
  return (await moveReturn(db, actor, returnId, "rejected", async () => ({ decidedAt: new Date(), decisionNote: reason }))).updated;
}

/** The parcel came back: the returned units go back on managed variants and waiting shoppers hear of it. */
export async function receiveReturn(db: Db, actor: AdminActor, returnId: number) {
  const { updated } = await moveReturn(db, actor, returnId, "received", async (tx, { items, order }) => {
    // Through inventory: the shop's one lock order, the ledger row and the back-in-stock alerts.
    const ref = { actor: { kind: "admin" as const, userId: actor.userId }, orderId: order.id, returnId };
    await changeStock(tx, "return", items.map((i) => ({ variantId: i.variantId, change: i.quantity })), ref);
    return { receivedAt: new Date() };
  });
  return updated;
}

/**
 * Gives the return's money back through the provider that took the order's (a part refund keyed by the return, so a
 * retry never pays twice), then records it. A refused refund leaves the return "received" to be retried.
 */
export async function refundReturn(db: Db, actor: AdminActor, returnId: number, providerFor: (name: string) => PaymentProvider) {
  const [current] = await db.select().from(returns).where(eq(returns.id, returnId));
  if (!current) throw new ReturnAdminError("returnNotFound", { id: returnId });
  if (current.status !== "received") throw new ReturnAdminError("returnIllegalTransition", { id: returnId, from: current.status, to: "refunded" });
  const order = (await findOrder(db, current.orderId))!;
  const amountCents = current.linesCents + current.shippingCents;
  let refundReference = "none";
  if (amountCents > 0) {
    try {
      ({ refundId: refundReference } = await providerFor(order.paymentProvider).refund(toPaymentOrder(order), { amountCents, key: `return-${returnId}` }));
    } catch (error) {
      throw new ReturnAdminError("returnRefundFailed", { id: returnId, detail: error instanceof Error ? error.message : String(error) });
    }
  }
  const { updated } = await moveReturn(db, actor, returnId, "refunded", async (tx, locked) => {
    await addRefundedCents(tx, locked.order.id, locked.order.refundedCents, amountCents);
    await onReturnRefunded(tx, {
      returnId,
      orderId: locked.order.id,
      currency: locked.order.currency,
      linesCents: locked.ret.linesCents,
      shippingCents: locked.ret.shippingCents,
      refundReference,
    });
    return { refundReference, refundedAt: new Date() };
  });
  return updated;
}

/** Received, then refunded: what 'Mark received' does. The stock is back even if the refund must be retried. */
export async function receiveAndRefundReturn(db: Db, actor: AdminActor, returnId: number, providerFor: (name: string) => PaymentProvider) {
  await receiveReturn(db, actor, returnId);
  return refundReturn(db, actor, returnId, providerFor);
}

export type ReturnWithLines = ReturnRow & { lines: Array<{ orderLineId: number; quantity: number; amountCents: number; title: string }> };

async function withLines(db: Executor, rows: ReturnRow[]): Promise<ReturnWithLines[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select({ returnId: returnLines.returnId, orderLineId: returnLines.orderLineId, quantity: returnLines.quantity, amountCents: returnLines.amountCents })
    .from(returnLines)
    .where(inArray(returnLines.returnId, rows.map((r) => r.id)))
    .orderBy(returnLines.id);
  const titles = await orderLineTitles(db, lines.map((l) => l.orderLineId));
  return rows.map((r) => ({
    ...r,
    lines: lines
      .filter((l) => l.returnId === r.id)
      .map((l) => ({ orderLineId: l.orderLineId, quantity: l.quantity, amountCents: l.amountCents, title: lineTitle(titles.get(l.orderLineId)!) })),
  }));
}

/** The shopper's own returns (ownership is part of the query). */
export async function listReturnsForUser(db: Executor, userId: string) {
  return withLines(db, await db.select().from(returns).where(eq(returns.userId, userId)).orderBy(desc(returns.createdAt), desc(returns.id)));
}

export const ADMIN_RETURNS_PAGE_SIZE = 50;

/**
 * The admin screen, a page at a time: open returns first (requested, approved, received), then the rest, newest first
 * (docs/product.md#returns). Paged, so a shop with years of returns still reaches its oldest ones.
 */
export async function listReturnsForAdmin(db: Executor, { page = 1, pageSize = ADMIN_RETURNS_PAGE_SIZE }: { page?: number; pageSize?: number } = {}) {
  const [{ total }] = await db.select({ total: count() }).from(returns);
  const pages = pageCount(total, pageSize);
  const shown = Math.min(pageNumber(page), pages);
  const rows = await db
    .select()
    .from(returns)
    .orderBy(sql`case ${returns.status} when 'requested' then 0 when 'approved' then 1 when 'received' then 2 else 3 end`, desc(returns.createdAt), desc(returns.id))
    .limit(pageSize)
    .offset(pageWindow(shown, pageSize).offset);
  const withOrder = await withLines(db, rows);
  const byOrder = await orderContacts(db, rows.map((r) => r.orderId));
  const listed = withOrder.map((r) => ({ ...r, email: byOrder.get(r.orderId)?.email ?? "", currency: byOrder.get(r.orderId)?.currency ?? "EUR" }));
  return { rows: listed, total, page: shown, pageCount: pages };
}
