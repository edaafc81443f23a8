import { and, asc, eq, ne } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { categories } from "@/server/db/schema/catalog";
import { MAX_SLUG_LENGTH, slugify } from "@/lib/slug";
import { newId } from "@/lib/id";
import { isSafeLinkUrl, isShowableImageUrl } from "@/lib/safe-link-url";
import { writeAudit, type AdminActor } from "@/server/audit";
import { CatalogError } from "./errors";
import { categoryInputSchema, type CategoryInput } from "./category-admin-schemas";

/*
 * Back-office rules for categories. Every write takes the db as a parameter, runs in one transaction and records an
 * audit row in it, so a refused or failed change leaves nothing behind. Callers (server actions) authorise first.
 */
// ——— Categories ———

export type AdminCategory = typeof categories.$inferSelect;

export async function listCategoriesForAdmin(db: Db): Promise<AdminCategory[]> {
  return db.select().from(categories).orderBy(asc(categories.nameEn), asc(categories.id));
}

const SLUG_SHAPE = /^[a-z0-9_]+(?:-[a-z0-9_]+)*$/;

function checkCategory(input: CategoryInput) {
  const data = categoryInputSchema.parse(input);
  if (!data.nameEn) throw new CatalogError("nameRequired");
  if (!data.slug) throw new CatalogError("slugRequired");
  // The slug is the category's address: only what docs/product.md#slug-rule can produce (slugify is idempotent on it).
  if (data.slug.length > MAX_SLUG_LENGTH) throw new CatalogError("slugTooLong", { max: MAX_SLUG_LENGTH });
  if (!SLUG_SHAPE.test(data.slug) || slugify(data.slug) !== data.slug) throw new CatalogError("slugInvalid");
  if (data.imageUrl && !isSafeLinkUrl(data.imageUrl)) throw new CatalogError("invalidUrl", { url: data.imageUrl });
  if (data.imageUrl && !isShowableImageUrl(data.imageUrl)) throw new CatalogError("imageUrlNotHttps", { url: data.imageUrl });
  return data;
}

function categoryValues(data: ReturnType<typeof checkCategory>) {
  return {
    nameEn: data.nameEn,
    nameEs: data.nameEs,
    slug: data.slug,
    descriptionEn: data.descriptionEn || null,
    descriptionEs: data.descriptionEs || null,
    imageUrl: data.imageUrl || null,
  };
}

function isUniqueViolation(error: unknown): boolean {
  const candidates = [error, (error as { cause?: unknown })?.cause];
  return candidates.some((e) => (e as { code?: string } | undefined)?.code === "23505");
}

async function assertSlugFree(tx: Pick<Db, "select">, slug: string, exceptId?: string) {
  const where = exceptId ? and(eq(categories.slug, slug), ne(categories.id, exceptId)) : eq(categories.slug, slug);
  const [clash] = await tx.select({ id: categories.id }).from(categories).where(where).limit(1);
  if (clash) throw new CatalogError("duplicateSlug", { slug });
}

export async function createCategory(db: Db, actor: AdminActor, input: CategoryInput): Promise<AdminCategory> {
  const data = checkCategory(input);
  try {
    return await db.transaction(async (tx) => {
      await assertSlugFree(tx, data.slug);
      const [created] = await tx.insert(categories).values({ id: newId("cat"), ...categoryValues(data) }).returning();
      await writeAudit(tx, actor, { action: "create", entity: "category", entityId: created.id, after: categoryValues(data) });
      return created;
    });
  } catch (error) {
    // Two admins saving the same slug at once: the unique index decides, the loser gets the same clear message.
    if (isUniqueViolation(error)) throw new CatalogError("duplicateSlug", { slug: data.slug });
    throw error;
  }
}

export async function updateCategory(db: Db, actor: AdminActor, id: string, input: CategoryInput): Promise<AdminCategory> {
  const data = checkCategory(input);
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx.select().from(categories).where(eq(categories.id, id)).for("update");
      if (!current) throw new CatalogError("categoryNotFound");
      await assertSlugFree(tx, data.slug, id);
      const [updated] = await tx
        .update(categories)
        .set({ ...categoryValues(data), updatedAt: new Date() })
        .where(eq(categories.id, id))
        .returning();
      const before = {
        nameEn: current.nameEn,
        nameEs: current.nameEs,
        slug: current.slug,
        descriptionEn: current.descriptionEn,
        descriptionEs: current.descriptionEs,
        imageUrl: current.imageUrl,
      };
      await writeAudit(tx, actor, { action: "update", entity: "category", entityId: id, before, after: categoryValues(data) });
      return updated;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new CatalogError("duplicateSlug", { slug: data.slug });
    throw error;
  }
}

/** Deletes a category; its products stay, only their membership in it goes (ON DELETE CASCADE on the link rows). */
export async function deleteCategory(db: Db, actor: AdminActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(categories).where(eq(categories.id, id)).returning();
    if (!deleted) throw new CatalogError("categoryNotFound");
    await writeAudit(tx, actor, {
      action: "delete",
      entity: "category",
      entityId: id,
      before: { nameEn: deleted.nameEn, nameEs: deleted.nameEs, slug: deleted.slug },
    });
  });
}
