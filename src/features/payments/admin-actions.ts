"use server";

import { runAdminAction, type ActionResult } from "@/features/admin/action-runner";
import { settings } from "@/server/env";
import { shopSettings } from "@/features/settings/queries";
import { paymentMethodInputSchema } from "./schemas";
import { savePaymentMethod } from "./service";

/* The payment methods screen's action (docs/product.md#payment-methods): validate → admin session → service, audit-logged. */

export async function savePaymentMethodAction(input: unknown): Promise<ActionResult> {
  return runAdminAction(
    () => paymentMethodInputSchema.parse(input),
    async ({ db, actor, input: data }) => {
      await savePaymentMethod(db, actor, data, settings(), (await shopSettings()).money.currency);
      return undefined;
    },
  );
}
