import { and, eq, ne, sql, type SQL } from "drizzle-orm";
import { productImages, products } from "@/server/db/schema/catalog";
import type { Executor } from "@/server/db/executor";
import { MAX_SLUG_LENGTH, slugifyTitle } from "@/lib/slug";
import { CatalogError } from "./errors";
import type { ParsedProductInput } from "./product-admin-schemas";

/*
 * A product's addresses and search-listing text on save (decision 0370, docs/product.md#product-addresses). A typed
 * slug is normalised by the slug rule and refused when another product has it in that language; an empty one is
 * made from the title by the database (vitrina_free_slug, drizzle/0069), which also adds -2, -3 on a clash.
 */

type Lang = "en" | "es";

/** The typed slug in the slug rule's form; '' when none was typed. Refuses a slug that is nothing but symbols, or too long. */
export function typedSlug(value: string): string {
  if (value.trim() === "") return "";
  const slug = slugifyTitle(value);
  if (!slug) throw new CatalogError("slugInvalid");
  if (slug.length > MAX_SLUG_LENGTH) throw new CatalogError("slugTooLong", { max: MAX_SLUG_LENGTH });
  return slug;
}

async function assertSlugFree(tx: Executor, lang: Lang, slug: string, productId: string) {
  const column = lang === "es" ? products.slugEs : products.slugEn;
  const [clash] = await tx.select({ id: products.id }).from(products).where(and(eq(column, slug), ne(products.id, productId))).limit(1);
  if (clash) throw new CatalogError("productSlugTaken", { slug });
}

/**
 * One slug as a save writes it: left out → not written (kept; on create the insert trigger makes it); typed → checked
 * and written; empty → made from the title (on create by the insert trigger, on update here, by the same function).
 */
async function slugValue(tx: Executor, lang: Lang, value: string | undefined, title: string, productId: string, mode: "create" | "update") {
  if (value === undefined) return undefined;
  const slug = typedSlug(value);
  if (slug) {
    await assertSlugFree(tx, lang, slug, productId);
    return slug;
  }
  if (mode === "create") return "";
  return sql<string>`public.vitrina_free_slug('product', ${lang}, public.vitrina_slugify(${title}::text), ${productId})` as SQL<string>;
}

const optionalText = (value: string | undefined) => (value === undefined ? undefined : value || null);

/** The columns a save writes besides productValues: slugs, SEO title and description per language (undefined: untouched). */
export async function productSeoValues(tx: Executor, productId: string, data: ParsedProductInput, mode: "create" | "update") {
  const values = {
    slugEn: await slugValue(tx, "en", data.slugEn, data.titleEn, productId, mode),
    slugEs: await slugValue(tx, "es", data.slugEs, data.titleEs || data.titleEn, productId, mode),
    seoTitleEn: optionalText(data.seoTitleEn),
    seoTitleEs: optionalText(data.seoTitleEs),
    seoDescriptionEn: optionalText(data.seoDescriptionEn),
    seoDescriptionEs: optionalText(data.seoDescriptionEs),
  };
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<{ [K in keyof typeof values]: Exclude<(typeof values)[K], undefined> }>;
}

/**
 * The alt texts images get on a save, by address: what the editor sent, or — for a caller that sends none — what the
 * images had, so rewriting the image rows keeps them.
 */
export async function imageAltsFor(tx: Executor, productId: string, data: ParsedProductInput): Promise<Map<string, { altEn: string | null; altEs: string | null }>> {
  if (data.imageAlts) {
    return new Map(Object.entries(data.imageAlts).map(([url, alt]) => [url, { altEn: alt.en || null, altEs: alt.es || null }]));
  }
  const rows = await tx.select({ url: productImages.url, altEn: productImages.altEn, altEs: productImages.altEs }).from(productImages).where(eq(productImages.productId, productId));
  return new Map(rows.map((r) => [r.url, { altEn: r.altEn, altEs: r.altEs }]));
}

/** Whether a unique-index refusal came from a product slug (two admins saving one slug at once). */
export function isSlugViolation(error: unknown): boolean {
  const candidates = [error, (error as { cause?: unknown })?.cause];
  return candidates.some((e) => /products_slug_(en|es)_unique/.test(String((e as { constraint?: string } | undefined)?.constraint ?? "")));
}
