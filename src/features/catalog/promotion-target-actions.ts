"use server";

import { z } from "zod";
import { runAdminAction, requestLocale, type ActionResult } from "@/features/admin/action-runner";
import { savePromotionForm } from "@/features/promotions/admin-service";
import { PROMOTIONS_TAG } from "@/features/promotions/cache-tags";
import { promotionIdSchema, promotionInputSchema } from "@/features/promotions/schemas";
import { invalidateCaches } from "@/server/cache/invalidation";
import { catalogTargetsById, searchCatalogTargets } from "./target-lookup";

/*
 * The discount form's actions that need the catalog (docs/product.md#discount-codes). They live on the catalog's
 * side because the catalog already depends on promotions (cards show automatic promotions): promotions gets the
 * catalog's lookup handed in, and never imports it. The pages pass these actions to the form.
 */

export async function savePromotionAction(id: unknown, input: unknown): Promise<ActionResult<{ id: number }>> {
  // The form's shape is checked first; amounts (store currency) and dates (shop's clock) are read by the service.
  return runAdminAction(
    () => {
      promotionInputSchema.parse(input);
      return { id: id === null ? null : promotionIdSchema.parse(id), raw: input };
    },
    async ({ db, actor, input: { id: promotionId, raw } }) => ({ id: (await savePromotionForm(db, actor, promotionId, raw, catalogTargetsById)).id }),
    () => invalidateCaches([PROMOTIONS_TAG]),
  );
}

const targetSearchSchema = z.object({ kind: z.enum(["product", "category"]), query: z.string().max(100) });

/** The discount form's pickers: products or categories whose name holds the text, named in the admin's language. */
export async function searchPromotionTargetsAction(kind: unknown, query: unknown): Promise<ActionResult<Array<{ id: string; name: string }>>> {
  const locale = await requestLocale();
  return runAdminAction(
    () => targetSearchSchema.parse({ kind, query }),
    ({ db, input }) => searchCatalogTargets(db, input.kind, input.query, locale),
  );
}
