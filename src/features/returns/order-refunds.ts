import { desc, eq } from "drizzle-orm";
import type { Executor } from "@/server/db/executor";
import { returns } from "@/server/db/schema/returns";
import { linesByOrder } from "@/features/orders/service";
import { findOrder } from "@/features/orders/order-reads";
import { lineChargedCents } from "./amounts";
import { givenBack } from "./given-back";
import { refundsForOrder, type RefundWithLines } from "./refund-service";

/**
 * What an order's pages show of the money given back (docs/product.md#refunds): its returns and refunds, what was paid,
 * what came back and the net; for the admin also what is left to refund per line, of the shipping and in all.
 */
export type OrderMoneyBack = {
  currency: string;
  paidCents: number;
  refundedCents: number;
  netCents: number;
  returns: Array<{ id: number; status: string; amountCents: number; createdAt: Date; decisionNote: string | null }>;
  refunds: RefundWithLines[];
  /** For the refund form: units and the shipping not yet given back or promised, and the amount left. */
  left: { cents: number; shippingCents: number; lines: Array<{ orderLineId: number; title: string; units: number; unitCents: number }> };
};

export async function orderMoneyBack(db: Executor, orderId: number): Promise<OrderMoneyBack | null> {
  const order = await findOrder(db, orderId);
  if (!order) return null;
  const [returnRows, refunds, earlier, lines] = [
    await db.select().from(returns).where(eq(returns.orderId, orderId)).orderBy(desc(returns.createdAt), desc(returns.id)),
    await refundsForOrder(db, orderId),
    await givenBack(db, orderId),
    (await linesByOrder(db, [orderId])).get(orderId) ?? [],
  ];
  const paidCents = order.paidAt ? order.totalCents : 0;
  const shippingCharged = order.shippingCents + (order.pricesIncludeTax ? 0 : order.shippingTaxCents);
  return {
    currency: order.currency,
    paidCents,
    refundedCents: order.refundedCents,
    netCents: paidCents - order.refundedCents,
    returns: returnRows.map((r) => ({ id: r.id, status: r.status, amountCents: r.linesCents + r.shippingCents, createdAt: r.createdAt, decisionNote: r.decisionNote })),
    refunds,
    left: {
      cents: Math.max(0, paidCents - earlier.refundCents),
      shippingCents: earlier.shippingRefunded ? 0 : shippingCharged,
      lines: lines
        .map((l) => ({
          orderLineId: l.id,
          title: l.variantTitle ? `${l.productTitle} (${l.variantTitle})` : l.productTitle,
          units: l.quantity - (earlier.byLine.get(l.id)?.units ?? 0),
          // Shown as a guide in the form; the server takes each unit's exact share when it refunds.
          unitCents: Math.round(lineChargedCents(l) / l.quantity),
        }))
        .filter((l) => l.units > 0),
    },
  };
}
