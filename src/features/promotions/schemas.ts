import { z } from "zod";
import { promotionKinds } from "@/server/db/schema/promotions";

const idList = z
  .string()
  .max(2000)
  .transform((s) =>
    s
      .split(",")
      .map((x) => x.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().regex(/^[A-Za-z0-9_-]{1,100}$/)).max(200));

const optionalDate = z
  .string()
  .max(40)
  .transform((s, ctx) => {
    if (!s.trim()) return null;
    // datetime-local has no zone: the admin screen states UTC.
    const d = new Date(/[zZ]|[+-]\d\d:\d\d$/.test(s) ? s : `${s}Z`);
    if (Number.isNaN(d.getTime())) {
      ctx.addIssue({ code: "custom", message: "not a date" });
      return z.NEVER;
    }
    return d;
  });

const major = (max: number) => z.coerce.number().min(0).max(max);

/**
 * The admin form of a discount code or automatic promotion (docs/product.md#discount-codes), as the browser sends it
 * (strings from inputs) → the row's values. Percent is typed as 10 or 12.5, amounts in the currency's main unit.
 */
export const promotionInputSchema = z
  .object({
    code: z
      .string()
      .trim()
      .max(40)
      .refine((c) => c === "" || /^[A-Za-z0-9_-]{1,40}$/.test(c), { message: "letters, digits, - and _ only" })
      .transform((c) => (c === "" ? null : c.toUpperCase())),
    nameEn: z.string().trim().min(1).max(100),
    nameEs: z.string().trim().max(100).default(""),
    kind: z.enum(promotionKinds),
    amount: major(1_000_000).default(0),
    minSubtotal: major(1_000_000).default(0),
    startsAt: optionalDate.default(null),
    endsAt: optionalDate.default(null),
    usageLimit: z
      .string()
      .trim()
      .max(9)
      .transform((s) => (s === "" ? null : Number(s)))
      .pipe(z.number().int().min(1).max(1_000_000_000).nullable())
      .default(null),
    oncePerCustomer: z.boolean().default(false),
    productIds: idList.default([]),
    categoryIds: idList.default([]),
    active: z.boolean().default(true),
  })
  .transform(({ amount, minSubtotal, ...rest }) => ({
    ...rest,
    // percent: basis points; fixed: cents; free shipping: 0.
    value: rest.kind === "percent" ? Math.round(amount * 100) : rest.kind === "fixed" ? Math.round(amount * 100) : 0,
    minSubtotalCents: Math.round(minSubtotal * 100),
  }));

export const promotionIdSchema = z.coerce.number().int().min(1).max(2_147_483_647);

export type PromotionInput = z.infer<typeof promotionInputSchema>;
