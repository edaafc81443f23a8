import { productSvg, sceneSvg, type SceneItem, type View } from "./art";
import { categoryDefs, productDefs, type CategorySlug, type ProductDef } from "./catalog-data";
import type { ImageJob } from "./images";

/*
 * The demo shop's pictures and fixed ids: which drawing each product and category gets, under which file name
 * (versioned with the art), and the ids every demo row uses so seeding is repeatable.
 */

/** Bump when the drawings change: file names change with it, so browsers never keep an outdated cached picture. */
export const ART_VERSION = 1;

export const PRODUCT_IMAGE_SIZE = 800;
export const CATEGORY_IMAGE = { width: 800, height: 600 };
export const MAX_IMAGES_PER_PRODUCT = 4;

export const pad = (n: number) => String(n).padStart(2, "0");
/** How every demo row's id starts: what "Remove demo data" recognises them by (docs/product.md#a-clean-start). */
export const DEMO_ID_PREFIX = { product: "prod_demo_", variant: "var_demo_", category: "cat_demo_" } as const;
export const productId = (def: ProductDef) => `${DEMO_ID_PREFIX.product}${pad(def.n)}`;
export const variantId = (def: ProductDef, key: string) => `${DEMO_ID_PREFIX.variant}${pad(def.n)}_${key}`;
export const categoryId = (slug: CategorySlug) => `${DEMO_ID_PREFIX.category}${slug.replace(/-/g, "_")}`;
export const demoUrl = (file: string) => `/uploads/demo/${file}`;

export type PlannedImage = { file: string; styleIndex: number; view: View; altEn: string; altEs: string };

/**
 * The pictures of one product: a front photo per style (so choosing a style can jump the gallery to it), then a
 * close-up and a studio shot of the first style until there are at least three, at most four.
 */
export function planProductImages(def: ProductDef): PlannedImage[] {
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

export const categoryScenes: Record<CategorySlug, { background: [string, string]; items: SceneItem[] }> = {
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

export const categoryFile = (slug: CategorySlug) => `category-${slug}.v${ART_VERSION}.webp`;

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
