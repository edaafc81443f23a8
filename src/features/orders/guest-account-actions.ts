"use server";

import { headers } from "next/headers";
import { z } from "zod";
import { registerOrderEmail } from "@/features/accounts/order-email-account";
import { fullNameSchema, passwordSchema, type AuthErrorKey } from "@/features/accounts/schemas";
import { getDb } from "@/server/db/client";
import { getGuestOrderByToken } from "./guest-order";

const inputSchema = z.object({
  orderId: z.number().int().positive().max(2_147_483_647),
  token: z.string().min(1).max(500),
  fullName: fullNameSchema,
  password: passwordSchema,
  locale: z.enum(["en", "es"]).catch("en"),
});

export type GuestAccountResult = { ok: true; email: string } | { ok: false; error: AuthErrorKey | "orderGone" };

/**
 * "Create an account with this email" on a guest order's success page (docs/product.md#success-page): only the
 * holder of the order's private link, only while the order is still a guest's, and only for the order's own email —
 * the browser never names the address. The verification mail it sends is what joins the order to the account.
 */
export async function createAccountForGuestOrderAction(input: unknown): Promise<GuestAccountResult> {
  const parsed = inputSchema.safeParse(input);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message;
    return { ok: false, error: message === "passwordTooShort" || message === "passwordTooLong" || message === "fullNameRequired" ? message : "orderGone" };
  }
  const { orderId, token, fullName, password, locale } = parsed.data;
  const order = await getGuestOrderByToken(await getDb(), token);
  if (!order || order.id !== orderId) return { ok: false, error: "orderGone" };
  const registered = await registerOrderEmail({ name: fullName, email: order.email, password, locale }, await headers());
  return registered.ok ? { ok: true, email: order.email } : registered;
}
