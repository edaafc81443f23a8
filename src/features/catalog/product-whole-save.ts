import { z } from "zod";
import type { Db } from "@/server/db/client";
import type { AdminActor } from "@/server/audit";
import { loadThresholds, saveThresholdsIn, thresholdsInputSchema } from "@/features/stock-alerts/thresholds";
import { setProductTaxClassIn } from "@/features/taxes/admin-service";
import { taxClassSchema } from "@/features/taxes/schemas";
import { productTaxFacts } from "@/features/taxes/service";
import { productInputSchema, type ProductInput } from "./product-admin-schemas";
import { updateCheckedProduct } from "./product-admin-service";
import { withSkuGuard } from "./product-admin-writes";
import { validateProductInput } from "./product-input";

/**
 * Everything the product editor shows, saved by its one button (docs/product.md#editors-that-keep-work): the product
 * with its variants, the low-stock thresholds of its variants, its tax class.
 */
export const wholeProductInputSchema = z.object({
  product: productInputSchema,
  thresholds: thresholdsInputSchema.shape.thresholds.default([]),
  taxClass: taxClassSchema.optional(),
});
export type WholeProductInput = Omit<z.input<typeof wholeProductInputSchema>, "product"> & { product: ProductInput };

/**
 * One transaction: a refusal of any part (a duplicate SKU, a threshold of a variant the product no longer has) leaves
 * all of it as it was. Each part writes its audit row as when it was saved alone, and only when it changed.
 */
export async function saveWholeProduct(
  db: Db,
  actor: AdminActor,
  id: string,
  input: WholeProductInput,
  currency: string,
  /**
   * Thresholds and tax classes are the admins' (docs/product.md#staff-role): called before either changes, inside the
   * transaction, so it must answer without the database (the caller knows the right beforehand).
   */
  assertMayChangeAdminParts: () => Promise<unknown>,
): Promise<{ id: string }> {
  const whole = wholeProductInputSchema.parse(input);
  const data = validateProductInput(input.product);
  return withSkuGuard(data, () =>
    db.transaction(async (tx) => {
      const saved = await updateCheckedProduct(tx, actor, id, data, currency);
      const stored = new Map((await loadThresholds(tx, id)).map((row) => [row.variantId, row.threshold]));
      if (whole.thresholds.some((t) => stored.get(t.variantId) !== t.threshold)) {
        await assertMayChangeAdminParts();
        await saveThresholdsIn(tx, actor, { productId: id, thresholds: whole.thresholds });
      }
      const taxClass = (await productTaxFacts(tx, [id])).get(id)?.taxClass;
      if (whole.taxClass && whole.taxClass !== taxClass) {
        await assertMayChangeAdminParts();
        await setProductTaxClassIn(tx, actor, id, whole.taxClass);
      }
      return saved;
    }),
  );
}
