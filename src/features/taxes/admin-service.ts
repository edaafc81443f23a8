import { asc, eq, isNull } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import type { Executor } from "@/server/db/executor";
import { taxRates, taxSettings } from "@/server/db/schema/taxes";
import { products } from "@/server/db/schema/catalog";
import { writeAudit, type AdminActor } from "@/server/audit";
import { TaxError } from "./errors";
import type { TaxClass } from "./pricing-engine";
import type { TaxRateInput, TaxSettingsInput } from "./schemas";

/** Tax settings and rates are changed by admins only, each change audit-logged in its own transaction. */

export async function saveTaxSettings(db: Db, actor: AdminActor, input: TaxSettingsInput) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(taxSettings).where(eq(taxSettings.id, 1));
    const values = { ...input, updatedAt: new Date() };
    await tx.insert(taxSettings).values({ id: 1, ...values }).onConflictDoUpdate({ target: taxSettings.id, set: values });
    await writeAudit(tx, actor, { action: "tax_settings.update", entity: "tax_settings", entityId: "1", before: before ?? null, after: input });
  });
}

export async function saveTaxRate(db: Db, actor: AdminActor, input: TaxRateInput) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(taxRates).where(eq(taxRates.country, input.country));
    const values = { standardBp: input.standardBp, reducedBp: input.reducedBp, updatedAt: new Date() };
    await tx.insert(taxRates).values({ country: input.country, ...values }).onConflictDoUpdate({ target: taxRates.country, set: values });
    await writeAudit(tx, actor, { action: before ? "tax_rate.update" : "tax_rate.create", entity: "tax_rate", entityId: input.country, before: before ?? null, after: input });
  });
}

export async function deleteTaxRate(db: Db, actor: AdminActor, country: string) {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(taxRates).where(eq(taxRates.country, country)).returning();
    if (before) await writeAudit(tx, actor, { action: "tax_rate.delete", entity: "tax_rate", entityId: country, before, after: null });
  });
}

export async function setProductTaxClass(db: Db, actor: AdminActor, productId: string, taxClass: TaxClass) {
  await db.transaction((tx) => setProductTaxClassIn(tx, actor, productId, taxClass));
}

/** setProductTaxClass in the caller's transaction (the product editor's one save, catalog/product-whole-save.ts). */
export async function setProductTaxClassIn(tx: Executor, actor: AdminActor, productId: string, taxClass: TaxClass) {
  const [before] = await tx.select({ taxClass: products.taxClass }).from(products).where(eq(products.id, productId));
  if (!before) throw new TaxError("productNotFound");
  await tx.update(products).set({ taxClass, updatedAt: new Date() }).where(eq(products.id, productId));
  await writeAudit(tx, actor, { action: "product.tax_class", entity: "product", entityId: productId, before, after: { taxClass } });
}

/** Every product that is not deleted with its tax class, by title, for the taxes screen's class section. */
export async function listProductTaxClasses(db: Db) {
  return db
    .select({ id: products.id, titleEn: products.titleEn, titleEs: products.titleEs, taxClass: products.taxClass })
    .from(products)
    .where(isNull(products.deletedAt))
    .orderBy(asc(products.titleEn), asc(products.id));
}
