"use server";

import { z } from "zod";
import { getDb } from "@/server/db/client";
import { cappedQuantity, type LineStock } from "@/features/cart/line-stock";
import { cartLineStocks, currentCartLines, type CurrentCartLine } from "./storefront-service";

const variantId = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/);

const inputSchema = z.object({
  variantIds: z.array(variantId).max(100),
  locale: z.enum(["en", "es"]),
});

/**
 * The catalog's current titles, images and prices for the variants of a browser's cart, and what each may still be
 * bought of. The browser never trusts the prices it stored (docs/product.md#prices): the drawer replaces them with
 * these, and marks the lines the stock answer refuses. Returns null for invalid input, so a tampered cart cannot make
 * the action throw.
 */
export async function fetchCurrentCartLines(input: {
  variantIds: string[];
  locale: string;
}): Promise<{ lines: CurrentCartLine[]; stocks: Record<string, LineStock> } | null> {
  const parsed = inputSchema.safeParse(input);
  if (!parsed.success) return null;
  const ids = [...new Set(parsed.data.variantIds)];
  const db = await getDb();
  const [lines, stocks] = await Promise.all([currentCartLines(db, ids, parsed.data.locale), cartLineStocks(db, ids)]);
  return { lines, stocks };
}

const capSchema = z.object({ variantId, quantity: z.number().int().min(1).max(1_000_000) });

/**
 * The cart's add and quantity changes ask here first (docs/product.md#cart): the server answers how many units of
 * the variant the line may hold — the wanted quantity, or fewer when fewer are left, or none — and the stock it
 * decided from, so the cart can say "Only 3 left". Null for invalid input.
 */
export async function capCartQuantity(input: { variantId: string; quantity: number }): Promise<{ quantity: number; stock: LineStock } | null> {
  const parsed = capSchema.safeParse(input);
  if (!parsed.success) return null;
  const stocks = await cartLineStocks(await getDb(), [parsed.data.variantId]);
  const stock = stocks[parsed.data.variantId];
  return { quantity: cappedQuantity(parsed.data.quantity, stock), stock };
}
