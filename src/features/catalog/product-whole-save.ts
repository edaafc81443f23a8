import { z } from "zod";
import type { Db } from "@/server/db/client";
import type { AdminActor } from "@/server/audit";
import { loadThresholds, saveThresholdsIn, thresholdsInputSchema } from "@/features/stock-alerts/thresholds";
import { setProductTaxClassIn } from "@/features/taxes/admin-service";
import { taxClassSchema } from "@/features/taxes/schemas";
import { productTaxFacts } from "@/features/taxes/service";
import { productInputSchema, type ProductInput } from "./product-admin-schemas";
import { insertCheckedProduct, updateCheckedProduct } from "./product-admin-service";
import { newId } from "@/lib/id";
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

/**
 * A new product's one save: the product with the parts the editor shows before its first save — each managed
 * variant's low-stock threshold, named by the variant's place in the input since it has no id yet, and the tax class.
 */
export const newWholeProductInputSchema = z.object({
  product: productInputSchema,
  thresholds: z
    .array(z.object({ variant: z.number().int().min(0).max(499), threshold: z.number().int().min(0).max(100_000).nullable() }))
    .max(500)
    .default([]),
  taxClass: taxClassSchema.optional(),
});
export type NewWholeProductInput = Omit<z.input<typeof newWholeProductInputSchema>, "product"> & { product: ProductInput };

/**
 * Creates the product, its thresholds and its tax class in one transaction (a refusal of any part creates nothing),
 * each part audit-logged as when saved on a saved product, and only when it differs from the shop's default.
 */
export async function createWholeProduct(
  db: Db,
  actor: AdminActor,
  input: NewWholeProductInput,
  currency: string,
  assertMayChangeAdminParts: () => Promise<unknown>,
): Promise<{ id: string }> {
  const whole = newWholeProductInputSchema.parse(input);
  const data = validateProductInput(input.product);
  return withSkuGuard(data, () =>
    db.transaction(async (tx) => {
      const { id, variantIds } = await insertCheckedProduct(tx, actor, newId("prod"), data, currency);
      const thresholds = whole.thresholds.filter((t) => t.threshold !== null);
      if (thresholds.length) {
        await assertMayChangeAdminParts();
        // A place with no variant is an id no variant has: the owner refuses it (variantNotFound), nothing is kept.
        await saveThresholdsIn(tx, actor, { productId: id, thresholds: thresholds.map((t) => ({ variantId: variantIds[t.variant] ?? "-", threshold: t.threshold })) });
      }
      if (whole.taxClass && whole.taxClass !== "standard") {
        await assertMayChangeAdminParts();
        await setProductTaxClassIn(tx, actor, id, whole.taxClass);
      }
      return { id };
    }),
  );
}
