"use server";

import { invalidateCaches } from "@/server/cache/invalidation";
import { shopSettings } from "@/features/settings/queries";
import { storage } from "@/server/storage";
import { log } from "@/server/log";
import { assertAdmin, NotAuthorizedError } from "@/features/accounts/session";
import { runAdminAction, runStaffAction, type ActionResult } from "@/features/admin/action-runner";
import { CATALOG_TAG, revalidateCatalog } from "./cache";
import { categoryIdSchema, categoryInputSchema } from "./category-admin-schemas";
import { createCategory, deleteCategory, updateCategory } from "./category-admin-service";
import { productIdSchema, productInputSchema } from "./product-admin-schemas";
import { createProduct, softDeleteProduct, updateProduct } from "./product-admin-service";
import { productImageUrls, removeUnreferencedUploads } from "./upload-cleanup";
import { createWholeProduct, newWholeProductInputSchema, saveWholeProduct, wholeProductInputSchema, type NewWholeProductInput, type WholeProductInput } from "./product-whole-save";

/*
 * Admin server actions of the catalog: categories for admins (runAdminAction), products for staff too
 * (runStaffAction, docs/product.md#staff-role). Validate → session with the right → service → revalidate, so none can
 * be called without it; tests/security/admin-authorization.test.ts calls every export of every action module.
 */

/** Categories appear in catalog reads (product collections, category pages) and in the storefront's category grid. */
function revalidateCategories() {
  return invalidateCaches([CATALOG_TAG, "categories"]);
}

export async function createCategoryAction(input: unknown): Promise<ActionResult<{ id: string }>> {
  return runAdminAction(
    () => categoryInputSchema.parse(input),
    async ({ db, actor, input: data }) => ({ id: (await createCategory(db, actor, data)).id }),
    revalidateCategories,
  );
}

export async function updateCategoryAction(id: unknown, input: unknown): Promise<ActionResult<{ id: string }>> {
  return runAdminAction(
    () => ({ id: categoryIdSchema.parse(id), data: categoryInputSchema.parse(input) }),
    async ({ db, actor, input: { id: categoryId, data } }) => ({ id: (await updateCategory(db, actor, categoryId, data)).id }),
    revalidateCategories,
  );
}

export async function deleteCategoryAction(id: unknown): Promise<ActionResult<undefined>> {
  return runAdminAction(
    () => categoryIdSchema.parse(id),
    async ({ db, actor, input: categoryId }) => {
      await deleteCategory(db, actor, categoryId);
      return undefined;
    },
    revalidateCategories,
  );
}

export async function createProductAction(input: unknown): Promise<ActionResult<{ id: string }>> {
  return runStaffAction(
    () => productInputSchema.parse(input),
    async ({ db, actor, input: data }) => createProduct(db, actor, data, (await shopSettings(db)).money.currency),
    (value) => revalidateCatalog(value.id),
  );
}

export async function updateProductAction(id: unknown, input: unknown): Promise<ActionResult<{ id: string }>> {
  return runStaffAction(
    () => ({ id: productIdSchema.parse(id), data: productInputSchema.parse(input) }),
    async ({ db, actor, input: { id: productId, data } }) => {
      const before = await productImageUrls(db, productId);
      const saved = await updateProduct(db, actor, productId, data, (await shopSettings(db)).money.currency);
      await releaseImages(db, before);
      return saved;
    },
    (value) => revalidateCatalog(value.id),
  );
}

/**
 * Whether the caller may change the admins' parts of a product (thresholds, tax class): a check for the transaction,
 * which throws only when such a part changes. Asked before the transaction: the session is read through its own
 * connection, which an embedded database holding the transaction would never serve.
 */
async function adminPartsCheck(): Promise<() => Promise<void>> {
  const admin = await assertAdmin(undefined, "admin").then(
    () => true,
    (error: unknown) => {
      if (error instanceof NotAuthorizedError) return false;
      throw error;
    },
  );
  return async () => {
    if (!admin) throw new NotAuthorizedError(403);
  };
}

/** The product editor's one save: the product, its variants' low-stock thresholds and its tax class, all or nothing. */
export async function saveWholeProductAction(id: unknown, input: unknown): Promise<ActionResult<{ id: string }>> {
  return runStaffAction(
    // The product is parsed on its own so that a refused field is named as the editor names it ("titleEn").
    () => ({ id: productIdSchema.parse(id), data: { ...wholeProductInputSchema.omit({ product: true }).parse(input), product: productInputSchema.parse(productPart(input)) } as WholeProductInput }),
    async ({ db, actor, input: { id: productId, data } }) => {
      const before = await productImageUrls(db, productId);
      const assertMayChangeAdminParts = await adminPartsCheck();
      const saved = await saveWholeProduct(db, actor, productId, data, (await shopSettings(db)).money.currency, assertMayChangeAdminParts);
      await releaseImages(db, before);
      return saved;
    },
    (value) => revalidateCatalog(value.id),
  );
}

/** The new-product editor's one save: the product with its variants' low-stock thresholds and its tax class. */
export async function createWholeProductAction(input: unknown): Promise<ActionResult<{ id: string }>> {
  return runStaffAction(
    () => ({ ...newWholeProductInputSchema.omit({ product: true }).parse(input), product: productInputSchema.parse(productPart(input)) }) as NewWholeProductInput,
    async ({ db, actor, input: data }) => createWholeProduct(db, actor, data, (await shopSettings(db)).money.currency, await adminPartsCheck()),
    (value) => revalidateCatalog(value.id),
  );
}

function productPart(input: unknown): unknown {
  return typeof input === "object" && input !== null && "product" in input ? input.product : undefined;
}

export async function deleteProductAction(id: unknown): Promise<ActionResult<undefined>> {
  return runStaffAction(
    () => productIdSchema.parse(id),
    async ({ db, actor, input: productId }) => {
      const before = await productImageUrls(db, productId);
      await softDeleteProduct(db, actor, productId);
      await releaseImages(db, before);
      return undefined;
    },
    (_value, productId) => revalidateCatalog(productId),
  );
}

/**
 * A replaced image or a deleted product's pictures leave the store once nothing shows them (docs/operations.md#running-several-instances-behind-a-load-balancer).
 * The save already committed: a storage hiccup is logged and left to the daily orphan sweep, never shown as a failed save.
 */
async function releaseImages(db: Parameters<typeof removeUnreferencedUploads>[0], urls: string[]) {
  await removeUnreferencedUploads(db, storage(), { candidates: urls }).catch((error) => log.warn("Could not remove replaced images", { error }));
}
