"use client";

import type { CartItemInput } from "@/features/cart/cart-lines";
import type { LineStock } from "@/features/cart/line-stock";
import { addToCart, getCartLines, setLineStocks, updateCartQuantity } from "@/features/cart/cart-store";
import { capCartQuantity } from "./cart-prices";

/** What an add or a quantity change did: the line's quantity now, how many were asked, and the stock it was held to. */
export type StockOutcome = { quantity: number; wanted: number; stock: LineStock | null };

/**
 * Sets a line to `wanted` units, or to as many as the server allows (docs/product.md#cart). When the server cannot
 * be asked (offline), the wanted quantity is kept: checkout checks the stock again anyway.
 */
async function settle(variantId: string, wanted: number, apply: (quantity: number) => void): Promise<StockOutcome> {
  let answer: Awaited<ReturnType<typeof capCartQuantity>> = null;
  try {
    answer = await capCartQuantity({ variantId, quantity: wanted });
  } catch {
    answer = null;
  }
  if (!answer) {
    apply(wanted);
    return { quantity: wanted, wanted, stock: null };
  }
  setLineStocks({ [variantId]: answer.stock });
  if (answer.quantity > 0) apply(answer.quantity);
  return { quantity: answer.quantity, wanted, stock: answer.stock };
}

const heldOf = (variantId: string) => getCartLines().find((line) => line.variantId === variantId)?.quantity ?? 0;

/** Adds `quantity` units of a variant to the cart, up to what is left of it. */
export function addWithinStock(item: CartItemInput, quantity: number): Promise<StockOutcome> {
  const held = heldOf(item.variantId);
  return settle(item.variantId, held + quantity, (total) => {
    const now = heldOf(item.variantId);
    if (total > now) addToCart(item, total - now);
    else if (total < now) updateCartQuantity(item.variantId, total);
  });
}

/** Changes a line's quantity (the drawer's plus), up to what is left of it. */
export function setQuantityWithinStock(variantId: string, quantity: number): Promise<StockOutcome> {
  return settle(variantId, quantity, (total) => updateCartQuantity(variantId, total));
}
