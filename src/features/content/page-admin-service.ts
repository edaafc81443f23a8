import { and, asc, eq, max, ne, or } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import type { Executor } from "@/server/db/executor";
import { pages } from "@/server/db/schema/content";
import { isUniqueViolation } from "@/server/db/unique-violation";
import { cleanRichText } from "@/lib/sanitize-html";
import { MAX_SLUG_LENGTH, slugify } from "@/lib/slug";
import { writeAudit, type AdminActor } from "@/server/audit";
import { ContentError } from "./errors";
import { isFixedPageSlug, isReservedPageSlug } from "./page-routes";
import { pageInputSchema, pageMoveSchema, type PageInput, type PageMove } from "./page-schemas";

/*
 * The pages editor's rules (docs/product.md#admin-pages, decision 0362). Every write runs in one transaction with its
 * audit row, so a refused or failed change leaves nothing behind; callers (server actions) authorise first. Refusals
 * name the form field they are about.
 */

export type PageRow = typeof pages.$inferSelect;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export async function listPagesForAdmin(db: Db): Promise<PageRow[]> {
  return db.select().from(pages).orderBy(asc(pages.sortOrder), asc(pages.createdAt), asc(pages.id));
}

export async function loadPageForAdmin(db: Db, id: string): Promise<PageRow | null> {
  const [row] = await db.select().from(pages).where(eq(pages.id, id)).limit(1);
  return row ?? null;
}

type CheckedPage = {
  titleEn: string;
  titleEs: string;
  slug: string;
  slugEs: string;
  contentEn: string;
  contentEs: string;
  status: "draft" | "published";
  inHeader: boolean;
  inFooter: boolean;
};

/** The slug rule on a title with its accents taken off first, so "Guía de tallas" gives guia-de-tallas, not gua-de-tallas. */
function slugFromTitle(title: string): string {
  return slugify(title.normalize("NFD").replace(/[\u0300-\u036f]/g, ""));
}

/** A slug as typed, or made from the title when left empty; refused unless the slug rule leaves it as is. */
function checkSlug(typed: string, title: string, field: "slugEn" | "slugEs"): string {
  const slug = typed.trim() || slugFromTitle(title);
  if (!slug) throw new ContentError("pageSlugRequired", {}, undefined, { field });
  if (slug !== slugify(slug) || slug.length > MAX_SLUG_LENGTH) throw new ContentError("pageSlugInvalid", { slug, max: MAX_SLUG_LENGTH }, undefined, { field });
  if (isReservedPageSlug(slug)) throw new ContentError("pageSlugReserved", { slug }, undefined, { field });
  return slug;
}

/** The input checked and cleaned; a fixed page (about, contact, blog) keeps its slug whatever was sent. */
function checkPage(input: PageInput, fixedSlug: string | null): CheckedPage {
  const data = pageInputSchema.parse(input);
  const titleEn = data.titleEn.trim();
  const titleEs = data.titleEs.trim();
  if (!titleEn) throw new ContentError("pageTitleRequired", {}, undefined, { field: "titleEn" });
  let slug = fixedSlug ?? "";
  let slugEs = fixedSlug ?? "";
  if (!fixedSlug) {
    slug = checkSlug(data.slugEn, titleEn, "slugEn");
    slugEs = data.slugEs.trim() || titleEs ? checkSlug(data.slugEs, titleEs, "slugEs") : slug;
  }
  return {
    titleEn,
    titleEs,
    slug,
    slugEs,
    contentEn: cleanRichText(data.contentEn),
    contentEs: cleanRichText(data.contentEs),
    status: data.status,
    inHeader: data.inHeader,
    inFooter: data.inFooter,
  };
}

/**
 * A slug is unique in its language; it is also kept from every other page's slug in the other language, so an address
 * names one page whichever language it is read in (the language switch and old links rely on it).
 */
async function assertSlugsFree(tx: Executor, page: { slug: string; slugEs: string }, exceptId?: string) {
  for (const [slug, field] of [
    [page.slug, "slugEn"],
    [page.slugEs, "slugEs"],
  ] as const) {
    const clash = or(eq(pages.slug, slug), eq(pages.slugEs, slug));
    const [other] = await tx
      .select({ id: pages.id })
      .from(pages)
      .where(exceptId ? and(clash, ne(pages.id, exceptId)) : clash)
      .limit(1);
    if (other) throw new ContentError("pageSlugTaken", { slug }, undefined, { field });
  }
}

