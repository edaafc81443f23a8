import { inArray } from "drizzle-orm";
import type { Db } from "../client";
import {
  categories,
  footerContent,
  footerDetails,
  homepageContent,
  pages,
  productAdditionalInfo,
  productCategories,
  productImages,
  productOptionValues,
  productOptions,
  products,
  stockLedger,
  variantOptionValues,
  variants,
} from "../schema";
import { careByCategory, categoryDefs, productDefs, ribbons, shippingInfo, type CategorySlug } from "./catalog-data";
import { footerDefs, footerDetailsDef, homepageDefs, pageDefs } from "./content-data";
import { categoryFile, categoryId, demoUrl, pad, planProductImages, PRODUCT_IMAGE_SIZE, productId, variantId } from "./demo-images";

/* The demo shop's rows, written inside seedDatabase's one transaction; every insert ignores rows already there. */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export async function insertCatalog(tx: Tx, currency: string): Promise<boolean> {
  const now = Date.now();
  const day = 24 * 60 * 60 * 1000;

  await tx
    .insert(categories)
    .values(
      categoryDefs.map((c, index) => ({
        id: categoryId(c.slug),
        slug: c.slug,
        nameEn: c.nameEn,
        nameEs: c.nameEs,
        descriptionEn: c.descriptionEn,
        descriptionEs: c.descriptionEs,
        imageUrl: demoUrl(categoryFile(c.slug)),
        sortOrder: index,
      })),
    )
    .onConflictDoNothing();
  // A category the owner already made with the same slug is reused rather than duplicated.
  const categoryRows = await tx
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(inArray(categories.slug, categoryDefs.map((c) => c.slug)));
  const categoryIds = new Map(categoryRows.map((row) => [row.slug, row.id]));

  const insertedProducts = await tx
    .insert(products)
    .values(
      productDefs.map((def) => {
        const ribbon = def.ribbon ? ribbons[def.ribbon] : undefined;
        const createdAt = new Date(now - def.ageDays * day);
        return {
          id: productId(def),
          titleEn: def.titleEn,
          titleEs: def.titleEs,
          subtitleEn: def.subtitleEn,
          subtitleEs: def.subtitleEs,
          descriptionEn: def.descriptionEn,
          descriptionEs: def.descriptionEs,
          ribbonTextEn: ribbon?.en ?? null,
          ribbonTextEs: ribbon?.es ?? null,
          purchasable: def.purchasable ?? true,
          sortOrder: def.n,
          siteProductSelection: def.siteProductSelection ?? null,
          metadata: { demo: true, ...(def.featured ? { featured: true } : {}) },
          createdAt,
          updatedAt: createdAt,
        };
      }),
    )
    .onConflictDoNothing()
    .returning({ id: products.id });

  const imageRows: Array<typeof productImages.$inferInsert> = [];
  const optionRows: Array<typeof productOptions.$inferInsert> = [];
  const valueRows: Array<typeof productOptionValues.$inferInsert> = [];
  const variantRows: Array<typeof variants.$inferInsert> = [];
  const linkRows: Array<{ variantId: string; optionValueId: string }> = [];
  const infoRows: Array<typeof productAdditionalInfo.$inferInsert> = [];
  const categoryLinks: Array<typeof productCategories.$inferInsert> = [];
  const shipping = shippingInfo(currency);

  for (const def of productDefs) {
    const id = productId(def);
    const planned = planProductImages(def);
    planned.forEach((image, index) =>
      imageRows.push({
        id: `img_demo_${pad(def.n)}_${index + 1}`,
        productId: id,
        url: demoUrl(image.file),
        altEn: image.altEn,
        altEs: image.altEs,
        width: PRODUCT_IMAGE_SIZE,
        height: PRODUCT_IMAGE_SIZE,
        sortOrder: index,
      }),
    );

    const sizes = def.sizes ?? [];
    const hasOptions = def.styles.length > 1 || sizes.length > 0;
    const optionId = `opt_demo_${pad(def.n)}_style`;
    // Shoes name their styles as colours, next to a size (docs/product.md#filters-and-sort).
    if (hasOptions) optionRows.push(sizes.length ? { id: optionId, productId: id, titleEn: "Colour", titleEs: "Color", sortOrder: 0 } : { id: optionId, productId: id, titleEn: "Style", titleEs: "Estilo", sortOrder: 0 });
    const sizeOptionId = `opt_demo_${pad(def.n)}_size`;
    if (sizes.length) optionRows.push({ id: sizeOptionId, productId: id, titleEn: "Size", titleEs: "Talla", sortOrder: 1 });
    sizes.forEach((size, index) => valueRows.push({ id: `optv_demo_${pad(def.n)}_size_${size}`, optionId: sizeOptionId, valueEn: size, valueEs: size, sortOrder: index }));

    def.styles.forEach((style, index) => {
      const image = planned.find((p) => p.view === "front" && p.styleIndex === index) ?? planned[0];
      const salePrice = style.salePriceCents === undefined ? def.salePriceCents : style.salePriceCents;
      const valueId = `optv_demo_${pad(def.n)}_${style.key}`;
      if (hasOptions) valueRows.push({ id: valueId, optionId, valueEn: style.en, valueEs: style.es, sortOrder: index });
      (sizes.length ? sizes : [null]).forEach((size, sizeIndex) => {
        const vId = sizeIndex === 0 ? variantId(def, style.key) : `${variantId(def, style.key)}_${size}`;
        variantRows.push({
          id: vId,
          productId: id,
          titleEn: size ? `${style.en} / ${size}` : style.en,
          titleEs: size ? `${style.es} / ${size}` : style.es,
          sku: size ? `${def.sku}-${style.skuSuffix}-${size}` : `${def.sku}-${style.skuSuffix}`,
          priceCents: style.priceCents ?? def.priceCents,
          salePriceCents: salePrice ?? null,
          currency,
          manageInventory: def.manageInventory,
          stock: def.manageInventory ? (style.stock ?? def.stock ?? 0) : 0,
          imageUrl: demoUrl(image.file),
          weightGrams: def.weightGrams,
          sortOrder: index * Math.max(1, sizes.length) + sizeIndex,
        });
        if (hasOptions) linkRows.push({ variantId: vId, optionValueId: valueId });
        if (size) linkRows.push({ variantId: vId, optionValueId: `optv_demo_${pad(def.n)}_size_${size}` });
      });
    });

    const mainCategory = def.categories.find((c): c is Exclude<CategorySlug, "new-arrivals"> => c !== "new-arrivals") ?? "accessories";
    const info = [
      { titleEn: "Materials", titleEs: "Materiales", en: def.materialsEn, es: def.materialsEs },
      { titleEn: "Care", titleEs: "Cuidados", en: careByCategory[mainCategory].en, es: careByCategory[mainCategory].es },
      { titleEn: "Shipping & Returns", titleEs: "Envíos y devoluciones", en: shipping.en, es: shipping.es },
    ];
    info.forEach((block, index) =>
      infoRows.push({
        id: `info_demo_${pad(def.n)}_${index + 1}`,
        productId: id,
        sortOrder: index + 1,
        titleEn: block.titleEn,
        titleEs: block.titleEs,
        descriptionEn: block.en,
        descriptionEs: block.es,
      }),
    );

    def.categories.forEach((slug) => {
      const cId = categoryIds.get(slug);
      if (cId) categoryLinks.push({ productId: id, categoryId: cId, sortOrder: def.n });
    });
  }

  await tx.insert(productImages).values(imageRows).onConflictDoNothing();
  await tx.insert(productOptions).values(optionRows).onConflictDoNothing();
  await tx.insert(productOptionValues).values(valueRows).onConflictDoNothing();
  const seeded = await tx.insert(variants).values(variantRows).onConflictDoNothing().returning({ id: variants.id, productId: variants.productId, stock: variants.stock });
  // The demo's stock is each new variant's first stock-ledger entry, as the product editor records a new variant's
  // (decision 0350): a variant's stock is the sum of its ledger.
  const stocked = seeded.filter((v) => v.stock > 0);
  if (stocked.length > 0) {
    await tx.insert(stockLedger).values(stocked.map((v) => ({ variantId: v.id, productId: v.productId, reason: "initial" as const, quantityBefore: 0, quantityAfter: v.stock, actor: "system" as const })));
  }
  // A variant can only be skipped when its SKU already belongs to the owner's own product; link what exists.
  const presentVariants = new Set(
    (await tx.select({ id: variants.id }).from(variants).where(inArray(variants.id, variantRows.map((v) => v.id)))).map((v) => v.id),
  );
  const presentLinks = linkRows.filter((link) => presentVariants.has(link.variantId));
  if (presentLinks.length > 0) await tx.insert(variantOptionValues).values(presentLinks).onConflictDoNothing();
  await tx.insert(productAdditionalInfo).values(infoRows).onConflictDoNothing();
  if (categoryLinks.length > 0) await tx.insert(productCategories).values(categoryLinks).onConflictDoNothing();

  return insertedProducts.length > 0;
}

export async function insertContent(tx: Tx, storeName: string, storeEmail: string) {
  // Content the owner has already written (a page, the hero, footer links) is never overwritten.
  // Ids page_about… as migration 0060 gave the pages of older shops; in the header and footer, in this order.
  const demoPages = pageDefs(storeName, storeEmail).map((page, index) => ({
    ...page,
    id: `page_${page.slug}`,
    slugEs: page.slug,
    status: "published" as const,
    inHeader: true,
    inFooter: true,
    sortOrder: index + 1,
    isDemo: true,
  }));
  await tx.insert(pages).values(demoPages).onConflictDoNothing();
  await tx.insert(footerDetails).values({ id: "footer", ...footerDetailsDef, isDemo: true }).onConflictDoNothing();
  await tx
    .insert(homepageContent)
    .values([
      { section: "hero", content: homepageDefs.hero },
      { section: "featured_products", content: homepageDefs.featured_products },
    ])
    .onConflictDoNothing();
  await tx
    .insert(footerContent)
    .values([
      { section: "customer_service", links: footerDefs.customer_service },
      { section: "categories", links: footerDefs.categories },
    ])
    .onConflictDoNothing();
}
