"use server";

import { CATALOG_TAG, revalidateCatalog } from "@/features/catalog/cache";
import { contentCacheTags, pageCacheTag } from "@/features/content/cache-tags";
import { invalidateCaches } from "@/server/cache/invalidation";
import { settings } from "@/server/env";
import { runAdminAction, type ActionResult } from "./action-runner";
import {
  categoryIdSchema,
  categoryInputSchema,
  footerSectionInputSchema,
  homepageSectionInputSchema,
  orderIdSchema,
  pageContentInputSchema,
} from "./schemas";
import {
  cancelOrderAsAdmin,
  createCategory,
  deleteCategory,
  saveFooterSection,
  saveHomepageSection,
  savePageContent,
  shipOrder,
  updateCategory,
} from "./service";
import { productIdSchema, productInputSchema } from "./product-schemas";
import { createProduct, softDeleteProduct, updateProduct } from "./product-service";
import { refundProviderFor } from "./refund-provider";
import { correctTracking, parseTracking } from "@/features/tracking/service";

/*
 * Admin server actions. Each one goes through runAdminAction (validate → admin session → service → revalidate), so
 * none can be called without an admin session; tests/security/admin-authorization.test.ts calls every export here.
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

export async function saveHomepageSectionAction(input: unknown): Promise<ActionResult<undefined>> {
  return runAdminAction(
    () => homepageSectionInputSchema.parse(input),
    async ({ db, actor, input: data }) => {
      await saveHomepageSection(db, actor, data);
      return undefined;
    },
    () => invalidateCaches([contentCacheTags.homepage]),
  );
}

export async function saveFooterSectionAction(input: unknown): Promise<ActionResult<undefined>> {
  return runAdminAction(
    () => footerSectionInputSchema.parse(input),
    async ({ db, actor, input: data }) => {
      await saveFooterSection(db, actor, data);
      return undefined;
    },
    () => invalidateCaches([contentCacheTags.footer]),
  );
}

export async function savePageContentAction(input: unknown): Promise<ActionResult<undefined>> {
  return runAdminAction(
    () => pageContentInputSchema.parse(input),
    async ({ db, actor, input: data }) => {
      await savePageContent(db, actor, data);
      return undefined;
    },
    (_value, data) => invalidateCaches([contentCacheTags.pages, pageCacheTag(data.slug)]),
  );
}

/** Ships with the parcel's carrier and tracking number (validated by the service: docs/product.md#tracking). */
export async function shipOrderAction(orderId: unknown, tracking: unknown): Promise<ActionResult<undefined>> {
  return runAdminAction(
    () => ({ id: orderIdSchema.parse(orderId), tracking: parseTracking(tracking) }),
    async ({ db, actor, input }) => {
      await shipOrder(db, actor, input.id, input.tracking);
      return undefined;
    },
  );
}

/** Corrects the carrier or tracking number of a shipped order (audit-logged). */
export async function correctTrackingAction(orderId: unknown, tracking: unknown): Promise<ActionResult<undefined>> {
  return runAdminAction(
    () => ({ id: orderIdSchema.parse(orderId), tracking: parseTracking(tracking) }),
    async ({ db, actor, input }) => {
      await correctTracking(db, actor, input.id, input.tracking);
      return undefined;
    },
  );
}

export async function cancelOrderAction(orderId: unknown): Promise<ActionResult<undefined>> {
  return runAdminAction(
    () => orderIdSchema.parse(orderId),
    async ({ db, actor, input: id }) => {
      // Refunded where it was paid (orders.payment_provider), whatever provider is configured today.
      await cancelOrderAsAdmin(db, actor, id, (name) => refundProviderFor(name, settings()));
      return undefined;
    },
    // The cancelled order's units are back in stock: pages showing stock must not keep the old figure.
    () => revalidateCatalog(),
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
