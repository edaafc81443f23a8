"use server";

import { z } from "zod";
import { runAdminAction, type ActionResult } from "@/features/admin/action-runner";
import { CATALOG_TAG } from "@/features/catalog/cache";
import { CATEGORIES_TAG } from "@/features/catalog/storefront-queries";
import { contentCacheTags } from "@/features/content/cache-tags";
import { PROMOTIONS_TAG } from "@/features/promotions/cache-tags";
import { shopSettings } from "@/features/settings/queries";
import { invalidateCaches } from "@/server/cache/invalidation";
import { removeDemoData, type DemoRemoval } from "./service";
import { deleteRemovedImages } from "./stored-images";

const removalSchema = z.object({ confirmation: z.string().max(200) });

/**
 * "Remove demo data" (docs/product.md#a-clean-start), administrators only: the typed confirmation is checked by the
 * server, the removal is one audit-logged transaction, then every cached page and read is dropped (on every
 * instance) and the images nothing shows any more are deleted.
 */
export async function removeDemoDataAction(input: unknown): Promise<ActionResult<DemoRemoval>> {
  return runAdminAction(
    () => removalSchema.parse(input),
    async ({ db, actor, input: { confirmation } }) => {
      const { store } = await shopSettings();
      const { removal, imageUrls } = await removeDemoData(db, actor, { typed: confirmation, storeName: store.name });
      await invalidateCaches([CATALOG_TAG, CATEGORIES_TAG, PROMOTIONS_TAG, contentCacheTags.all]);
      await deleteRemovedImages(db, imageUrls);
      return removal;
    },
  );
}
