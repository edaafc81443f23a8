import { and, eq } from "drizzle-orm";
import { customerActor, ownedBy, type OwnerOrUserId } from "./order-owner";
import type { Db } from "@/server/db/client";
import { orderLines, orders } from "@/server/db/schema/orders";
import { linesByOrder, recordOrderEvent } from "./service";
import { priceCart } from "@/features/taxes/pricing-engine";
import { loadTaxSettings, productTaxFacts } from "@/features/taxes/service";
import { chooseShippingMethod, orderShippingMethod } from "@/features/shipping/service";

export type RepriceOutcome =
  /** Not this payer's pending order (unknown, paid, cancelled): nothing changed. */
  | { kind: "not_pending" }
  /** Priced for that country already, or its rates give the same amounts: only the tax country may have been noted. */
  | { kind: "unchanged"; totalCents: number }
  | { kind: "repriced"; fromCents: number; totalCents: number }
  /** No shipping method serves that country for this order (or the one named does not): nothing changed. */
  | { kind: "not_shipped" };

/**
 * Prices a pending order again for the destination the shopper chose on the payment page
 * (docs/product.md#taxes-and-discounts, decision 0082): the same engine as checkout, fed with the order's own lines and
 * the discounts it already holds per line (so a code's amount never changes after checkout), the shipping it was
 * charged and the destination's rates today. Tax per line and per rate, shipping tax and the total are written to the
 * order and its lines in one transaction, with an order event saying what changed. The caller shows the new totals
 * before any payment is taken.
 */
export async function repriceOrderForCountry(db: Db, orderId: number, payer: OwnerOrUserId, rawCountry: string, methodId?: number): Promise<RepriceOutcome> {
  const country = rawCountry.trim().toUpperCase();
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), ownedBy(payer), eq(orders.status, "pending")))
      .for("update");
    if (!order) return { kind: "not_pending" };
    const method = order.shippingMethod;
    if (order.taxCountry === country && (methodId === undefined || methodId === method?.methodId)) return { kind: "unchanged", totalCents: order.totalCents };
    // The shipping method for the new destination (docs/product.md#shipping): the one named, else the order's own when
    // it serves there, else the cheapest that does. Orders from before methods existed keep the shipping they had.
    let shipping: { cents: number; method: typeof method } = { cents: order.shippingCents, method };
    if (method) {
      const cart = { subtotalCents: order.subtotalCents, weightGrams: method.weightGrams };
      let choice = await chooseShippingMethod(tx, country, cart, methodId ?? method.methodId);
      if (!choice.ok && methodId === undefined && choice.reason === "method_unavailable") choice = await chooseShippingMethod(tx, country, cart);
      if (!choice.ok) return { kind: "not_shipped" };
      // A free-shipping code the order holds keeps its shipping free.
      const freeByCode = order.discountLines.some((d) => d.kind === "free_shipping");
      shipping = { cents: freeByCode ? 0 : choice.method.priceCents, method: orderShippingMethod(choice.method, method.weightGrams) };
    }
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
      // The destination's method (0 after a free-shipping discount), taxed at the new rate.
      shippingCents: shipping.cents,
      country,
      // The order keeps the terms its prices were entered in, even if the shop's setting changed since.
      tax: { ...tax, pricesIncludeTax: order.pricesIncludeTax },
      discounts: [],
    });
    const changed =
      pricing.totalCents !== order.totalCents ||
      pricing.shippingCents !== order.shippingCents ||
      pricing.taxCents !== order.taxCents ||
      JSON.stringify(pricing.taxLines) !== JSON.stringify(order.taxLines);
    await tx
      .update(orders)
      .set({
        taxCountry: country,
        shippingCents: pricing.shippingCents,
        shippingMethod: shipping.method,
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
    const via = shipping.method ? `, shipping ${shipping.method.nameEn} ${pricing.shippingCents}` : "";
    const note = `Taxed for ${country} (was ${order.taxCountry ?? "default rates"})${via}: total ${order.totalCents} → ${pricing.totalCents} ${order.currency}`;
    await recordOrderEvent(tx, { orderId: order.id, type: "repriced", actorUserId: customerActor(payer).userId, note });
    return changed ? { kind: "repriced", fromCents: order.totalCents, totalCents: pricing.totalCents } : { kind: "unchanged", totalCents: pricing.totalCents };
  });
}
