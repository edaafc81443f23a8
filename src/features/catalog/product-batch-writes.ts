import { sql } from "drizzle-orm";
import { optionTypesNamed, relinkOptions } from "./option-type-service";
import type { Executor } from "@/server/db/executor";
import { queryRows, textSetSql } from "@/server/db/rows";
import {
  productAdditionalInfo,
  productCategories,
  productImages,
  productOptionValues,
  productOptions,
  products,
  variantOptionValues,
  variants,
} from "@/server/db/schema/catalog";
import { newId } from "@/lib/id";
import { recordCreatedStock, setStockTo, type StockReference } from "@/features/inventory/service";
import { CatalogError } from "./errors";
import { queueProductsUpdated } from "./product-webhook";

/*
 * The catalog's product command for many products at once (the catalog CSV import, docs/product.md#catalog-csv), in
 * the caller's transaction. Its products were checked and sanitised by validateProductInput (product-input.ts), like
 * the editor's; it writes only what it is given (null keeps a part as stored), in chunks of multi-row statements (a
 * 10,000-row file is about a hundred statements, not tens of thousands; the facet and listing triggers of drizzle/0003
 * and 0009 follow each one), moves stock through inventory and queues product.updated for every product it created or
 * changed, as the editor's save does. The caller revalidates the catalog's caches after the commit (cache.ts).
 */

export type BatchProductValues = Pick<
  typeof products.$inferInsert,
  "titleEn" | "titleEs" | "subtitleEn" | "subtitleEs" | "descriptionEn" | "descriptionEs" | "status" | "isHidden"
> &
  /** Written when the product is created only (the import has no column for them; a later batch keeps them). */
  Partial<Pick<typeof products.$inferInsert, "ribbonTextEn" | "ribbonTextEs" | "purchasable" | "sortOrder" | "siteProductSelection" | "metadata" | "createdAt" | "updatedAt">>;
export type BatchVariantValues = Pick<typeof variants.$inferInsert, "titleEn" | "titleEs" | "priceCents" | "salePriceCents" | "manageInventory" | "weightGrams"> & {
  /** A new variant's first stock; an existing one's changes only through `BatchVariant.stock`. */
  stock: number;
  /** A new variant's picture (one of its product's images). */
  imageUrl?: string | null;
};
type Named = { en: string; es: string };
/** An option or an option value; `id` and `sortOrder` are a new one's (by default a fresh id and the order met). */
type NamedRow = Named & { id?: string; sortOrder?: number };
/** An option: `type` names the shop's option type it links to (docs/product.md#option-types); none links by its name. */
type NamedOption = NamedRow & { type?: string };
/** An image address (a stored image at that address keeps its alt texts and size), or one with its own. */
export type BatchImage = string | { id?: string; url: string; altEn: string | null; altEs: string | null; width: number | null; height: number | null };
/** A block of additional information, in display order; `id` is a new block's (by default a fresh one). */
export type BatchInfo = { id?: string; titleEn: string; titleEs: string; descriptionEn: string; descriptionEs: string };

export type BatchProduct = {
  id: string;
  create: boolean;
  /** The product's own columns, when written. */
  values: BatchProductValues | null;
  /** Category slugs in order (they exist: the caller checked them), when the links are rewritten. */
  categorySlugs: string[] | null;
  /** The product's place in each of those categories; by default its place in the list of slugs. */
  categorySortOrder?: number;
  /** Images in order, when rewritten. */
  images: BatchImage[] | null;
  /** The option names (first, second), when the options are written; matched to stored ones by English name. */
  options: NamedOption[] | null;
  /** The additional information blocks, when rewritten whole (docs/product.md#admin-products); absent keeps them. */
  info?: BatchInfo[] | null;
};

export type BatchVariant = {
  productId: string;
  /** A new variant's id; by default a fresh one. */
  id?: string;
  /** Variants are matched by SKU; one that another product holds fails the whole batch. */
  sku: string;
  /** The variant's place among its product's variants, for a new one. */
  sortOrder: number;
  /** Its columns, when written (a new variant always has them). */
  values: BatchVariantValues | null;
  /** The stock an existing variant is set to (through inventory), or null to leave it. */
  stock: number | null;
  /** The variant's value of each of its product's options, when relinked (with the product's `options`). */
  optionValues: Array<NamedRow | null> | null;
};

