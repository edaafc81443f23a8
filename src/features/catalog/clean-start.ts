import { inArray, like, sql } from "drizzle-orm";
import type { Executor } from "@/server/db/executor";
import { categories, productImages, products, relatedProducts, variants } from "@/server/db/schema/catalog";
import { productFacetStats } from "@/server/db/schema/catalog-facets";
import { queryRows } from "@/server/db/rows";
import { DEMO_ID_PREFIX } from "@/server/db/seed/demo-images";

/*
 * A clean start (docs/product.md#a-clean-start): the demo catalog is the rows the seed wrote, recognised by their ids
 * (prod_demo_…, cat_demo_…); products and categories the merchant made stay, even beside demo ones.
 */

export type DemoCatalog = { productIds: string[]; variantIds: string[]; categoryIds: string[]; imageUrls: string[] };

const startsWith = (prefix: string) => `${prefix.replace(/_/g, "\\_")}%`;

/** The demo rows still there, with every image URL they show (uploads a merchant added to a demo product included). */
export async function findDemoCatalog(tx: Executor): Promise<DemoCatalog> {
  const productRows = await tx.select({ id: products.id }).from(products).where(like(products.id, startsWith(DEMO_ID_PREFIX.product)));
  const categoryRows = await tx
    .select({ id: categories.id, imageUrl: categories.imageUrl })
    .from(categories)
    .where(like(categories.id, startsWith(DEMO_ID_PREFIX.category)));
  const productIds = productRows.map((r) => r.id);
  const variantRows = productIds.length
    ? await tx.select({ id: variants.id, imageUrl: variants.imageUrl }).from(variants).where(inArray(variants.productId, productIds))
    : [];
  const imageRows = productIds.length ? await tx.select({ url: productImages.url }).from(productImages).where(inArray(productImages.productId, productIds)) : [];
  const imageUrls = [...imageRows.map((r) => r.url), ...variantRows.map((r) => r.imageUrl), ...categoryRows.map((r) => r.imageUrl)].filter(
    (url): url is string => Boolean(url),
  );
  return { productIds, variantIds: variantRows.map((r) => r.id), categoryIds: categoryRows.map((r) => r.id), imageUrls: [...new Set(imageUrls)] };
}

/**
 * Removes the demo products (their images, options, variants, links to categories, extra information and facet rows
 * go with them: the catalog's own tables, by their foreign keys) and the demo categories. Other products' "related"
 * links to a demo product go too. The stock history and the stock alerts of these variants belong to inventory and
 * stock-alerts: remove them first. The storefront's counts and filters follow through the catalog's triggers.
 */
export async function removeDemoCatalog(tx: Executor, demo: DemoCatalog): Promise<void> {
  if (demo.productIds.length > 0) {
    await tx.delete(relatedProducts).where(inArray(relatedProducts.relatedId, demo.productIds));
    await tx.delete(products).where(inArray(products.id, demo.productIds));
  }
  if (demo.categoryIds.length > 0) await tx.delete(categories).where(inArray(categories.id, demo.categoryIds));
}

/** Units sold count paid orders; once every order is gone, the remaining products have sold none. */
export async function forgetUnitsSold(tx: Executor): Promise<void> {
  await tx.update(productFacetStats).set({ sold: 0 }).where(sql`${productFacetStats.sold} <> 0`);
}

/** Demo pictures (/uploads/demo/…) still shown by what stays, e.g. a merchant's copy of a demo product. */
export async function demoArtInUse(db: Executor): Promise<Set<string>> {
  const prefix = "/uploads/demo/%";
  const rows = await queryRows<{ url: string }>(
    db,
    sql`select url from ${productImages} where url like ${prefix}
        union select image_url from ${variants} where image_url like ${prefix}
        union select image_url from ${categories} where image_url like ${prefix}`,
  );
  return new Set(rows.map((r) => r.url));
}
