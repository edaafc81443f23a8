"use server";

import { z } from "zod";
import { getSessionUser } from "@/features/accounts/session";
import { shippingRuleFromSettings } from "@/features/checkout/shipping-settings";
import { CATALOG_ID, MAX_CHECKOUT_LINES, MAX_QUANTITY_PER_VARIANT } from "@/features/checkout/schemas";
import { getDb } from "@/server/db/client";
import { quoteCart, type CartQuote } from "./cart-quote";
import { promotionMessage } from "./promotion-errors";
import { CODE_PATTERN } from "./service";

const quoteSchema = z.object({
  items: z.array(z.object({ variantId: z.string().regex(CATALOG_ID), quantity: z.number().int().min(1).max(MAX_QUANTITY_PER_VARIANT) })).min(1).max(MAX_CHECKOUT_LINES),
  code: z.string().trim().max(60).nullable(),
  locale: z.enum(["en", "es"]).catch("en"),
});

/**
 * The cart drawer's totals and code check: validate → (optional) session → service. Visitors get an estimate too;
 * a code's once-per-customer rule is checked for signed-in shoppers (and again at checkout).
 */
export async function quoteCartAction(input: unknown): Promise<CartQuote | null> {
  const parsed = quoteSchema.safeParse(input);
  if (!parsed.success) return null;
  const { items, code, locale } = parsed.data;
  if (code && !CODE_PATTERN.test(code)) return { ok: false, message: promotionMessage("invalid", locale) };
  const user = await getSessionUser();
  return quoteCart(await getDb(), { items, code: code || null, userId: user?.id ?? null, locale, now: new Date(), shipping: shippingRuleFromSettings() });
}
