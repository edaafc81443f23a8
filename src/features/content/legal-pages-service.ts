import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import type { Executor } from "@/server/db/executor";
import { pages } from "@/server/db/schema/content";
import { footerDetails } from "@/server/db/schema/footer-details";
import { writeAudit, type AdminActor } from "@/server/audit";
import type { ShopSettings } from "@/features/settings/queries";
import { ContentError } from "./errors";
import { isLegalTemplateKey, legalPageDraft, legalTemplateKeys, type LegalFacts } from "./legal/templates";

/*
 * The legal templates (docs/product.md#legal-templates): draft pages filled in from the shop's settings when they are
 * made, marked "review before publishing" and never public until the owner publishes them.
 */

/** What the templates print about the seller, from the settings (the store's name stands in for an empty legal name). */
export function legalFactsFrom(settings: ShopSettings): LegalFacts {
  return {
    storeName: settings.store.name,
    legalName: settings.seller.legalName || settings.store.name,
    taxId: settings.seller.taxId,
    address: settings.seller.address || settings.store.address,
    email: settings.store.email,
    returnWindowDays: settings.returns.windowDays,
  };
}

/**
 * Makes the draft page of every legal template the shop does not have yet (a template whose page the owner deleted
 * comes back only when asked again). A slug already taken by another page leaves that template out rather than take
 * the owner's page. Returns how many were made. `actor` is absent when the shop makes them itself at first start.
 */
export async function createLegalTemplates(db: Db, facts: LegalFacts, actor?: AdminActor): Promise<number> {
  return db.transaction(async (tx) => {
    const existing = await tx.select({ template: pages.template, slug: pages.slug, slugEs: pages.slugEs, sortOrder: pages.sortOrder }).from(pages);
    const have = new Set(existing.map((r) => r.template));
    const taken = new Set(existing.flatMap((r) => [r.slug, r.slugEs]));
    let sortOrder = existing.reduce((top, r) => Math.max(top, r.sortOrder), 0);
    let created = 0;
    for (const key of legalTemplateKeys) {
      if (have.has(key)) continue;
      const draft = legalPageDraft(key, facts);
      if (taken.has(draft.slug) || taken.has(draft.slugEs)) continue;
      sortOrder += 1;
      const [row] = await tx
        .insert(pages)
        .values({ ...draft, status: "draft", inFooter: true, reviewPending: true, sortOrder })
        .onConflictDoNothing()
        .returning({ id: pages.id });
      if (!row) continue;
      created += 1;
      if (actor) await writeAudit(tx, actor, { action: "create", entity: "page", entityId: row.id, after: { template: key, slug: draft.slug, slugEs: draft.slugEs, status: "draft" } });
    }
    return created;
  });
}

/**
 * Writes a template page's texts again from the settings of now (after the owner filled in their tax id, say). The
 * owner's edits to the texts are replaced; the page goes back to "review before publishing" but keeps its status.
 */
export async function refillLegalTemplate(db: Db, actor: AdminActor, id: string, facts: LegalFacts) {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(pages).where(eq(pages.id, id)).for("update");
    if (!current) throw new ContentError("pageNotFound", { slug: id });
    if (!current.template || !isLegalTemplateKey(current.template)) throw new ContentError("notATemplate", { slug: current.slug });
    const draft = legalPageDraft(current.template, facts);
    const [updated] = await tx
      .update(pages)
      .set({ contentEn: draft.contentEn, contentEs: draft.contentEs, reviewPending: true, updatedAt: new Date() })
      .where(eq(pages.id, id))
      .returning();
    await writeAudit(tx, actor, { action: "update", entity: "page", entityId: id, before: { template: current.template, refilled: false }, after: { template: current.template, refilled: true } });
    return updated;
  });
}

/**
 * "Remove demo data" (the caller's transaction): deletes the pages and footer details the demo seed wrote. The legal
 * templates are never demo rows, so they stay, as does everything the owner made.
 */
export async function removeDemoContent(tx: Executor): Promise<{ pages: number }> {
  const now = new Date();
  // The fixed pages keep their addresses without the demo's words: contact stays published (its form still reaches
  // the shop), about and blog become empty drafts for the owner to write (docs/product.md#a-clean-start).
  const cleared = await tx
    .update(pages)
    .set({ contentEn: "", contentEs: "", isDemo: false, updatedAt: now })
    .where(and(eq(pages.isDemo, true), eq(pages.slug, "contact")))
    .returning({ id: pages.id });
  const drafted = await tx
    .update(pages)
    .set({ contentEn: "", contentEs: "", status: "draft", inHeader: false, inFooter: false, isDemo: false, updatedAt: now })
    .where(and(eq(pages.isDemo, true), inArray(pages.slug, ["about", "blog"])))
    .returning({ id: pages.id });
  const removed = await tx.delete(pages).where(eq(pages.isDemo, true)).returning({ id: pages.id });
  await tx.delete(footerDetails).where(eq(footerDetails.isDemo, true));
  return { pages: cleared.length + drafted.length + removed.length };
}

/** The template pages the shop has (for tests and the admin list's mark). */
export async function listTemplatePages(db: Executor) {
  return db.select({ id: pages.id, template: pages.template, status: pages.status, reviewPending: pages.reviewPending }).from(pages).where(isNotNull(pages.template));
}