async function nextSortOrder(tx: Executor): Promise<number> {
  const [row] = await tx.select({ top: max(pages.sortOrder) }).from(pages);
  return (row?.top ?? 0) + 1;
}

function auditView(row: Omit<CheckedPage, "contentEn" | "contentEs"> & { contentEn?: string; contentEs?: string }) {
  return { ...row };
}

export async function createPage(db: Db, actor: AdminActor, input: PageInput): Promise<PageRow> {
  const data = checkPage(input, null);
  try {
    return await db.transaction(async (tx) => {
      await assertSlugsFree(tx, data);
      const [created] = await tx
        .insert(pages)
        .values({ ...data, sortOrder: await nextSortOrder(tx) })
        .returning();
      await writeAudit(tx, actor, { action: "create", entity: "page", entityId: created.id, after: auditView(data) });
      return created;
    });
  } catch (error) {
    // Two admins saving the same slug at once: the unique index decides and the loser is told on the field.
    if (isUniqueViolation(error)) throw new ContentError("pageSlugTaken", { slug: data.slug }, undefined, { field: "slugEn" });
    throw error;
  }
}

export async function updatePage(db: Db, actor: AdminActor, id: string, input: PageInput): Promise<PageRow> {
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx.select().from(pages).where(eq(pages.id, id)).for("update");
      if (!current) throw new ContentError("pageNotFound", { slug: id });
      const data = checkPage(input, isFixedPageSlug(current.slug) ? current.slug : null);
      await assertSlugsFree(tx, data, id);
      // Publishing is the owner's review: the template's "review before publishing" mark goes with it.
      const reviewPending = current.reviewPending && data.status !== "published";
      const [updated] = await tx
        .update(pages)
        // A demo page the owner edits is theirs from then on: "Remove demo data" leaves it.
        .set({ ...data, reviewPending, isDemo: false, updatedAt: new Date() })
        .where(eq(pages.id, id))
        .returning();
      const { contentEn, contentEs, ...before } = current;
      await writeAudit(tx, actor, {
        action: "update",
        entity: "page",
        entityId: id,
        before: { ...before, contentChanged: contentEn !== data.contentEn || contentEs !== data.contentEs },
        after: auditView({ ...data, contentEn: data.contentEn, contentEs: data.contentEs }),
      });
      return updated;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ContentError("pageSlugTaken", { slug: String((input as { slugEn?: string }).slugEn ?? "") }, undefined, { field: "slugEn" });
    throw error;
  }
}

/** Deletes an owner's page. The fixed pages (about, contact, blog) have routes of their own and cannot be deleted. */
export async function deletePage(db: Db, actor: AdminActor, id: string): Promise<PageRow> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(pages).where(eq(pages.id, id)).for("update");
    if (!current) throw new ContentError("pageNotFound", { slug: id });
    if (isFixedPageSlug(current.slug)) throw new ContentError("fixedPageDelete", { slug: current.slug });
    await tx.delete(pages).where(eq(pages.id, id));
    await writeAudit(tx, actor, { action: "delete", entity: "page", entityId: id, before: { slug: current.slug, slugEs: current.slugEs, titleEn: current.titleEn, status: current.status } });
    return current;
  });
}

/** Moves a page one place up or down in the one order the header and the footer follow (a swap with its neighbour). */
export async function movePage(db: Db, actor: AdminActor, input: PageMove): Promise<void> {
  const { id, direction } = pageMoveSchema.parse(input);
  await db.transaction(async (tx) => {
    const rows = await tx.select({ id: pages.id, sortOrder: pages.sortOrder }).from(pages).orderBy(asc(pages.sortOrder), asc(pages.createdAt), asc(pages.id)).for("update");
    const index = rows.findIndex((r) => r.id === id);
    if (index < 0) throw new ContentError("pageNotFound", { slug: id });
    const target = direction === "up" ? index - 1 : index + 1;
    if (target < 0 || target >= rows.length) return;
    const order = rows.map((r) => r.id);
    [order[index], order[target]] = [order[target], order[index]];
    // Renumbering the whole list keeps the order strict even where older rows shared a number.
    await renumber(tx, order);
    await writeAudit(tx, actor, { action: "update", entity: "page", entityId: id, before: { position: index + 1 }, after: { position: target + 1 } });
  });
}

async function renumber(tx: Tx, order: string[]) {
  for (const [position, pageId] of order.entries()) await tx.update(pages).set({ sortOrder: position + 1 }).where(eq(pages.id, pageId));
}
