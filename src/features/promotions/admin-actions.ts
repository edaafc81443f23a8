"use server";

import { runAdminAction, type ActionResult } from "@/features/admin/action-runner";
import { invalidateCaches } from "@/server/cache/invalidation";
import { z } from "zod";
import { deletePromotion, setPromotionActive } from "./admin-service";
import { promotionIdSchema } from "./schemas";
import { PROMOTIONS_TAG } from "./cache-tags";

/*
 * Admin actions for discounts: validate → admin session → service (runAdminAction). Automatic promotions show on
 * product cards, so their cached read is expired after a change (on every instance). Saving the form checks its
 * products and categories against the catalog: that action is src/features/catalog/promotion-target-actions.ts.
 */

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
