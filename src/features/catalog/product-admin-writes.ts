import { and, eq, inArray, ne } from "drizzle-orm";
import {
  categories,
  productAdditionalInfo,
  productCategories,
  productImages,
  productOptionValues,
  productOptions,
  variantOptionValues,
  variants,
} from "@/server/db/schema/catalog";
import { newId } from "@/lib/id";
import type { Executor } from "@/server/db/executor";
import { CatalogError } from "./errors";
import type { ParsedProductInput } from "./product-admin-schemas";
import { imageAltsFor } from "./product-seo-service";
import { uniqueViolation } from "@/server/db/unique-violation";
import { isSlugViolation } from "./catalog-slugs";

/*
 * The pieces of a product save (docs/product.md#admin-products), after validateProductInput (product-input.ts): the row
 * values, the child rows rewritten whole, the SKU and category checks and the audit summary. product-admin-service.ts
 * puts them together in one transaction.
 */

export function productValues(data: ParsedProductInput) {
  return {
    titleEn: data.titleEn,
    titleEs: data.titleEs,
    subtitleEn: data.subtitleEn || null,
    subtitleEs: data.subtitleEs || null,
    // Already sanitised by validateProductInput (product-input.ts).
    descriptionEn: data.descriptionEn || null,
    descriptionEs: data.descriptionEs || null,
    ribbonTextEn: data.ribbonEn || null,
    ribbonTextEs: data.ribbonEs || null,
    status: data.status,
    isHidden: data.isHidden,
    purchasable: data.purchasable,
  };
}

/** A short record of a product for the audit log (no HTML bodies: they are summarised by length). */
export function auditSummary(values: ReturnType<typeof productValues>, data: { images: string[]; categoryIds: string[]; variants: Array<{ sku: string | null; priceCents: number; salePriceCents: number | null; stock: number; manageInventory: boolean }> }) {
  return {
    titleEn: values.titleEn,
    titleEs: values.titleEs,
    status: values.status,
    isHidden: values.isHidden,
    purchasable: values.purchasable,
    descriptionChars: (values.descriptionEn ?? "").length + (values.descriptionEs ?? "").length,
    images: data.images.length,
    categories: [...data.categoryIds].sort(),
    variants: data.variants.map((v) => `${v.sku ?? "-"} ${v.priceCents}${v.salePriceCents !== null ? `/${v.salePriceCents}` : ""}${v.manageInventory ? ` ×${v.stock}` : ""}`),
  };
}

/** `variantSkus`: each variant's, in the order of the input (empty for none), so a clash names its variant's field. */
export async function assertSkusFree(tx: Executor, variantSkus: Array<string | null | undefined>, productId: string) {
  const skus = variantSkus.filter((sku): sku is string => Boolean(sku));
  if (skus.length === 0) return;
  const [clash] = await tx
    .select({ sku: variants.sku })
    .from(variants)
    .where(and(inArray(variants.sku, skus), ne(variants.productId, productId)))
    .limit(1);
  // Named on the variant's own SKU field (`variants.<n>.sku`), so the editor marks and focuses it.
  if (clash?.sku) throw new CatalogError("duplicateSku", { sku: clash.sku }, undefined, { field: `variants.${variantSkus.indexOf(clash.sku)}.sku` });
}

export async function assertCategoriesExist(tx: Executor, ids: string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const found = await tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, unique));
  if (found.length !== unique.length) throw new CatalogError("categoryNotFound");
  return unique;
}

