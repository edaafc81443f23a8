import { z } from "zod";

/** A shopper's return request: only ids, quantities and a reason cross the wire; amounts are the server's. */
export const returnRequestSchema = z.object({
  orderId: z.coerce.number().int().positive().max(2_147_483_647),
  lines: z
    .array(z.object({ orderLineId: z.coerce.number().int().positive().max(2_147_483_647), quantity: z.coerce.number().int().min(0).max(10_000) }))
    .max(200),
  reason: z.string().trim().min(1).max(1000),
});
export type ReturnRequestInput = z.output<typeof returnRequestSchema>;

export const returnIdSchema = z.coerce.number().int().positive().max(2_147_483_647);


/**
 * A refund from the order page (docs/product.md#refunds): units of lines, the shipping, an amount (minor units,
 * parsed from the admin's text in the order's currency by the action) and the reason the customer is told.
 */
export const refundSchema = z.object({
  orderId: z.coerce.number().int().positive().max(2_147_483_647),
  lines: z
    .array(z.object({ orderLineId: z.coerce.number().int().positive().max(2_147_483_647), quantity: z.coerce.number().int().min(0).max(10_000) }))
    .max(200),
  shipping: z.boolean(),
  amountCents: z.number().int().min(0).max(100_000_000),
  reason: z.string().trim().min(1).max(500),
});
export type RefundInput = z.output<typeof refundSchema>;

/** Rejecting a return says why, in words the customer receives. */
export const rejectReturnSchema = z.object({ returnId: returnIdSchema, reason: z.string().trim().min(1).max(500) });
