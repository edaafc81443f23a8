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
  const wanted = wantedUnits(input.requested);
  if (wanted.size === 0) return { ok: false, error: { code: "noLines" } };
  const shares = lineShares(input.orderLines, wanted, input.earlier);
  if (!shares.ok) return shares;
  const { lines } = shares;
  const taken = (id: number) => input.earlier.byLine.get(id) ?? { units: 0, cents: 0 };

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

/** Units asked for per order line (a line named twice counts once, with both quantities). */
function wantedUnits(requested: ReturnRequestLine[]): Map<number, number> {
  const wanted = new Map<number, number>();
  for (const line of requested) {
    if (line.quantity <= 0) continue;
    wanted.set(line.orderLineId, (wanted.get(line.orderLineId) ?? 0) + line.quantity);
  }
  return wanted;
}

/**
 * Each wanted line's share of what the line was charged, by units, out of what earlier returns and refunds left of
 * it (shareOfRemainder): the last unit takes the remainder, so every unit of a line adds up to its total to the cent.
 */
function lineShares(
  orderLines: OrderLineForReturn[],
  wanted: Map<number, number>,
  earlier: EarlierReturns,
): { ok: true; lines: ReturnAmounts["lines"] } | { ok: false; error: ReturnAmountError } {
  const byId = new Map(orderLines.map((l) => [l.id, l]));
  const taken = (id: number) => earlier.byLine.get(id) ?? { units: 0, cents: 0 };
  const lines: ReturnAmounts["lines"] = [];
  for (const [orderLineId, quantity] of wanted) {
    const line = byId.get(orderLineId);
    if (!line) return { ok: false, error: { code: "unknownLine", orderLineId } };
    const left = line.quantity - taken(orderLineId).units;
    if (quantity > left) return { ok: false, error: { code: "tooMany", orderLineId, left: Math.max(0, left) } };
    lines.push({ orderLineId, variantId: line.variantId, quantity, amountCents: shareOfRemainder(lineChargedCents(line), line.quantity, taken(orderLineId), quantity) });
  }
  lines.sort((a, b) => a.orderLineId - b.orderLineId);
  return { ok: true, lines };
}

export type RefundAmounts = ReturnAmounts & { amountCents: number; totalCents: number };

export type RefundAmountError =
  | ReturnAmountError
  | { code: "nothingToRefund" }
  | { code: "shippingRefunded" }
  | { code: "overRefundable"; leftCents: number };

/**
 * A refund from the order page (docs/product.md#refunds): some units of lines (each its share, as a return's), the
 * shipping as charged (once per order), and/or an amount. Unlike a return it is never cut to fit: past what is left
 * of the paid total it is refused with what is left, so the owner decides.
 */
export function computeRefundAmounts(input: {
  orderLines: OrderLineForReturn[];
  orderShippingCents: number;
  orderTotalCents: number;
  requested: ReturnRequestLine[];
  shipping: boolean;
  amountCents: number;
  earlier: EarlierReturns;
}): { ok: true; amounts: RefundAmounts } | { ok: false; error: RefundAmountError } {
  const shares = lineShares(input.orderLines, wantedUnits(input.requested), input.earlier);
  if (!shares.ok) return shares;
  if (input.shipping && input.earlier.shippingRefunded) return { ok: false, error: { code: "shippingRefunded" } };
  const linesCents = shares.lines.reduce((sum, l) => sum + l.amountCents, 0);
  const shippingCents = input.shipping ? input.orderShippingCents : 0;
  const totalCents = linesCents + shippingCents + input.amountCents;
  if (totalCents <= 0) return { ok: false, error: { code: "nothingToRefund" } };
  const leftCents = Math.max(0, input.orderTotalCents - input.earlier.refundCents);
  if (totalCents > leftCents) return { ok: false, error: { code: "overRefundable", leftCents } };
  return { ok: true, amounts: { lines: shares.lines, linesCents, shippingCents, amountCents: input.amountCents, totalCents } };
}

/** The last moment a return may be opened: shipping time plus the window, in whole days. */
export function returnDeadline(shippedAt: Date, windowDays: number): Date {
  return new Date(shippedAt.getTime() + windowDays * 86_400_000);
}
