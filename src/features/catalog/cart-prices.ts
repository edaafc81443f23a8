"use server";

import { z } from "zod";
import { getDb } from "@/server/db/client";
import { currentCartLines, type CurrentCartLine } from "./storefront-service";

const inputSchema = z.object({
  variantIds: z.array(z.string().regex(/^[A-Za-z0-9_-]{1,100}$/)).max(100),
  locale: z.enum(["en", "es"]),
});

/**
 * The catalog's current titles, images and prices for the variants of a browser's cart. The browser never trusts
 * the prices it stored (docs/product.md#prices): the drawer replaces them with these, and drops lines not answered here.
 * Returns null for invalid input, so a tampered cart cannot make the action throw.
 */
export async function fetchCurrentCartLines(input: { variantIds: string[]; locale: string }): Promise<CurrentCartLine[] | null> {
  const parsed = inputSchema.safeParse(input);
  if (!parsed.success) return null;
  const ids = [...new Set(parsed.data.variantIds)];
  return currentCartLines(await getDb(), ids, parsed.data.locale);
}
