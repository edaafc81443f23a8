"use server";

import { z } from "zod";
import { invalidateCaches } from "@/server/cache/invalidation";
import { runAdminAction, type ActionResult } from "@/features/admin/action-runner";
import { shopSettings } from "@/features/settings/queries";
import { contentCacheTags } from "./cache-tags";
import { footerSectionInputSchema, homepageSectionInputSchema } from "./admin-schemas";
import { saveFooterSection, saveHomepageSection } from "./admin-service";
import { saveFooterDetails } from "./footer-details-service";
import { createLegalTemplates, legalFactsFrom, refillLegalTemplate } from "./legal-pages-service";
import { createPage, deletePage, movePage, updatePage } from "./page-admin-service";
import { footerDetailsInputSchema, pageIdSchema, pageInputSchema, pageMoveSchema } from "./page-schemas";

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

// ——— Pages (docs/product.md#admin-pages) ———

const invalidatePages = () => invalidateCaches([contentCacheTags.pages]);

export async function createPageAction(input: unknown): Promise<ActionResult<{ id: string }>> {
  return runAdminAction(
    () => pageInputSchema.parse(input),
    async ({ db, actor, input: data }) => ({ id: (await createPage(db, actor, data)).id }),
    invalidatePages,
  );
}

export async function updatePageAction(id: unknown, input: unknown): Promise<ActionResult<undefined>> {
  return runAdminAction(
    () => ({ id: pageIdSchema.parse(id), data: pageInputSchema.parse(input) }),
    async ({ db, actor, input: { id: pageId, data } }) => {
      await updatePage(db, actor, pageId, data);
      return undefined;
    },
    invalidatePages,
  );
}

export async function deletePageAction(id: unknown): Promise<ActionResult<undefined>> {
  return runAdminAction(
    () => pageIdSchema.parse(id),
    async ({ db, actor, input: pageId }) => {
      await deletePage(db, actor, pageId);
      return undefined;
    },
    invalidatePages,
  );
}

export async function movePageAction(input: unknown): Promise<ActionResult<undefined>> {
  return runAdminAction(
    () => pageMoveSchema.parse(input),
    async ({ db, actor, input: move }) => {
      await movePage(db, actor, move);
      return undefined;
    },
    invalidatePages,
  );
}

/**
 * Makes the legal templates the shop does not have yet, filled in from the settings of now. It takes no arguments: a
 * call with any (a forged request) is refused as bad input and makes nothing.
 */
export async function createLegalTemplatesAction(...args: unknown[]): Promise<ActionResult<{ created: number }>> {
  return runAdminAction(
    () => z.tuple([]).parse(args),
    async ({ db, actor }) => ({ created: await createLegalTemplates(db, legalFactsFrom(await shopSettings()), actor) }),
    invalidatePages,
  );
}

export async function refillLegalTemplateAction(id: unknown): Promise<ActionResult<undefined>> {
  return runAdminAction(
    () => pageIdSchema.parse(id),
    async ({ db, actor, input: pageId }) => {
      await refillLegalTemplate(db, actor, pageId, legalFactsFrom(await shopSettings()));
      return undefined;
    },
    invalidatePages,
  );
}

export async function saveFooterDetailsAction(input: unknown): Promise<ActionResult<undefined>> {
  return runAdminAction(
    () => footerDetailsInputSchema.parse(input),
    async ({ db, actor, input: data }) => {
      await saveFooterDetails(db, actor, data);
      return undefined;
    },
    () => invalidateCaches([contentCacheTags.footer]),
  );
}
