"use server";

import { invalidateCaches } from "@/server/cache/invalidation";
import { runAdminAction, type ActionResult } from "@/features/admin/action-runner";
import { contentCacheTags, pageCacheTag } from "./cache-tags";
import { footerSectionInputSchema, homepageSectionInputSchema, pageContentInputSchema } from "./admin-schemas";
import { saveFooterSection, saveHomepageSection, savePageContent } from "./admin-service";

/*
 * Admin server actions of the content (homepage, footer, pages). Each one goes through runAdminAction (validate → admin session → service →
 * revalidate), so none can be called without an admin session; tests/security/admin-authorization.test.ts calls
 * every export of every features/<domain>/admin-actions.ts.
 */

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
