"use server";

import { runAdminAction, type ActionResult } from "@/features/admin/action-runner";
import { invalidateCaches } from "@/server/cache/invalidation";
import { CATALOG_TAG } from "@/features/catalog/cache";
import { createPromotion, updatePromotion } from "./admin-service";
import { promotionIdSchema, promotionInputSchema } from "./schemas";

/*
 * Admin actions for discounts: validate → admin session → service (runAdminAction). Automatic promotions show on
 * product cards, so the catalog's cached reads are refreshed after a change.
 */

export async function savePromotionAction(id: unknown, input: unknown): Promise<ActionResult<{ id: number }>> {
  return runAdminAction(
    () => ({ id: id === null ? null : promotionIdSchema.parse(id), data: promotionInputSchema.parse(input) }),
    async ({ db, actor, input: { id: promotionId, data } }) => ({
      id: (promotionId === null ? await createPromotion(db, actor, data) : await updatePromotion(db, actor, promotionId, data)).id,
    }),
    () => invalidateCaches([CATALOG_TAG]),
  );
}