const CHUNK = 500;
function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

async function upsertProducts(tx: Executor, rows: Array<BatchProduct & { values: BatchProductValues }>) {
  for (const chunk of chunks(rows)) {
    await tx
      .insert(products)
      .values(chunk.map((p) => ({ id: p.id, ...p.values })))
      .onConflictDoUpdate({
        target: products.id,
        set: {
          titleEn: sql`excluded.title_en`,
          titleEs: sql`excluded.title_es`,
          subtitleEn: sql`excluded.subtitle_en`,
          subtitleEs: sql`excluded.subtitle_es`,
          descriptionEn: sql`excluded.description_en`,
          descriptionEs: sql`excluded.description_es`,
          status: sql`excluded.status`,
          isHidden: sql`excluded.is_hidden`,
          updatedAt: sql`now()`,
        },
      });
  }
}

async function upsertVariants(tx: Executor, rows: Array<BatchVariant & { id: string; values: BatchVariantValues }>, currency: string) {
  // imageUrl (in values) is written for a new variant only: the update below leaves it as stored.
  for (const chunk of chunks(rows)) {
    await tx
      .insert(variants)
      .values(chunk.map((v) => ({ id: v.id, productId: v.productId, sku: v.sku, sortOrder: v.sortOrder, currency, ...v.values })))
      .onConflictDoUpdate({
        target: variants.id,
        set: {
          titleEn: sql`excluded.title_en`,
          titleEs: sql`excluded.title_es`,
          priceCents: sql`excluded.price_cents`,
          salePriceCents: sql`excluded.sale_price_cents`,
          manageInventory: sql`excluded.manage_inventory`,
          weightGrams: sql`excluded.weight_grams`,
          updatedAt: sql`now()`,
        },
      });
  }
}

async function writeCategories(tx: Executor, rows: Array<BatchProduct & { categorySlugs: string[] }>) {
  const slugs = await queryRows<{ id: string; slug: string }>(tx, sql`SELECT id, slug FROM categories`);
  const idOf = new Map(slugs.map((c) => [c.slug, c.id]));
  for (const chunk of chunks(rows)) {
    await tx.execute(sql`DELETE FROM product_categories WHERE product_id IN (${textSetSql(chunk.map((p) => p.id))})`);
    const links = chunk.flatMap((p) => p.categorySlugs.map((slug, i) => ({ productId: p.id, categoryId: idOf.get(slug)!, sortOrder: p.categorySortOrder ?? i })));
    if (links.length) await tx.insert(productCategories).values(links).onConflictDoNothing();
  }
}

async function writeImages(tx: Executor, rows: Array<BatchProduct & { images: BatchImage[] }>) {
  for (const chunk of chunks(rows)) {
    const ids = chunk.map((p) => p.id);
    const existing = await queryRows<{ product_id: string; url: string; alt_en: string | null; alt_es: string | null; width: number | null; height: number | null }>(
      tx,
      sql`SELECT product_id, url, alt_en, alt_es, width, height FROM product_images WHERE product_id IN (${textSetSql(ids)})`,
    );
    const kept = new Map(existing.map((e) => [`${e.product_id} ${e.url}`, e]));
    await tx.execute(sql`DELETE FROM product_images WHERE product_id IN (${textSetSql(ids)})`);
    const images = chunk.flatMap((p) =>
      p.images.map((image, i) => {
        if (typeof image !== "string") return { ...image, id: image.id ?? newId("img"), productId: p.id, sortOrder: i };
        const old = kept.get(`${p.id} ${image}`);
        return { id: newId("img"), productId: p.id, url: image, altEn: old?.alt_en ?? null, altEs: old?.alt_es ?? null, width: old?.width ?? null, height: old?.height ?? null, sortOrder: i };
      }),
    );
    if (images.length) await tx.insert(productImages).values(images);
  }
}

