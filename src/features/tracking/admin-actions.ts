"use server";

import { z } from "zod";
import { runAdminAction, type ActionResult } from "@/features/admin/action-runner";
import { correctTracking, parseTracking } from "./service";

const orderIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** Corrects the carrier or tracking number of a shipped order (audit-logged; docs/product.md#tracking). */
export async function correctTrackingAction(orderId: unknown, tracking: unknown): Promise<ActionResult<undefined>> {
  return runAdminAction(
    () => ({ id: orderIdSchema.parse(orderId), tracking: parseTracking(tracking) }),
    async ({ db, actor, input }) => {
      await correctTracking(db, actor, input.id, input.tracking);
      return undefined;
    },
  );
}
