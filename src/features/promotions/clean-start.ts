import type { Executor } from "@/server/db/executor";
import { promotionRedemptions, promotions } from "@/server/db/schema/promotions";

/**
 * A clean start (docs/product.md#a-clean-start): the promotions stay (they are the merchant's), their uses go with
 * the orders that made them, so every usage limit counts from zero again.
 */
export async function removeAllPromotionUses(tx: Executor): Promise<void> {
  await tx.delete(promotionRedemptions);
  await tx.update(promotions).set({ usedCount: 0 });
}
