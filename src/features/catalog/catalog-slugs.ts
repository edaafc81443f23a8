import { and, eq, ne, sql, type SQL } from "drizzle-orm";
import { categories, products } from "@/server/db/schema/catalog";
import type { Executor } from "@/server/db/executor";
import { uniqueViolation } from "@/server/db/unique-violation";
import { MAX_SLUG_LENGTH, slugifyTitle } from "@/lib/slug";
import { CatalogError } from "./errors";
import type { CatalogKind } from "./address-service";

/*
 * The address rules products and categories share on save (decision 0370, docs/product.md#product-addresses). A typed
 * slug is normalised by the slug rule and refused when another row of the same kind has it in that language; an empty
 * one is made from the title or name by the database (vitrina_free_slug, drizzle/0069 and 0079), which adds -2, -3 on a
 * clash. The slug a row leaves keeps answering with a 301 (catalog_slug_history, written by a trigger).
 */

export type SlugLang = "en" | "es";

/** Whose slug a save writes, and the refusal an admin reads when another row of that kind has it. */
export type SlugOwner = { kind: CatalogKind; id: string; taken: "productSlugTaken" | "duplicateSlug" };

/** The typed slug in the slug rule's form; '' when none was typed. Refuses a slug that is nothing but symbols, or too long. */
export function typedSlug(value: string): string {
  if (value.trim() === "") return "";
  const slug = slugifyTitle(value);
  if (!slug) throw new CatalogError("slugInvalid");
  if (slug.length > MAX_SLUG_LENGTH) throw new CatalogError("slugTooLong", { max: MAX_SLUG_LENGTH });
  return slug;
}

function slugColumn(kind: CatalogKind, lang: SlugLang) {
  if (kind === "product") return lang === "es" ? products.slugEs : products.slugEn;
  return lang === "es" ? categories.slugEs : categories.slug;
}

/** Refuses `slug` when another row of the owner's kind has it as its current slug in `lang`. */
export async function assertSlugFree(tx: Pick<Executor, "select">, owner: SlugOwner, lang: SlugLang, slug: string) {
  const table = owner.kind === "product" ? products : categories;
  const [clash] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(slugColumn(owner.kind, lang), slug), ne(table.id, owner.id)))
    .limit(1);
  if (clash) throw new CatalogError(owner.taken, { slug });
}

/**
 * One slug as a save writes it: left out → not written (kept; on create the insert trigger makes it); typed → checked
 * and written; empty → made from `title` (on create by the insert trigger, on update here, by the same function).
 */
export async function slugToWrite(tx: Executor, owner: SlugOwner, lang: SlugLang, value: string | undefined, title: string, mode: "create" | "update") {
  if (value === undefined) return undefined;
  const slug = typedSlug(value);
  if (slug) {
    await assertSlugFree(tx, owner, lang, slug);
    return slug;
  }
  if (mode === "create") return "";
  return sql<string>`public.vitrina_free_slug(${owner.kind}, ${lang}, public.vitrina_slugify(${title}::text), ${owner.id})` as SQL<string>;
}

/** Whether a unique-index refusal came from a slug of this kind. */
export function isSlugViolation(kind: CatalogKind, error: unknown): boolean {
  const constraint = kind === "product" ? /products_slug_(en|es)_unique/ : /categories_slug(_es)?_unique/;
  return constraint.test(uniqueViolation(error)?.constraint ?? "");
}
