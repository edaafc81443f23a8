import { and, eq } from "drizzle-orm";
import { customerActor, ownedBy, type OwnerOrUserId } from "./order-owner";
import type { Db } from "@/server/db/client";
import { orderLines, orders } from "@/server/db/schema/orders";
import { linesByOrder, recordOrderEvent } from "./service";
import { priceCart } from "@/features/taxes/pricing-engine";
import { loadTaxSettings, productTaxFacts } from "@/features/taxes/service";

export type RepriceOutcome =
  /** Not this payer's pending order (unknown, paid, cancelled): nothing changed. */
  | { kind: "not_pending" }
  /** Priced for that country already, or its rates give the same amounts: only the tax country may have been noted. */
  | { kind: "unchanged"; totalCents: number }
  | { kind: "repriced"; fromCents: number; totalCents: number };

/**
 * Prices a pending order again for the destination the shopper chose on the payment page
 * (docs/product.md#taxes-and-discounts, decision 0082): the same engine as checkout, fed with the order's own lines and
 * the discounts it already holds per line (so a code's amount never changes after checkout), the shipping it was
 * charged and the destination's rates today. Tax per line and per rate, shipping tax and the total are written to the
 * order and its lines in one transaction, with an order event saying what changed. The caller shows the new totals
 * before any payment is taken.
 */
export async function repriceOrderForCountry(db: Db, orderId: number, payer: OwnerOrUserId, rawCountry: string): Promise<RepriceOutcome> {
  const country = rawCountry.trim().toUpperCase();
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), ownedBy(payer), eq(orders.status, "pending")))
      .for("update");
    if (!order) return { kind: "not_pending" };
    if (order.taxCountry === country) return { kind: "unchanged", totalCents: order.totalCents };
    const lines = (await linesByOrder(tx, [order.id])).get(order.id) ?? [];
    const [tax, facts] = await Promise.all([loadTaxSettings(tx), productTaxFacts(tx, lines.map((l) => l.productId))]);
    const pricing = priceCart({
      lines: lines.map((l) => ({
        key: String(l.id),
        unitCents: l.salePriceCents ?? l.unitPriceCents,
        quantity: l.quantity,
        taxClass: facts.get(l.productId)?.taxClass ?? "standard",
        productId: l.productId,
        categoryIds: facts.get(l.productId)?.categoryIds ?? [],
        presetDiscountCents: l.discountCents,
      })),
      // What the order charges for shipping already (0 after a free-shipping discount), taxed at the new rate.
      shippingCents: order.shippingCents,
      country,
      // The order keeps the terms its prices were entered in, even if the shop's setting changed since.
      tax: { ...tax, pricesIncludeTax: order.pricesIncludeTax },
      discounts: [],
    });
    const changed =
      pricing.totalCents !== order.totalCents ||
      pricing.taxCents !== order.taxCents ||
      JSON.stringify(pricing.taxLines) !== JSON.stringify(order.taxLines);
    await tx
      .update(orders)
      .set({
        taxCountry: country,
        taxCents: pricing.taxCents,
        shippingTaxCents: pricing.shipping.taxCents,
        taxLines: pricing.taxLines,
        totalCents: pricing.totalCents,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, order.id));
    for (const line of pricing.lines) {
      await tx
        .update(orderLines)
        .set({ taxRateBp: line.taxRateBp, taxCents: line.taxCents, totalCents: line.totalCents })
        .where(eq(orderLines.id, Number(line.key)));
    }
    const note = `Taxed for ${country} (was ${order.taxCountry ?? "default rates"}): total ${order.totalCents} → ${pricing.totalCents} ${order.currency}`;
    await recordOrderEvent(tx, { orderId: order.id, type: "repriced", actorUserId: customerActor(payer).userId, note });
    return changed ? { kind: "repriced", fromCents: order.totalCents, totalCents: pricing.totalCents } : { kind: "unchanged", totalCents: pricing.totalCents };
  });
}
