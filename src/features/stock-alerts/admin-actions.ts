"use server";

import { runAdminAction, type ActionResult } from "@/features/admin/action-runner";
import { saveThresholds, thresholdsInputSchema } from "./thresholds";

/** Low-stock thresholds of one product's variants (docs/product.md#low-stock); admin only, audit-logged. */
export async function saveLowStockThresholdsAction(input: unknown): Promise<ActionResult<undefined>> {
  return runAdminAction(
    () => thresholdsInputSchema.parse(input),
    async ({ db, actor, input: data }) => {
      await saveThresholds(db, actor, data);
      return undefined;
    },
  );
}
