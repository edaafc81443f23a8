import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { productAdditionalInfo, productCategories, productImages, productOptionValues, productOptions, products, variantOptionValues, variants } from "@/server/db/schema/catalog";
import type { ParsedProductInput } from "./product-admin-schemas";

/** What the product editor loads: the saved product in the shape of the editor's input. */
export type AdminProductForm = {
  id: string;
  version: string;
  currency: string;
  input: Omit<ParsedProductInput, "variants"> & { variants: Array<ParsedProductInput["variants"][number] & { id: string; loadedStock: number }> };
};

/** The editor's data for one product (null when missing or deleted). `version` changes with every save. */
export async function loadProductForAdmin(db: Db, id: string, currency: string): Promise<AdminProductForm | null> {
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)));
  if (!product) return null;
  const [images, cats, info, options, variantRows] = await Promise.all([
    db.select().from(productImages).where(eq(productImages.productId, id)).orderBy(asc(productImages.sortOrder), asc(productImages.id)),
    db.select().from(productCategories).where(eq(productCategories.productId, id)).orderBy(asc(productCategories.sortOrder)),
    db.select().from(productAdditionalInfo).where(eq(productAdditionalInfo.productId, id)).orderBy(asc(productAdditionalInfo.sortOrder), asc(productAdditionalInfo.id)),
    db.select().from(productOptions).where(eq(productOptions.productId, id)).orderBy(asc(productOptions.sortOrder), asc(productOptions.id)),
    db.select().from(variants).where(eq(variants.productId, id)).orderBy(asc(variants.sortOrder), asc(variants.id)),
  ]);
  const matrix = options.length > 1 ? await loadMatrix(db, options, variantRows.map((v) => v.id)) : null;
  return {
    id,
    version: `${product.updatedAt.toISOString()}:${variantRows.map((v) => v.stock).join(",")}`,
    currency: variantRows[0]?.currency ?? currency.toUpperCase(),
    input: {
      titleEn: product.titleEn,
      titleEs: product.titleEs,
      subtitleEn: product.subtitleEn ?? "",
      subtitleEs: product.subtitleEs ?? "",
      descriptionEn: product.descriptionEn ?? "",
      descriptionEs: product.descriptionEs ?? "",
      ribbonEn: product.ribbonTextEn ?? "",
      ribbonEs: product.ribbonTextEs ?? "",
      status: product.status,
      isHidden: product.isHidden,
      purchasable: product.purchasable,
      categoryIds: cats.map((c) => c.categoryId),
      images: images.map((i) => i.url),
      slugEn: product.slugEn,
      slugEs: product.slugEs,
      seoTitleEn: product.seoTitleEn ?? "",
      seoTitleEs: product.seoTitleEs ?? "",
      seoDescriptionEn: product.seoDescriptionEn ?? "",
      seoDescriptionEs: product.seoDescriptionEs ?? "",
      imageAlts: Object.fromEntries(images.map((i) => [i.url, { en: i.altEn ?? "", es: i.altEs ?? "" }])),
      additionalInfo: info.map((b) => ({ titleEn: b.titleEn, titleEs: b.titleEs, descriptionEn: b.descriptionEn, descriptionEs: b.descriptionEs })),
      optionTitleEn: options[0]?.titleEn ?? "Style",
      optionTitleEs: options[0]?.titleEs ?? "Estilo",
      options: matrix?.options ?? [],
      variants: variantRows.map((v) => ({
        ...(matrix ? { optionValues: matrix.combinations.get(v.id) } : {}),
        id: v.id,
        titleEn: v.titleEn,
        titleEs: v.titleEs,
        sku: v.sku ?? "",
        priceCents: v.priceCents,
        salePriceCents: v.salePriceCents,
        manageInventory: v.manageInventory,
        stock: v.stock,
        loadedStock: v.stock,
        imageUrl: v.imageUrl,
        weightGrams: v.weightGrams,
      })),
    },
  };
}

/**
 * A product with two or more options, in the editor's terms (docs/product.md#product-options): each option's values in
 * order, and each variant's combination as the places of its values. A product with one option (the Style of
 * earlier products) loads as its variants' titles, as before.
 */
async function loadMatrix(db: Db, options: Array<typeof productOptions.$inferSelect>, variantIds: string[]) {
  const optionIds = options.map((o) => o.id);
  const [values, links] = await Promise.all([
    db.select().from(productOptionValues).where(inArray(productOptionValues.optionId, optionIds)).orderBy(asc(productOptionValues.sortOrder), asc(productOptionValues.id)),
    variantIds.length ? db.select().from(variantOptionValues).where(inArray(variantOptionValues.variantId, variantIds)) : Promise.resolve([]),
  ]);
  const place = new Map<string, { option: number; at: number }>();
  const loaded = options.map((o, oi) => {
    const own = values.filter((v) => v.optionId === o.id);
    own.forEach((v, at) => place.set(v.id, { option: oi, at }));
    return { titleEn: o.titleEn, titleEs: o.titleEs, values: own.map((v) => ({ valueEn: v.valueEn, valueEs: v.valueEs })) };
  });
  const combinations = new Map<string, number[]>();
  for (const link of links) {
    const found = place.get(link.optionValueId);
    if (!found) continue;
    const combination = combinations.get(link.variantId) ?? options.map(() => 0);
    combination[found.option] = found.at;
    combinations.set(link.variantId, combination);
  }
  return { options: loaded, combinations };
}
