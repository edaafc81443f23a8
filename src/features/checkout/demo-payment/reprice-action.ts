"use server";

import { headers } from "next/headers";
import { z } from "zod";
import { getDb } from "@/server/db/client";
import { shippingCountries } from "@/features/shipping/service";
import { currentPayer } from "./payment-user";
import { repriceDemoSession } from "./demo-payment";

const repriceSchema = z.object({
  sessionId: z.string().min(1).max(200),
  country: z.string().regex(/^[A-Za-z]{2}$/),
  methodId: z.number().int().positive().max(2_147_483_647).optional(),
});

export type RepriceActionResult = { ok: true; changed: boolean } | { ok: false; reload: boolean };

/**
 * The demo payment page's country changed: validate → the order's owner (account or guest link) → re-price (docs/product.md#taxes-and-discounts).
 * The page then refreshes to show the order's new tax lines and total before the shopper pays.
 */
export async function repriceDemoSessionAction(sessionId: unknown, country: unknown, token?: unknown, methodId?: unknown): Promise<RepriceActionResult> {
  const parsed = repriceSchema.safeParse({ sessionId, country, methodId: methodId ?? undefined });
  if (!parsed.success) return { ok: false, reload: false };
  // A guest acts with the order's link token (docs/product.md#guest-checkout); an account with its session.
  const payer = await currentPayer(await headers(), typeof token === "string" ? token : null);
  if (!payer) return { ok: false, reload: true };
  const db = await getDb();
  const result = await repriceDemoSession(db, parsed.data.sessionId, payer, parsed.data.country, await shippingCountries(db), parsed.data.methodId);
  if (result.kind === "not_found") return { ok: false, reload: true };
  if (result.kind === "refused") return { ok: false, reload: false };
  return { ok: true, changed: result.kind === "repriced" };
}
