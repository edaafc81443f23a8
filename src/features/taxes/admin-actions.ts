"use server";

import { runAdminAction, type ActionResult } from "@/features/admin/action-runner";
import { deleteTaxRate, saveTaxRate, saveTaxSettings, setProductTaxClass } from "./admin-service";
import { countrySchema, productTaxClassInputSchema, taxRateInputSchema, taxSettingsInputSchema } from "./schemas";

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


/**
 * A product's tax class (docs/product.md#taxes-and-discounts), from the product's page or the taxes screen. Nothing
 * cached shows it: checkout and the drawer read it from the database, so there is nothing to expire.
 */
export async function setProductTaxClassAction(productId: unknown, taxClass: unknown): Promise<ActionResult> {
  return runAdminAction(
    () => productTaxClassInputSchema.parse({ productId, taxClass }),
    async ({ db, actor, input }) => {
      await setProductTaxClass(db, actor, input.productId, input.taxClass);
      return undefined;
    },
  );
}
