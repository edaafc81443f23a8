import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { productAdditionalInfo, productCategories, productImages, productOptions, products, variants } from "@/server/db/schema/catalog";
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
    db.select().from(productOptions).where(eq(productOptions.productId, id)).orderBy(asc(productOptions.sortOrder)).limit(1),
    db.select().from(variants).where(eq(variants.productId, id)).orderBy(asc(variants.sortOrder), asc(variants.id)),
  ]);
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
      variants: variantRows.map((v) => ({
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
