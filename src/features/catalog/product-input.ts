import { ZodError } from "zod";
import { zodRefusal } from "@/lib/zod-refusal";
import { CatalogError } from "./errors";
import { isSafeLinkUrl, isShowableImageUrl } from "@/lib/safe-link-url";
import { cleanRichText } from "@/lib/sanitize-html";
import { checkOptions } from "./product-options";
import { productInputSchema, type ParsedProductInput, type ProductInput } from "./product-admin-schemas";

/*
 * The one check of a product as it will be written, for every writer of products: the editor's save
 * (product-admin-service.ts) and the catalog CSV import (catalog-csv/import-plan.ts). What it answers is storable as
 * is: rich text sanitised, titles trimmed. Refusals are CatalogError codes, whose words are the admin's messages (decision 0352).
 */

/** Rich text with something to read: the editor's empty paragraph ("<p><br></p>") is not. */
function hasText(html: string): boolean {
  return /<(img|iframe|video)\b/i.test(html) || html.replace(/<[^>]*>/g, "").replace(/&nbsp;/g, " ").trim() !== "";
}

/** Checks a product (shape, then the rules an admin is told about in words) and answers it ready to store. */
export function validateProductInput(raw: ProductInput): ParsedProductInput {
  let data: ParsedProductInput;
  try {
    data = productInputSchema.parse(raw);
  } catch (error) {
    if (!(error instanceof ZodError)) throw error;
    const refusal = zodRefusal(error);
    throw new CatalogError(refusal.code, refusal.params);
  }
  if (!data.titleEn) throw new CatalogError("productTitleRequired", {}, undefined, { field: "titleEn" });
  if (data.variants.length === 0) throw new CatalogError("variantRequired");
  data = { ...data, variants: checkOptions(data) };
  for (const url of data.images) {
    if (!isSafeLinkUrl(url)) throw new CatalogError("invalidUrl", { url });
    if (!isShowableImageUrl(url)) throw new CatalogError("imageUrlNotHttps", { url });
  }
  const images = new Set(data.images);
  const seenSkus = new Set<string>();
  data.variants.forEach((v, index) => {
    const n = index + 1;
    if (!v.titleEn) throw new CatalogError("variantTitleRequired", { n }, undefined, { field: `variants.${index}.titleEn` });
    if (v.salePriceCents !== null && v.salePriceCents >= v.priceCents) throw new CatalogError("salePriceNotLower", { n }, undefined, { field: `variants.${index}.salePriceCents` });
    if (v.sku) {
      if (seenSkus.has(v.sku)) throw new CatalogError("duplicateSku", { sku: v.sku }, undefined, { field: `variants.${index}.sku` });
      seenSkus.add(v.sku);
    }
    if (v.imageUrl && !images.has(v.imageUrl)) throw new CatalogError("variantImageNotInProduct", { n });
    if (v.id && v.loadedStock === undefined) throw new CatalogError("invalidInput", { details: `variants.${index}.loadedStock: required` });
  });
  // A block left empty is dropped; the field named is the block's place in the form, which still shows it.
  const kept = data.additionalInfo.map((b, index) => ({ b, index })).filter(({ b }) => b.titleEn || b.titleEs || hasText(b.descriptionEn) || hasText(b.descriptionEs));
  kept.forEach(({ b, index }) => {
    if (!b.titleEn) throw new CatalogError("infoTitleRequired", { n: index + 1 }, undefined, { field: `additionalInfo.${index}.titleEn` });
  });
  const additionalInfo = kept.map(({ b }) => b);
  // Sanitised here, once, for every writer (and again when shown): what is stored is already safe to render.
  return {
    ...data,
    descriptionEn: cleanRichText(data.descriptionEn),
    descriptionEs: cleanRichText(data.descriptionEs),
    additionalInfo: additionalInfo.map((b) => ({ ...b, descriptionEn: cleanRichText(b.descriptionEn), descriptionEs: cleanRichText(b.descriptionEs) })),
  };
}
