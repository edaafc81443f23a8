import { shareOfRemainder, type TakenPart } from "@/features/taxes/pricing-engine";

/*
 * What a return gives back (docs/product.md#returns), from the amounts stored on the order — never today's prices.
 * Pure, so the cent arithmetic is table-tested (amounts.test.ts).
 */

export type ShippingRefundPolicy = "full_return" | "always" | "never";

/** `totalCents`: the line as charged, tax included and after its discount (null on orders from before taxes, drizzle/0006). */
export type OrderLineForReturn = { id: number; variantId: string; quantity: number; unitPriceCents: number; salePriceCents: number | null; totalCents: number | null };

/** What the whole line cost the customer: its stored total (price × quantity on orders from before taxes). */
export function lineChargedCents(line: OrderLineForReturn): number {
  return line.totalCents ?? (line.salePriceCents ?? line.unitPriceCents) * line.quantity;
}

/**
 * The returns of the order so far that were not rejected: per order line the units they hold and the cents they give
 * back, all the cents they give back (lines and shipping), and whether one of them carries the shipping.
 */
export type EarlierReturns = { byLine: Map<number, TakenPart>; refundCents: number; shippingRefunded: boolean };

export type ReturnRequestLine = { orderLineId: number; quantity: number };

export type ReturnAmounts = {
  lines: Array<{ orderLineId: number; variantId: string; quantity: number; amountCents: number }>;
  linesCents: number;
  shippingCents: number;
};

export type ReturnAmountError =
  | { code: "noLines" }
  | { code: "unknownLine"; orderLineId: number }
  | { code: "tooMany"; orderLineId: number; left: number };

/**
 * The refund of one return. Each line gives back its share of what the line was charged, by units, out of what
 * earlier returns left of it (shareOfRemainder): the last unit takes the remainder, so every unit of a line back
 * adds up to the line's total to the cent, never more. The shipping (`orderShippingCents`, as charged, tax included)
 * follows the policy and is given back at most once. All of it stays within what is left of `orderTotalCents`, the
 * amount the order was paid. Credit notes take these amounts as they are (refund-hook.ts).
 */
export function computeReturnAmounts(input: {
  orderLines: OrderLineForReturn[];
  orderShippingCents: number;
  orderTotalCents: number;
  requested: ReturnRequestLine[];
  earlier: EarlierReturns;
  policy: ShippingRefundPolicy;
}): { ok: true; amounts: ReturnAmounts } | { ok: false; error: ReturnAmountError } {
  const wanted = new Map<number, number>();
  for (const line of input.requested) {
    if (line.quantity <= 0) continue;
    wanted.set(line.orderLineId, (wanted.get(line.orderLineId) ?? 0) + line.quantity);
  }
  if (wanted.size === 0) return { ok: false, error: { code: "noLines" } };

  const byId = new Map(input.orderLines.map((l) => [l.id, l]));
  const taken = (id: number) => input.earlier.byLine.get(id) ?? { units: 0, cents: 0 };
  const lines: ReturnAmounts["lines"] = [];
  for (const [orderLineId, quantity] of wanted) {
    const line = byId.get(orderLineId);
    if (!line) return { ok: false, error: { code: "unknownLine", orderLineId } };
    const left = line.quantity - taken(orderLineId).units;
    if (quantity > left) return { ok: false, error: { code: "tooMany", orderLineId, left: Math.max(0, left) } };
    const amountCents = shareOfRemainder(lineChargedCents(line), line.quantity, taken(orderLineId), quantity);
    lines.push({ orderLineId, variantId: line.variantId, quantity, amountCents });
  }
  lines.sort((a, b) => a.orderLineId - b.orderLineId);

  const everythingBack = input.orderLines.every((l) => taken(l.id).units + (wanted.get(l.id) ?? 0) >= l.quantity);
  const shippingDue =
    !input.earlier.shippingRefunded && (input.policy === "always" || (input.policy === "full_return" && everythingBack));
  let shippingCents = shippingDue ? input.orderShippingCents : 0;

  // Never past what the order was paid: line totals of orders from before taxes ignore their discounts. The shipping
  // gives way first, then the lines from the last.
  let over = lines.reduce((sum, l) => sum + l.amountCents, shippingCents) - Math.max(0, input.orderTotalCents - input.earlier.refundCents);
  const cut = (cents: number) => {
    const c = Math.min(cents, Math.max(0, over));
    over -= c;
    return cents - c;
  };
  shippingCents = cut(shippingCents);
  for (const line of [...lines].reverse()) line.amountCents = cut(line.amountCents);

  const linesCents = lines.reduce((sum, l) => sum + l.amountCents, 0);
  return { ok: true, amounts: { lines, linesCents, shippingCents } };
}

/** The last moment a return may be opened: shipping time plus the window, in whole days. */
export function returnDeadline(shippedAt: Date, windowDays: number): Date {
  return new Date(shippedAt.getTime() + windowDays * 86_400_000);
}
