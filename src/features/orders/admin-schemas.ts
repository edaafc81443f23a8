import { z } from "zod";
import { orderStatuses } from "@/server/db/schema/orders";

export const orderIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

export const orderFilterSchema = z.object({
  status: z.enum(orderStatuses).optional().catch(undefined),
  email: z.string().trim().max(200).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
