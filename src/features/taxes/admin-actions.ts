"use server";

import { runAdminAction, type ActionResult } from "@/features/admin/action-runner";
import { revalidateCatalog } from "@/features/catalog/cache";
import { productIdSchema } from "@/features/admin/product-schemas";
import { deleteTaxRate, saveTaxRate, saveTaxSettings, setProductTaxClass } from "./admin-service";
import { countrySchema, taxClassSchema, taxRateInputSchema, taxSettingsInputSchema } from "./schemas";

/* Admin actions for taxes: validate → admin session → service (runAdminAction); every change is audit-logged. */

export async function saveTaxSettingsAction(input: unknown): Promise<ActionResult> {
  return runAdminAction(
    () => taxSettingsInputSchema.parse(input),
    async ({ db, actor, input: data }) => {
      await saveTaxSettings(db, actor, data);
      return undefined;
    },
  );
}

export async function saveTaxRateAction(input: unknown): Promise<ActionResult> {
  return runAdminAction(
    () => taxRateInputSchema.parse(input),
    async ({ db, actor, input: data }) => {
      await saveTaxRate(db, actor, data);
      return undefined;
    },
  );
}

export async function deleteTaxRateAction(country: unknown): Promise<ActionResult> {
  return runAdminAction(
    () => countrySchema.parse(country),
    async ({ db, actor, input }) => {
      await deleteTaxRate(db, actor, input);
      return undefined;
    },
  );
}

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