/** Images, categories, additional info and the options are rewritten whole on each save (ids are internal). */
export async function writeChildren(tx: Executor, productId: string, data: ParsedProductInput, categoryIds: string[], variantIds: string[]) {
  const alts = await imageAltsFor(tx, productId, data);
  await tx.delete(productImages).where(eq(productImages.productId, productId));
  await tx.delete(productCategories).where(eq(productCategories.productId, productId));
  await tx.delete(productAdditionalInfo).where(eq(productAdditionalInfo.productId, productId));
  // Deleting the options removes their values and the variants' links to them (ON DELETE CASCADE).
  await tx.delete(productOptions).where(eq(productOptions.productId, productId));

  if (data.images.length) {
    await tx.insert(productImages).values(data.images.map((url, index) => ({ id: newId("img"), productId, url, sortOrder: index, ...alts.get(url) })));
  }
  if (categoryIds.length) {
    await tx.insert(productCategories).values(categoryIds.map((categoryId, index) => ({ productId, categoryId, sortOrder: index })));
  }
  if (data.additionalInfo.length) {
    await tx.insert(productAdditionalInfo).values(
      data.additionalInfo.map((b, index) => ({
        id: newId("info"),
        productId,
        sortOrder: index + 1,
        titleEn: b.titleEn,
        titleEs: b.titleEs,
        descriptionEn: b.descriptionEn,
        descriptionEs: b.descriptionEs,
      })),
    );
  }
  if (data.options.length) {
    await writeOptions(tx, productId, data, variantIds);
    return;
  }
  // As in the demo catalogue: a single variant needs no choice; two or more are told apart by the Style option.
  if (data.variants.length > 1) {
    const optionId = newId("opt");
    await tx.insert(productOptions).values({ id: optionId, productId, titleEn: data.optionTitleEn || "Style", titleEs: data.optionTitleEs, sortOrder: 0 });
    const values = data.variants.map((v, index) => ({ id: newId("optv"), optionId, valueEn: v.titleEn, valueEs: v.titleEs, sortOrder: index }));
    await tx.insert(productOptionValues).values(values);
    await tx.insert(variantOptionValues).values(values.map((value, index) => ({ variantId: variantIds[index], optionValueId: value.id })));
  }
}

/** Options, their values in order, and each variant's link to its value of every option (docs/product.md#product-options). */
async function writeOptions(tx: Executor, productId: string, data: ParsedProductInput, variantIds: string[]) {
  const valueIds = data.options.map((o) => o.values.map(() => newId("optv")));
  const optionRows = data.options.map((o, index) => ({ id: newId("opt"), productId, titleEn: o.titleEn, titleEs: o.titleEs, sortOrder: index }));
  await tx.insert(productOptions).values(optionRows);
  await tx.insert(productOptionValues).values(
    data.options.flatMap((o, oi) => o.values.map((v, vi) => ({ id: valueIds[oi][vi], optionId: optionRows[oi].id, valueEn: v.valueEn, valueEs: v.valueEs, sortOrder: vi }))),
  );
  const links = data.variants.flatMap((v, index) => (v.optionValues ?? []).map((at, oi) => ({ variantId: variantIds[index], optionValueId: valueIds[oi][at] })));
  if (links.length) await tx.insert(variantOptionValues).values(links);
}

export function variantValues(v: ParsedProductInput["variants"][number], index: number) {
  return {
    titleEn: v.titleEn,
    titleEs: v.titleEs,
    sku: v.sku || null,
    priceCents: v.priceCents,
    salePriceCents: v.salePriceCents,
    manageInventory: v.manageInventory,
    imageUrl: v.imageUrl || null,
    weightGrams: v.weightGrams,
    sortOrder: index,
  };
}

/**
 * Runs a product write, turning a unique-index refusal (two admins saving one SKU at once: both got past
 * assertSkusFree) into the clear message, on the SKU field of the variant the index named, as assertSkusFree does.
 */
export async function withSkuGuard<T>(data: ParsedProductInput, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isSlugViolation("product", error)) throw new CatalogError("productSlugTaken", { slug: [data.slugEn, data.slugEs].filter(Boolean).join(", ") });
    const clash = uniqueViolation(error);
    if (clash) {
      const index = clash.key === "sku" ? data.variants.findIndex((v) => v.sku === clash.value) : -1;
      if (index >= 0) throw new CatalogError("duplicateSku", { sku: clash.value }, undefined, { field: `variants.${index}.sku` });
      throw new CatalogError("duplicateSku", { sku: data.variants.map((v) => v.sku).filter(Boolean).join(", ") });
    }
    throw error;
  }
}
