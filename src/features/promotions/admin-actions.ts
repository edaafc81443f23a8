"use server";

import { runAdminAction, type ActionResult } from "@/features/admin/action-runner";
import { invalidateCaches } from "@/server/cache/invalidation";
import { z } from "zod";
import { createPromotion, deletePromotion, setPromotionActive, updatePromotion } from "./admin-service";
import { promotionIdSchema, promotionInput } from "./schemas";
import { shopSettings } from "@/features/settings/queries";
import { PROMOTIONS_TAG } from "./cache-tags";

/*
 * Admin actions for discounts: validate → admin session → service (runAdminAction). Automatic promotions show on
 * product cards, so their cached read is expired after a change (on every instance).
 */

export async function savePromotionAction(id: unknown, input: unknown): Promise<ActionResult<{ id: number }>> {
  // Amounts are typed in the store currency's main unit and stored in its minor unit (docs/product.md#prices).
  const { currency } = (await shopSettings()).money;
  return runAdminAction(
    () => ({ id: id === null ? null : promotionIdSchema.parse(id), data: promotionInput(input, currency) }),
    async ({ db, actor, input: { id: promotionId, data } }) => ({
      id: (promotionId === null ? await createPromotion(db, actor, data) : await updatePromotion(db, actor, promotionId, data)).id,
    }),
    () => invalidateCaches([PROMOTIONS_TAG]),
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
