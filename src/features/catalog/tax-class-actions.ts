"use server";

import { runAdminAction, type ActionResult } from "@/features/admin/action-runner";
import { setProductTaxClass } from "@/features/taxes/admin-service";
import { taxClassSchema } from "@/features/taxes/schemas";
import { revalidateCatalog } from "./cache";
import { productIdSchema } from "./product-admin-schemas";

/** A product's tax class (docs/product.md#taxes-and-discounts): validate → admin session → service, audit-logged. */
export async function setProductTaxClassAction(productId: unknown, taxClass: unknown): Promise<ActionResult> {
  return runAdminAction(
    () => ({ productId: productIdSchema.parse(productId), taxClass: taxClassSchema.parse(taxClass) }),
    async ({ db, actor, input }) => {
      await setProductTaxClass(db, actor, input.productId, input.taxClass);
      return undefined;
    },
    (_value, input) => revalidateCatalog(input.productId),
  );
}
