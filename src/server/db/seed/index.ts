import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../client";
import { queryRows } from "../rows";
import {
  categories,
  footerContent,
  homepageContent,
  pages,
  productAdditionalInfo,
  productCategories,
  productImages,
  productOptionValues,
  productOptions,
  products,
  variantOptionValues,
  variants,
} from "../schema";
import { productSvg, sceneSvg, type SceneItem, type View } from "./art";
import { careByCategory, categoryDefs, productDefs, ribbons, shippingInfo, type CategorySlug, type ProductDef } from "./catalog-data";
import { footerDefs, homepageDefs, pageDefs } from "./content-data";
import { renderImages, type ImageJob } from "./images";

/**
 * Demo data: a believable bilingual shop for a fresh install. Every row has a fixed id (prod_demo_01,
 * var_demo_01_a, …) so seeding is repeatable, and the whole catalogue is written in one transaction so a crash
 * never leaves half a shop behind.
 */

export type SeedOptions = {
  /** DATA_DIR/uploads: images go to `{uploadsDir}/demo` and are served as /uploads/demo/… */
  uploadsDir: string;
  /** ISO 4217 code of the prices (the store's CURRENCY); EUR by default. */
  currency?: string;
  /** Brand and address used in the about and contact pages. */
  storeName?: string;
  storeEmail?: string;
};

/** Present once the demo has been written; its existence is what makes a second seed a no-op. */
export const DEMO_MARKER_PRODUCT_ID = "prod_demo_01";

/** Bump when the drawings change: file names change with it, so browsers never keep an outdated cached picture. */
const ART_VERSION = 1;

const PRODUCT_IMAGE_SIZE = 800;
const CATEGORY_IMAGE = { width: 800, height: 600 };
const MAX_IMAGES_PER_PRODUCT = 4;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const pad = (n: number) => String(n).padStart(2, "0");
const productId = (def: ProductDef) => `prod_demo_${pad(def.n)}`;
const variantId = (def: ProductDef, key: string) => `var_demo_${pad(def.n)}_${key}`;
const categoryId = (slug: CategorySlug) => `cat_demo_${slug.replace(/-/g, "_")}`;
const demoUrl = (file: string) => `/uploads/demo/${file}`;

type PlannedImage = { file: string; styleIndex: number; view: View; altEn: string; altEs: string };

/**
 * The pictures of one product: a front photo per style (so choosing a style can jump the gallery to it), then a
 * close-up and a studio shot of the first style until there are at least three, at most four.
 */
function planProductImages(def: ProductDef): PlannedImage[] {
  const stem = `${pad(def.n)}-${def.slug}`;
  const planned: PlannedImage[] = def.styles.slice(0, MAX_IMAGES_PER_PRODUCT).map((style, index) => ({
    file: `${stem}-${style.key}-front.v${ART_VERSION}.webp`,
    styleIndex: index,
    view: "front",
    altEn: def.styles.length > 1 ? `${def.titleEn} in ${style.en}` : def.titleEn,
    altEs: def.styles.length > 1 ? `${def.titleEs} en ${style.es.toLowerCase()}` : def.titleEs,
  }));
  const extras: Array<[View, string, string]> = [
    ["detail", "detail", "detalle"],
    ["studio", "studio shot", "foto de estudio"],
  ];
  for (const [view, en, es] of extras) {
    if (planned.length >= 3 || planned.length >= MAX_IMAGES_PER_PRODUCT) break;
    planned.push({ file: `${stem}-a-${view}.v${ART_VERSION}.webp`, styleIndex: 0, view, altEn: `${def.titleEn}, ${en}`, altEs: `${def.titleEs}, ${es}` });
  }
  return planned;
}

