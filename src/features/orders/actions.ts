"use server";

import { z } from "zod";
import { getSessionUser } from "@/features/accounts/session";
import { getDb } from "@/server/db/client";
import { buyAgain, type BuyAgainLine } from "./buy-again";

export type BuyAgainActionResult = { ok: true; added: BuyAgainLine[]; unavailable: string[] } | { ok: false; reason: "auth" | "not_found" };

const inputSchema = z.object({ orderId: z.coerce.number().int().positive().max(2_147_483_647), locale: z.enum(["en", "es"]).catch("en") });

/** "Buy again" on the order page: validate → the signed-in owner only → the lines the cart can take today. */
export async function buyAgainAction(input: unknown): Promise<BuyAgainActionResult> {
  const parsed = inputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, reason: "not_found" };
  const user = await getSessionUser();
  if (!user) return { ok: false, reason: "auth" };
  const result = await buyAgain(await getDb(), parsed.data.orderId, user.id, parsed.data.locale);
  return result ? { ok: true, ...result } : { ok: false, reason: "not_found" };
}