/** Options by English name, values by English value (case-insensitive); the given variants are relinked. */
async function writeOptions(tx: Executor, productRows: Array<BatchProduct & { options: NamedOption[] }>, variantRows: Array<BatchVariant & { id: string; optionValues: Array<NamedRow | null> }>) {
  const productIds = productRows.map((p) => p.id);
  if (productIds.length === 0) return;
  const options = await queryRows<{ id: string; product_id: string; title_en: string }>(
    tx,
    sql`SELECT id, product_id, title_en FROM product_options WHERE product_id IN (${textSetSql(productIds)})`,
  );
  const values = await queryRows<{ id: string; option_id: string; value_en: string }>(
    tx,
    sql`SELECT ov.id, ov.option_id, ov.value_en FROM product_option_values ov JOIN product_options o ON o.id = ov.option_id
        WHERE o.product_id IN (${textSetSql(productIds)})`,
  );
  const optionId = new Map(options.map((o) => [`${o.product_id} ${o.title_en.toLowerCase()}`, o.id]));
  const valueId = new Map(values.map((v) => [`${v.option_id} ${v.value_en.toLowerCase()}`, v.id]));
  const optionRows: Array<typeof productOptions.$inferInsert> = [];
  const valueRows = new Map<string, typeof productOptionValues.$inferInsert>();
  const links: Array<{ variantId: string; optionValueId: string }> = [];
  const productById = new Map(productRows.map((p) => [p.id, p]));
  const typeIds = await optionTypesNamed(tx, productRows.flatMap((p) => p.options.flatMap((o) => (o.type ? [o.type] : []))));
  const typed: string[] = [];
  for (const p of productRows) {
    p.options.forEach((name, index) => {
      if (!name.en) return;
      const key = `${p.id} ${name.en.toLowerCase()}`;
      const id = optionId.get(key) ?? name.id ?? newId("opt");
      optionId.set(key, id);
      const optionTypeId = name.type ? (typeIds.get(name.type.trim()) ?? null) : null;
      if (optionTypeId) typed.push(id);
      optionRows.push({ id, productId: p.id, titleEn: name.en, titleEs: name.es, sortOrder: index, optionTypeId });
    });
  }
  for (const v of variantRows) {
    const p = productById.get(v.productId);
    if (!p) continue;
    p.options.forEach((name, index) => {
      const value = v.optionValues[index];
      if (!name.en || !value?.en) return;
      const oid = optionId.get(`${p.id} ${name.en.toLowerCase()}`)!;
      const key = `${oid} ${value.en.toLowerCase()}`;
      const id = valueId.get(key) ?? value.id ?? newId("optv");
      valueId.set(key, id);
      if (!valueRows.has(id)) valueRows.set(id, { id, optionId: oid, valueEn: value.en, valueEs: value.es, sortOrder: value.sortOrder ?? valueRows.size });
      links.push({ variantId: v.id, optionValueId: id });
    });
  }
  for (const chunk of chunks(optionRows)) {
    await tx.insert(productOptions).values(chunk).onConflictDoUpdate({
      target: productOptions.id,
      set: { titleEs: sql`excluded.title_es`, sortOrder: sql`excluded.sort_order`, optionTypeId: sql`coalesce(excluded.option_type_id, ${productOptions.optionTypeId})` },
    });
  }
  for (const chunk of chunks([...valueRows.values()])) {
    await tx.insert(productOptionValues).values(chunk).onConflictDoUpdate({ target: productOptionValues.id, set: { valueEs: sql`excluded.value_es` } });
  }
  for (const chunk of chunks(variantRows)) {
    await tx.execute(sql`DELETE FROM variant_option_values WHERE variant_id IN (${textSetSql(chunk.map((v) => v.id))})`);
  }
  for (const chunk of chunks(links)) await tx.insert(variantOptionValues).values(chunk).onConflictDoNothing();
  await relinkOptions(tx, typed);
}

