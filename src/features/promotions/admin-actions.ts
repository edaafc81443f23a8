"use server";

import { runAdminAction, type ActionResult } from "@/features/admin/action-runner";
import { invalidateCaches } from "@/server/cache/invalidation";
import { z } from "zod";
import { deletePromotion, savePromotionForm, setPromotionActive } from "./admin-service";
import { promotionIdSchema, promotionInputSchema } from "./schemas";
import { searchCatalogTargets } from "@/features/catalog/target-lookup";
import { requestLocale } from "@/features/admin/action-runner";
import { PROMOTIONS_TAG } from "./cache-tags";

/*
 * Admin actions for discounts: validate → admin session → service (runAdminAction). Automatic promotions show on
 * product cards, so their cached read is expired after a change (on every instance).
 */

export async function savePromotionAction(id: unknown, input: unknown): Promise<ActionResult<{ id: number }>> {
  // The form's shape is checked first; amounts (store currency) and dates (shop's clock) are read by the service.
  return runAdminAction(
    () => {
      promotionInputSchema.parse(input);
      return { id: id === null ? null : promotionIdSchema.parse(id), raw: input };
    },
    async ({ db, actor, input: { id: promotionId, raw } }) => ({ id: (await savePromotionForm(db, actor, promotionId, raw)).id }),
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

export async function deletePromotionAction(id: unknown): Promise<ActionResult> {
  return runAdminAction(
    () => promotionIdSchema.parse(id),
    async ({ db, actor, input }) => {
      await deletePromotion(db, actor, input);
      return undefined;
    },
    () => invalidateCaches([PROMOTIONS_TAG]),
  );
}

export async function setPromotionActiveAction(id: unknown, active: unknown): Promise<ActionResult> {
  return runAdminAction(
    () => ({ id: promotionIdSchema.parse(id), active: z.boolean().parse(active) }),
    async ({ db, actor, input }) => {
      await setPromotionActive(db, actor, input.id, input.active);
      return undefined;
    },
    () => invalidateCaches([PROMOTIONS_TAG]),
  );
}
