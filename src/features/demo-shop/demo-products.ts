import { careByCategory, categoryDefs, productDefs, ribbons, shippingInfo, type CategorySlug, type ProductDef } from "@/server/db/seed/catalog-data";
import { categoryId, demoUrl, pad, planProductImages, PRODUCT_IMAGE_SIZE, productId, variantId } from "@/server/db/seed/demo-images";
import type { BatchProduct, BatchVariant } from "@/features/catalog/product-batch-writes";
import { productValues } from "@/features/catalog/product-admin-writes";
import { validateProductInput } from "@/features/catalog/product-input";

/*
 * The demo products as catalog's batch command takes them (decision 0354): each first checked by the editor's
 * validateProductInput, whose answer (sanitised text, trimmed titles) is what gets written, then given what the
 * editor's form cannot say but the command can: fixed ids (the public API's fixture and many tests name them), the
 * shoes' second option, image alt texts and sizes, the product's place in the listings and its age.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

type DemoVariant = { id: string; sku: string; titleEn: string; titleEs: string; priceCents: number; salePriceCents: number | null; stock: number; imageUrl: string; styleIndex: number; size: string | null };

function demoVariants(def: ProductDef): DemoVariant[] {
  const planned = planProductImages(def);
  const sizes = def.sizes ?? [];
  return def.styles.flatMap((style, styleIndex) => {
    const image = planned.find((p) => p.view === "front" && p.styleIndex === styleIndex) ?? planned[0];
    const salePrice = style.salePriceCents === undefined ? def.salePriceCents : style.salePriceCents;
    return (sizes.length ? sizes : [null]).map((size, sizeIndex) => ({
      id: sizeIndex === 0 ? variantId(def, style.key) : `${variantId(def, style.key)}_${size}`,
      sku: size ? `${def.sku}-${style.skuSuffix}-${size}` : `${def.sku}-${style.skuSuffix}`,
      titleEn: size ? `${style.en} / ${size}` : style.en,
      titleEs: size ? `${style.es} / ${size}` : style.es,
      priceCents: style.priceCents ?? def.priceCents,
      salePriceCents: salePrice ?? null,
      stock: def.manageInventory ? (style.stock ?? def.stock ?? 0) : 0,
      imageUrl: demoUrl(image.file),
      styleIndex,
      size,
    }));
  });
}

/** One demo product and its variants, checked as the editor checks a product; throws the editor's refusal if not. */
function demoProduct(def: ProductDef, currency: string, now: number): { product: BatchProduct; variants: BatchVariant[] } {
  const id = productId(def);
  const planned = planProductImages(def);
  const ribbon = def.ribbon ? ribbons[def.ribbon] : undefined;
  const mainCategory = def.categories.find((c): c is Exclude<CategorySlug, "new-arrivals"> => c !== "new-arrivals") ?? "accessories";
  const shipping = shippingInfo(currency);
  const variants = demoVariants(def);
  const checked = validateProductInput({
    titleEn: def.titleEn,
    titleEs: def.titleEs,
    subtitleEn: def.subtitleEn,
    subtitleEs: def.subtitleEs,
    descriptionEn: def.descriptionEn,
    descriptionEs: def.descriptionEs,
    ribbonEn: ribbon?.en ?? "",
    ribbonEs: ribbon?.es ?? "",
    purchasable: def.purchasable ?? true,
    categoryIds: def.categories.map(categoryId),
    images: planned.map((image) => demoUrl(image.file)),
    additionalInfo: [
      { titleEn: "Materials", titleEs: "Materiales", descriptionEn: def.materialsEn, descriptionEs: def.materialsEs },
      { titleEn: "Care", titleEs: "Cuidados", descriptionEn: careByCategory[mainCategory].en, descriptionEs: careByCategory[mainCategory].es },
      { titleEn: "Shipping & Returns", titleEs: "Envíos y devoluciones", descriptionEn: shipping.en, descriptionEs: shipping.es },
    ],
    variants: variants.map((v) => ({ ...v, id: undefined, manageInventory: def.manageInventory })),
  });

  const createdAt = new Date(now - def.ageDays * DAY_MS);
  const sizes = def.sizes ?? [];
  const hasOptions = def.styles.length > 1 || sizes.length > 0;
  // Shoes name their styles as colours, next to a size (docs/product.md#filters-and-sort).
  const styleOption = sizes.length ? { en: "Colour", es: "Color" } : { en: "Style", es: "Estilo" };
  const options = hasOptions
    ? [{ id: `opt_demo_${pad(def.n)}_style`, ...styleOption }, ...(sizes.length ? [{ id: `opt_demo_${pad(def.n)}_size`, en: "Size", es: "Talla" }] : [])]
    : [];
  return {
    product: {
      id,
      create: true,
      values: {
        // The row the editor's save writes for this input, then what only the demo says.
        ...productValues(checked),
        sortOrder: def.n,
        siteProductSelection: def.siteProductSelection ?? null,
        metadata: { demo: true, ...(def.featured ? { featured: true } : {}) },
        createdAt,
        updatedAt: createdAt,
      },
      categorySlugs: def.categories.filter((slug) => categoryDefs.some((c) => c.slug === slug)),
      // Every link of a demo product carries its number: the listings show the demo in that order.
      categorySortOrder: def.n,
      images: planned.map((image, index) => ({
        id: `img_demo_${pad(def.n)}_${index + 1}`,
        url: checked.images[index],
        altEn: image.altEn,
        altEs: image.altEs,
        width: PRODUCT_IMAGE_SIZE,
        height: PRODUCT_IMAGE_SIZE,
      })),
      options,
      info: checked.additionalInfo.map((block, index) => ({ id: `info_demo_${pad(def.n)}_${index + 1}`, ...block })),
    },
    variants: variants.map((v, index) => {
      const style = def.styles[v.styleIndex];
      const c = checked.variants[index];
      return {
        productId: id,
        id: v.id,
        sku: c.sku,
        sortOrder: v.styleIndex * Math.max(1, sizes.length) + (v.size ? sizes.indexOf(v.size) : 0),
        values: {
          titleEn: c.titleEn,
          titleEs: c.titleEs,
          priceCents: c.priceCents,
          salePriceCents: c.salePriceCents,
          manageInventory: c.manageInventory,
          weightGrams: def.weightGrams,
          stock: c.stock,
          imageUrl: c.imageUrl,
        },
        stock: null,
        optionValues: hasOptions
          ? [
              { id: `optv_demo_${pad(def.n)}_${style.key}`, en: style.en, es: style.es, sortOrder: v.styleIndex },
              ...(v.size ? [{ id: `optv_demo_${pad(def.n)}_size_${v.size}`, en: v.size, es: v.size, sortOrder: sizes.indexOf(v.size) }] : []),
            ]
          : null,
      };
    }),
  };
}

/** Every demo product and variant, ready for writeProductBatch; `now` dates the products (each is some days old). */
export function demoProductBatch(currency: string, now = Date.now()): { products: BatchProduct[]; variants: BatchVariant[] } {
  const all = productDefs.map((def) => demoProduct(def, currency, now));
  return { products: all.map((p) => p.product), variants: all.flatMap((p) => p.variants) };
}

/** The swatch of each demo colour (its paint's main colour; the first product naming a colour gives it). */
export function demoColourSwatches(): Array<{ valueEn: string; swatch: string }> {
  const seen = new Map<string, string>();
  for (const style of productDefs.flatMap((def) => def.styles)) if (!seen.has(style.en) && style.paint.main) seen.set(style.en, style.paint.main);
  return [...seen].map(([valueEn, swatch]) => ({ valueEn, swatch }));
}
