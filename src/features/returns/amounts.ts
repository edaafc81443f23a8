import { divHalfUp } from "@/features/taxes/pricing-engine";

/*
 * What a return gives back (docs/product.md#returns), from the amounts stored on the order — never today's prices.
 * Pure, so the cent arithmetic is table-tested (amounts.test.ts).
 */

export type ShippingRefundPolicy = "full_return" | "always" | "never";

/** `totalCents`: the line as charged, tax included and after its discount (null on orders from before taxes, drizzle/0006). */
export type OrderLineForReturn = { id: number; variantId: string; quantity: number; unitPriceCents: number; salePriceCents: number | null; totalCents: number | null };

/**
 * What `quantity` units of a line cost the customer: the stored line total, prorated half-up for part of the line —
 * the same cents as the credit note of those units (src/features/invoices/service.ts, issueCreditNoteInTx).
 */
export function chargedCents(line: OrderLineForReturn, quantity: number): number {
  const total = line.totalCents ?? (line.salePriceCents ?? line.unitPriceCents) * line.quantity;
  return quantity === line.quantity ? total : divHalfUp(total * quantity, line.quantity);
}

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
 * The refund of one return. `alreadyReturned` counts units of each order line in earlier returns that were not
 * rejected; `shippingAlreadyRefunded` is true when an earlier return already carries the order's shipping (it is
 * given back at most once). Each line is what was charged for those units (chargedCents); `orderShippingCents` is the
 * shipping as charged, tax included.
 */
export function computeReturnAmounts(input: {
  orderLines: OrderLineForReturn[];
  orderShippingCents: number;
  requested: ReturnRequestLine[];
  alreadyReturned: Map<number, number>;
  shippingAlreadyRefunded: boolean;
  policy: ShippingRefundPolicy;
}): { ok: true; amounts: ReturnAmounts } | { ok: false; error: ReturnAmountError } {
  const wanted = new Map<number, number>();
  for (const line of input.requested) {
    if (line.quantity <= 0) continue;
    wanted.set(line.orderLineId, (wanted.get(line.orderLineId) ?? 0) + line.quantity);
  }
  if (wanted.size === 0) return { ok: false, error: { code: "noLines" } };

  const byId = new Map(input.orderLines.map((l) => [l.id, l]));
  const lines: ReturnAmounts["lines"] = [];
  for (const [orderLineId, quantity] of wanted) {
    const line = byId.get(orderLineId);
    if (!line) return { ok: false, error: { code: "unknownLine", orderLineId } };
    const left = line.quantity - (input.alreadyReturned.get(orderLineId) ?? 0);
    if (quantity > left) return { ok: false, error: { code: "tooMany", orderLineId, left: Math.max(0, left) } };
    lines.push({ orderLineId, variantId: line.variantId, quantity, amountCents: chargedCents(line, quantity) });
  }
  lines.sort((a, b) => a.orderLineId - b.orderLineId);
  const linesCents = lines.reduce((sum, l) => sum + l.amountCents, 0);

  const everythingBack = input.orderLines.every(
    (l) => (input.alreadyReturned.get(l.id) ?? 0) + (wanted.get(l.id) ?? 0) >= l.quantity,
  );
  const shippingDue =
    !input.shippingAlreadyRefunded && (input.policy === "always" || (input.policy === "full_return" && everythingBack));
  return { ok: true, amounts: { lines, linesCents, shippingCents: shippingDue ? input.orderShippingCents : 0 } };
}

/** The last moment a return may be opened: shipping time plus the window, in whole days. */
export function returnDeadline(shippedAt: Date, windowDays: number): Date {
  return new Date(shippedAt.getTime() + windowDays * 86_400_000);
}
