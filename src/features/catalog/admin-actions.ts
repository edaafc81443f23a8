"use server";

import { invalidateCaches } from "@/server/cache/invalidation";
import { settings } from "@/server/env";
import { runAdminAction, type ActionResult } from "@/features/admin/action-runner";
import { CATALOG_TAG, revalidateCatalog } from "./cache";
import { categoryIdSchema, categoryInputSchema } from "./category-admin-schemas";
import { createCategory, deleteCategory, updateCategory } from "./category-admin-service";
import { productIdSchema, productInputSchema } from "./product-admin-schemas";
import { createProduct, softDeleteProduct, updateProduct } from "./product-admin-service";

/*
 * Admin server actions of the catalog (categories, products). Each one goes through runAdminAction (validate →
 * admin session → service →
 * revalidate), so none can be called without an admin session; tests/security/admin-authorization.test.ts calls
 * every export of every features/<domain>/admin-actions.ts.
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
  return runAdminAction(
    () => productInputSchema.parse(input),
    ({ db, actor, input: data }) => createProduct(db, actor, data, settings().CURRENCY),
    (value) => revalidateCatalog(value.id),
  );
}

export async function updateProductAction(id: unknown, input: unknown): Promise<ActionResult<{ id: string }>> {
  return runAdminAction(
    () => ({ id: productIdSchema.parse(id), data: productInputSchema.parse(input) }),
    ({ db, actor, input: { id: productId, data } }) => updateProduct(db, actor, productId, data, settings().CURRENCY),
    (value) => revalidateCatalog(value.id),
  );
}

export async function deleteProductAction(id: unknown): Promise<ActionResult<undefined>> {
  return runAdminAction(
    () => productIdSchema.parse(id),
    async ({ db, actor, input: productId }) => {
      await softDeleteProduct(db, actor, productId);
      return undefined;
    },
    (_value, productId) => revalidateCatalog(productId),
  );
}
