import { z } from "zod";
import { promotionKinds } from "@/server/db/schema/promotions";
import { currencyExponent, parseDecimalInput, parseMoneyInput } from "@/lib/money";
import { zonedLocalToInstant } from "@/lib/time-zone";
import { PromotionAdminError } from "./promotion-errors";

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

/** A date as typed: "" (none) or a datetime-local value on the shop's clock, read by promotionInput. */
const typedDate = z.string().trim().max(40);

/** An amount as typed; read in the store currency by promotionInput (its digits: docs/product.md#prices). */
const typedAmount = z.string().trim().max(30);

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
    amount: typedAmount.default("0"),
    minSubtotal: typedAmount.default("0"),
    startsAt: typedDate.default(""),
    endsAt: typedDate.default(""),
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
  });

/** Upper bound of a fixed discount or minimum subtotal in minor units, as for a product's price. */
const MAX_AMOUNT = 100_000_000;

/**
 * The form as the browser sends it → the row's values: percent as basis points (typed as 10 or 12,5), a fixed amount
 * and the minimum subtotal in minor units of the store currency. An amount the currency cannot hold ("12,50" in
 * pesos) is refused in words naming the field, never rounded. Dates are typed on the shop's clock (settings:
 * store.timeZone) and stored as the instants they name there: 18:00 in Madrid in winter is 17:00Z.
 */
export function promotionInput(raw: unknown, currency: string, timeZone: string) {
  const { amount, minSubtotal, startsAt, endsAt, ...rest } = promotionInputSchema.parse(raw);
  const date = (field: "startsAt" | "endsAt", text: string) => {
    if (text === "") return null;
    const instant = zonedLocalToInstant(text, timeZone);
    if (!instant) throw new PromotionAdminError("promotionDateInvalid", {}, undefined, { field });
    return instant;
  };
  const read = (field: "amount" | "minSubtotal", text: string) => {
    const parsed = field === "amount" && rest.kind === "percent" ? parseDecimalInput(text || "0", 2) : parseMoneyInput(text || "0", currency);
    if (parsed.ok) {
      const limit = field === "amount" && rest.kind === "percent" ? 10_000 : MAX_AMOUNT;
      if (parsed.cents <= limit) return parsed.cents;
      throw new PromotionAdminError("promotionValue", {}, undefined, { field });
    }
    if (field === "amount" && rest.kind === "percent") throw new PromotionAdminError("promotionValue", {}, undefined, { field });
    if (parsed.reason === "tooManyDecimals") throw new PromotionAdminError("amountDecimals", { currency: currency.toUpperCase(), digits: parsed.digits }, undefined, { field });
    throw new PromotionAdminError("amountFormat", { digits: currencyExponent(currency) }, undefined, { field });
  };
  return {
    ...rest,
    // percent: basis points; fixed: minor units; free shipping: 0.
    value: rest.kind === "free_shipping" ? 0 : read("amount", amount),
    minSubtotalCents: read("minSubtotal", minSubtotal),
    startsAt: date("startsAt", startsAt),
    endsAt: date("endsAt", endsAt),
  };
}

export const promotionIdSchema = z.coerce.number().int().min(1).max(2_147_483_647);

export type PromotionInput = ReturnType<typeof promotionInput>;