const categoryScenes: Record<CategorySlug, { background: [string, string]; items: SceneItem[] }> = {
  handbags: {
    background: ["#f7ede4", "#e4cdb8"],
    items: [
      { kind: "bucket", paint: { main: "#c0623c", metal: "gold" }, x: 190, y: 300, scale: 0.52 },
      { kind: "tote", paint: { main: "#a0522d", metal: "gold" }, x: 410, y: 290, scale: 0.62 },
      { kind: "top-handle", paint: { main: "#e8b4b0", metal: "gold" }, x: 630, y: 318, scale: 0.48 },
    ],
  },
  shoes: {
    background: ["#eef1f4", "#cfd6de"],
    items: [
      { kind: "chelsea-boot", paint: { main: "#5c3a21", sole: "#2a1d14" }, x: 230, y: 280, scale: 0.55 },
      { kind: "sneaker", paint: { main: "#f5f5f2", accent: "#2e7d4f" }, x: 560, y: 250, scale: 0.55 },
      { kind: "pump", paint: { main: "#b3122e" }, x: 520, y: 380, scale: 0.45 },
    ],
  },
  watches: {
    background: ["#f3efe8", "#d6cbbb"],
    items: [
      { kind: "watch-classic", paint: { main: "#5a3520", metal: "gold", dial: "#f3ede0" }, x: 250, y: 300, scale: 0.62 },
      { kind: "watch-chrono", paint: { main: "#1d2633", metal: "silver", dial: "#1f3b73" }, x: 400, y: 300, scale: 0.62 },
      { kind: "watch-dive", paint: { main: "#16241d", metal: "silver", dial: "#0f3d2e", accent: "#0f3d2e" }, x: 550, y: 300, scale: 0.62 },
    ],
  },
  accessories: {
    background: ["#eef3ef", "#cbd8cf"],
    items: [
      { kind: "belt", paint: { main: "#4a2c17", metal: "gold" }, x: 250, y: 320, scale: 0.55 },
      { kind: "sunglasses", paint: { main: "#6b3f1e", tortoise: true, metal: "gold", lens: "#3d2b1f" }, x: 560, y: 250, scale: 0.5 },
      { kind: "card-holder", paint: { main: "#1f3a5f", accent: "#e8c547" }, x: 560, y: 400, scale: 0.45 },
    ],
  },
  "new-arrivals": {
    background: ["#fbf3ea", "#efd9c6"],
    items: [
      { kind: "clutch", paint: { main: "#d4af37", metal: "gold" }, x: 230, y: 300, scale: 0.5 },
      { kind: "watch-minimal", paint: { main: "#e9e4da", metal: "silver", dial: "#fafafa" }, x: 420, y: 300, scale: 0.55 },
      { kind: "sneaker", paint: { main: "#f07a63", accent: "#ffffff", sole: "#faf7f2" }, x: 610, y: 320, scale: 0.42 },
    ],
  },
};

const categoryFile = (slug: CategorySlug) => `category-${slug}.v${ART_VERSION}.webp`;

export function imageJobs(): ImageJob[] {
  const jobs: ImageJob[] = [];
  for (const def of productDefs) {
    for (const image of planProductImages(def)) {
      const style = def.styles[image.styleIndex];
      jobs.push({
        file: image.file,
        width: PRODUCT_IMAGE_SIZE,
        height: PRODUCT_IMAGE_SIZE,
        svg: () => productSvg(def.shape, style.paint, image.view),
      });
    }
  }
  for (const category of categoryDefs) {
    const scene = categoryScenes[category.slug];
    jobs.push({
      file: categoryFile(category.slug),
      ...CATEGORY_IMAGE,
      svg: () => sceneSvg(CATEGORY_IMAGE.width, CATEGORY_IMAGE.height, scene.background, scene.items),
    });
  }
  return jobs;
}

/** The files the demo needs, relative to `{uploadsDir}/demo` (tests check they exist). */
export function demoImageFiles(): string[] {
  return imageJobs().map((job) => job.file);
}

/** True when the shop has no catalogue and no content yet: what a first start looks like. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await queryRows<{ empty: boolean }>(
    db,
    sql`select not (exists (select 1 from products) or exists (select 1 from categories) or exists (select 1 from pages)) as empty`,
  );
  return rows[0]?.empty === true;
}

/**
 * Writes the demo shop. Idempotent: when the demo marker exists nothing is written (so products or categories an
 * owner deleted do not come back), and every insert ignores rows that already exist, so even two seeds racing on
 * PostgreSQL cannot duplicate anything. Image files are (re)made in any case: they are cheap when present and a
 * new DATA_DIR pointed at an already-seeded PostgreSQL still needs them.
 */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<{ created: boolean }> {
  await renderImages(path.join(options.uploadsDir, "demo"), imageJobs());

  const marker = await db.select({ id: products.id }).from(products).where(eq(products.id, DEMO_MARKER_PRODUCT_ID)).limit(1);
  if (marker.length > 0) return { created: false };

  const currency = (options.currency ?? "EUR").toUpperCase();
  const storeName = options.storeName ?? "Vitrina";
  const storeEmail = options.storeEmail ?? "hello@vitrina.example";

  const created = await db.transaction(async (tx) => {
    const inserted = await insertCatalog(tx, currency);
    await insertContent(tx, storeName, storeEmail);
    return inserted;
  });
  return { created };
}

async function insertCatalog(tx: Tx, currency: string): Promise<boolean> {
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
  await tx.insert(variants).values(variantRows).onConflictDoNothing();
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

async function insertContent(tx: Tx, storeName: string, storeEmail: string) {
  // Content the owner has already written (a page, the hero, footer links) is never overwritten.
  await tx.insert(pages).values(pageDefs(storeName, storeEmail)).onConflictDoNothing();
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
