import { z } from "zod";
import { orderStatuses } from "@/server/db/schema/orders";
import { fulfilmentViews, paymentStatuses } from "./order-state-values";

/** The statuses the admin list filters by (the order table's own list). */
export { orderStatuses };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day (UTC) as the date inputs send it. */
export const orderDaySchema = z
  .string()
  .trim()
  .regex(DAY)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v));

export const orderIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

export const orderFilterSchema = z.object({
  status: z.enum(orderStatuses).optional().catch(undefined),
  payment: z.enum(paymentStatuses).optional().catch(undefined),
  fulfilment: z.enum(fulfilmentViews).optional().catch(undefined),
  email: z.string().trim().max(200).optional().catch(undefined),
  /** A range of days (UTC, both included); an unreadable day is ignored like an unknown status. */
  from: orderDaySchema.optional().catch(undefined),
  to: orderDaySchema.optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