/** The blocks are rewritten whole, as the editor's save does (product-admin-writes.ts). */
async function writeInfo(tx: Executor, rows: Array<BatchProduct & { info: BatchInfo[] }>) {
  for (const chunk of chunks(rows)) {
    await tx.execute(sql`DELETE FROM product_additional_info WHERE product_id IN (${textSetSql(chunk.map((p) => p.id))})`);
    const blocks = chunk.flatMap((p) => p.info.map((b, i) => ({ ...b, id: b.id ?? newId("info"), productId: p.id, sortOrder: i + 1 })));
    if (blocks.length) await tx.insert(productAdditionalInfo).values(blocks);
  }
}
const has = <K extends keyof BatchProduct>(key: K) => (p: BatchProduct): p is BatchProduct & { [P in K]: NonNullable<BatchProduct[P]> } => p[key] !== null;

/**
 * Writes products and variants in the caller's transaction; `onProgress` hears each step's share (0 to 1). Refuses
 * with CatalogError("duplicateSku") — nothing is kept, the caller's transaction fails — when a SKU names another
 * product's variant. Answers the products it created or changed.
 */
export async function writeProductBatch(
  tx: Executor,
  batch: {
    products: BatchProduct[];
    variants: BatchVariant[];
    currency: string;
    stockRef: StockReference;
    /** What new variants' first stock-history entries say: an import (the default), or a shop's initial stock. */
    stockReason?: "import" | "initial";
    onProgress?: (share: number) => void;
  },
): Promise<{ created: string[]; updated: string[] }> {
  const { products: productRows, variants: variantRows, stockRef } = batch;
  await upsertProducts(tx, productRows.filter(has("values")));
  batch.onProgress?.(0.2);

  const existing = await queryRows<{ id: string; sku: string; product_id: string }>(
    tx,
    sql`SELECT id, sku, product_id FROM variants WHERE sku IN (${textSetSql(variantRows.map((v) => v.sku))})`,
  );
  // Never move or overwrite another product's variant.
  const productOf = new Map(variantRows.map((v) => [v.sku, v.productId]));
  const taken = existing.find((e) => productOf.get(e.sku) !== e.product_id);
  if (taken) throw new CatalogError("duplicateSku", { sku: taken.sku });
  const idBySku = new Map(existing.map((e) => [e.sku, e.id]));
  const withIds = variantRows.map((v) => ({ ...v, id: idBySku.get(v.sku) ?? v.id ?? newId("var"), isNew: !idBySku.has(v.sku) }));
  const fresh = withIds.filter((v) => v.isNew);
  const missing = fresh.find((v) => v.values === null);
  if (missing) throw new CatalogError("variantNotFound");
  await upsertVariants(
    tx,
    withIds.filter((v): v is typeof v & { values: BatchVariantValues } => v.values !== null),
    batch.currency.toUpperCase(),
  );
  // A new variant's stock is its first stock-history entry; an existing one's moves only when asked (an unchanged
  // figure must not put back units sold meanwhile).
  await recordCreatedStock(tx, batch.stockReason ?? "import", fresh.map((v) => v.id), stockRef);
  const restocked = withIds.filter((v) => !v.isNew && v.stock !== null);
  await setStockTo(tx, "import", restocked.map((v) => ({ variantId: v.id, stock: v.stock! })), stockRef);
  batch.onProgress?.(0.6);

  await writeCategories(tx, productRows.filter(has("categorySlugs")));
  await writeImages(tx, productRows.filter(has("images")));
  await writeInfo(tx, productRows.filter((p): p is BatchProduct & { info: BatchInfo[] } => Boolean(p.info)));
  const withOptionValues = withIds.filter((v): v is typeof v & { optionValues: Array<NamedRow | null> } => v.optionValues !== null);
  await writeOptions(tx, productRows.filter(has("options")), withOptionValues);

  // product.updated once per product created or changed, like the editor's save (docs/product.md#webhooks).
  const created = productRows.filter((p) => p.create).map((p) => p.id);
  const touched = new Set([
    ...productRows.filter((p) => p.values || p.categorySlugs || p.images || p.options || p.info).map((p) => p.id),
    ...withIds.filter((v) => v.values || v.stock !== null || v.optionValues).map((v) => v.productId),
  ]);
  const createdSet = new Set(created);
  const updated = [...touched].filter((id) => !createdSet.has(id));
  await queueProductsUpdated(tx, [...created.map((productId) => ({ productId, change: "created" as const })), ...updated.map((productId) => ({ productId, change: "updated" as const }))]);
  return { created, updated };
}
