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
