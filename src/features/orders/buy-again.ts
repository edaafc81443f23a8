import type { Db } from "@/server/db/client";
import { currentCartLines, variantAvailability } from "@/features/catalog/storefront-service";
import type { CartLine } from "@/features/cart/cart-lines";
import { getOrderForUser } from "./queries";

/** A cart line (display prices; checkout reprices from the catalog). */
export type BuyAgainLine = CartLine;

export type BuyAgainResult = { added: BuyAgainLine[]; unavailable: string[] } | null;

/**
 * "Buy again" (docs/product.md#order-page): the order's lines that can still be bought, at today's catalog price and
 * title, with as many units as are in stock up to the quantity ordered; the titles of the others (gone, hidden,
 * no longer for sale, sold out) as the order recorded them. Null when the order is not this user's.
 */
export async function buyAgain(db: Db, orderId: number, userId: string, locale: "en" | "es"): Promise<BuyAgainResult> {
  const order = await getOrderForUser(db, orderId, userId);
  if (!order) return null;
  const variantIds = [...new Set(order.lines.map((l) => l.variantId))];
  const [current, stock] = await Promise.all([
    currentCartLines(db, variantIds, locale),
    variantAvailability(db, variantIds),
  ]);
  const currentById = new Map(current.map((c) => [c.variantId, c]));
  const stockById = new Map(stock.map((s) => [s.id, s]));
  const added: BuyAgainLine[] = [];
  const unavailable: string[] = [];
  for (const line of order.lines) {
    const now = currentById.get(line.variantId);
    const inventory = stockById.get(line.variantId);
    const units = !inventory ? 0 : inventory.manageInventory ? Math.min(line.quantity, Math.max(inventory.stock, 0)) : line.quantity;
    if (!now || !inventory?.purchasable || units < 1) {
      unavailable.push(line.variantTitle ? `${line.productTitle} (${line.variantTitle})` : line.productTitle);
      continue;
    }
    added.push({ ...now, quantity: units });
  }
  return { added, unavailable };
}
