import { asc, eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import type { Executor } from "@/server/db/executor";
import { categories } from "@/server/db/schema/catalog";
import { MAX_SLUG_LENGTH, slugify } from "@/lib/slug";
import { newId } from "@/lib/id";
import { isSafeLinkUrl, isShowableImageUrl } from "@/lib/safe-link-url";
import { writeAudit, type AdminActor } from "@/server/audit";
import { CatalogError } from "./errors";
import { categoryInputSchema, type CategoryInput } from "./category-admin-schemas";
import { isUniqueViolation } from "@/server/db/unique-violation";
import { assertSlugFree, slugToWrite, type SlugOwner } from "./catalog-slugs";

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

type CheckedCategory = ReturnType<typeof checkCategory>;

function categoryValues(data: CheckedCategory) {
  return {
    nameEn: data.nameEn,
    nameEs: data.nameEs,
    slug: data.slug,
    descriptionEn: data.descriptionEn || null,
    descriptionEs: data.descriptionEs || null,
    imageUrl: data.imageUrl || null,
  };
}

const ownerOf = (id: string): SlugOwner => ({ kind: "category", id, taken: "duplicateSlug" });

/** The row's values with its slugs: the English one as typed (checked above), the Spanish one on the product's rule. */
async function valuesToWrite(tx: Executor, id: string, data: CheckedCategory, mode: "create" | "update") {
  await assertSlugFree(tx, ownerOf(id), "en", data.slug);
  const slugEs = await slugToWrite(tx, ownerOf(id), "es", data.slugEs, data.nameEs || data.slug, mode);
  return { ...categoryValues(data), ...(slugEs === undefined ? {} : { slugEs }) };
}

/** What the audit log keeps of a category: its texts and both addresses as stored. */
function auditOf(row: AdminCategory) {
  return {
    nameEn: row.nameEn,
    nameEs: row.nameEs,
    slug: row.slug,
    slugEs: row.slugEs,
    descriptionEn: row.descriptionEn,
    descriptionEs: row.descriptionEs,
    imageUrl: row.imageUrl,
  };
}

/** Runs a category write; two admins saving the same slug at once: the unique index decides, the loser gets the clear message. */
async function withSlugGuard<T>(data: CheckedCategory, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new CatalogError("duplicateSlug", { slug: [data.slug, data.slugEs].filter(Boolean).join(", ") });
    throw error;
  }
}

export async function createCategory(db: Db, actor: AdminActor, input: CategoryInput): Promise<AdminCategory> {
  const data = checkCategory(input);
  return withSlugGuard(data, () =>
    db.transaction(async (tx) => {
      const id = newId("cat");
      const [created] = await tx.insert(categories).values({ id, ...(await valuesToWrite(tx, id, data, "create")) }).returning();
      await writeAudit(tx, actor, { action: "create", entity: "category", entityId: created.id, after: auditOf(created) });
      return created;
    }),
  );
}

export async function updateCategory(db: Db, actor: AdminActor, id: string, input: CategoryInput): Promise<AdminCategory> {
  const data = checkCategory(input);
  return withSlugGuard(data, () =>
    db.transaction(async (tx) => {
      const [current] = await tx.select().from(categories).where(eq(categories.id, id)).for("update");
      if (!current) throw new CatalogError("categoryNotFound");
      const [updated] = await tx
        .update(categories)
        .set({ ...(await valuesToWrite(tx, id, data, "update")), updatedAt: new Date() })
        .where(eq(categories.id, id))
        .returning();
      await writeAudit(tx, actor, { action: "update", entity: "category", entityId: id, before: auditOf(current), after: auditOf(updated) });
      return updated;
    }),
  );
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
      before: { nameEn: deleted.nameEn, nameEs: deleted.nameEs, slug: deleted.slug, slugEs: deleted.slugEs },
    });
  });
}
