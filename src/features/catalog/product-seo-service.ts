import { eq } from "drizzle-orm";
import { productImages } from "@/server/db/schema/catalog";
import type { Executor } from "@/server/db/executor";
import { slugToWrite, type SlugOwner } from "./catalog-slugs";
import type { ParsedProductInput } from "./product-admin-schemas";

/*
 * A product's addresses and search-listing text on save (decision 0370, docs/product.md#product-addresses); the slug
 * rules are the catalog's (catalog-slugs.ts), shared with categories.
 */

const optionalText = (value: string | undefined) => (value === undefined ? undefined : value || null);

/** The columns a save writes besides productValues: slugs, SEO title and description per language (undefined: untouched). */
export async function productSeoValues(tx: Executor, productId: string, data: ParsedProductInput, mode: "create" | "update") {
  const owner: SlugOwner = { kind: "product", id: productId, taken: "productSlugTaken" };
  const values = {
    slugEn: await slugToWrite(tx, owner, "en", data.slugEn, data.titleEn, mode),
    slugEs: await slugToWrite(tx, owner, "es", data.slugEs, data.titleEs || data.titleEn, mode),
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
