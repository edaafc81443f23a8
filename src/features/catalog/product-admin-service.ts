import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { notifyBackInStock } from "@/features/stock-alerts/service";
import { recordLowStock } from "@/features/stock-alerts/low-stock";
import type { Db } from "@/server/db/client";
import { categories, productAdditionalInfo, productCategories, productImages, productOptionValues, productOptions, products, variantOptionValues, variants } from "@/server/db/schema/catalog";
import { newId } from "@/lib/id";
import type { Executor } from "@/server/db/executor";
import { writeAudit, type AdminActor } from "@/server/audit";
import { AdminError } from "@/features/admin/errors";
import { productInputSchema, type ParsedProductInput, type ProductInput } from "./product-admin-schemas";
import { isSafeLinkUrl, isShowableImageUrl } from "@/lib/safe-link-url";
import { cleanRichText } from "@/lib/sanitize-html";
import { queueProductUpdated } from "./product-webhook";

/*
 * Product management of the back-office. Each save is one transaction with its audit row: a refusal anywhere
 * (duplicate SKU, stock changed meanwhile) rolls everything back. Callers (server actions) authorise first and
 * revalidate the catalog after success.
 */

/** What the product editor loads: the saved product in the shape of the editor's input. */
export type AdminProductForm = {
  id: string;
  version: string;
  currency: string;
  input: Omit<ParsedProductInput, "variants"> & { variants: Array<ParsedProductInput["variants"][number] & { id: string; loadedStock: number }> };
};

function isUniqueViolation(error: unknown): boolean {
  const candidates = [error, (error as { cause?: unknown })?.cause];
  return candidates.some((e) => (e as { code?: string } | undefined)?.code === "23505");
}

/** The rules an admin is told about in words; throws before anything is written. */
function checkProduct(raw: ProductInput): ParsedProductInput {
  const data = productInputSchema.parse(raw);
  if (!data.titleEn) throw new AdminError("productTitleRequired");
  if (data.variants.length === 0) throw new AdminError("variantRequired");
  for (const url of data.images) {
    if (!isSafeLinkUrl(url)) throw new AdminError("invalidUrl", { url });
    if (!isShowableImageUrl(url)) throw new AdminError("imageUrlNotHttps", { url });
  }
  const images = new Set(data.images);
  const seenSkus = new Set<string>();
  data.variants.forEach((v, index) => {
    const n = index + 1;
    if (!v.titleEn) throw new AdminError("variantTitleRequired", { n });
    if (v.salePriceCents !== null && v.salePriceCents >= v.priceCents) throw new AdminError("salePriceNotLower", { n });
    if (v.sku) {
      if (seenSkus.has(v.sku)) throw new AdminError("duplicateSku", { sku: v.sku });
      seenSkus.add(v.sku);
    }
    if (v.imageUrl && !images.has(v.imageUrl)) throw new AdminError("variantImageNotInProduct", { n });
    if (v.id && v.loadedStock === undefined) throw new AdminError("invalidInput", { details: `variants.${index}.loadedStock: required` });
  });
  data.additionalInfo = data.additionalInfo.filter((b) => b.titleEn || b.titleEs || b.descriptionEn.trim() || b.descriptionEs.trim());
  data.additionalInfo.forEach((b, index) => {
    if (!b.titleEn) throw new AdminError("infoTitleRequired", { n: index + 1 });
  });
  return data;
}

function productValues(data: ParsedProductInput) {
  return {
    titleEn: data.titleEn,
    titleEs: data.titleEs,
    subtitleEn: data.subtitleEn || null,
    subtitleEs: data.subtitleEs || null,
    // Sanitized on save (and again when shown): what is stored is already safe to render.
    descriptionEn: cleanRichText(data.descriptionEn) || null,
    descriptionEs: cleanRichText(data.descriptionEs) || null,
    ribbonTextEn: data.ribbonEn || null,
    ribbonTextEs: data.ribbonEs || null,
    status: data.status,
    isHidden: data.isHidden,
    purchasable: data.purchasable,
  };
}

/** A short record of a product for the audit log (no HTML bodies: they are summarised by length). */
function auditSummary(values: ReturnType<typeof productValues>, data: { images: string[]; categoryIds: string[]; variants: Array<{ sku: string | null; priceCents: number; salePriceCents: number | null; stock: number; manageInventory: boolean }> }) {
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

async function assertSkusFree(tx: Executor, skus: string[], productId: string) {
  if (skus.length === 0) return;
  const [clash] = await tx
    .select({ sku: variants.sku })
    .from(variants)
    .where(and(inArray(variants.sku, skus), ne(variants.productId, productId)))
    .limit(1);
  if (clash?.sku) throw new AdminError("duplicateSku", { sku: clash.sku });
}

async function assertCategoriesExist(tx: Executor, ids: string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const found = await tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, unique));
  if (found.length !== unique.length) throw new AdminError("categoryNotFound");
  return unique;
}

/** Images, categories, additional info and the Style option are rewritten whole on each save (ids are internal). */
async function writeChildren(tx: Executor, productId: string, data: ParsedProductInput, categoryIds: string[], variantIds: string[]) {
  await tx.delete(productImages).where(eq(productImages.productId, productId));
  await tx.delete(productCategories).where(eq(productCategories.productId, productId));
  await tx.delete(productAdditionalInfo).where(eq(productAdditionalInfo.productId, productId));
  // Deleting the options removes their values and the variants' links to them (ON DELETE CASCADE).
  await tx.delete(productOptions).where(eq(productOptions.productId, productId));

  if (data.images.length) {
    await tx.insert(productImages).values(data.images.map((url, index) => ({ id: newId("img"), productId, url, sortOrder: index })));
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
        descriptionEn: cleanRichText(b.descriptionEn),
        descriptionEs: cleanRichText(b.descriptionEs),
      })),
    );
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

function variantValues(v: ParsedProductInput["variants"][number], index: number) {
  return {
    titleEn: v.titleEn,
    titleEs: v.titleEs,
    sku: v.sku || null,
    priceCents: v.priceCents,
    salePriceCents: v.salePriceCents,
    manageInventory: v.manageInventory,
    imageUrl: v.imageUrl || null,
    sortOrder: index,
  };
}

/** Runs a product write, turning a unique-index refusal (two admins saving one SKU at once) into the clear message. */
async function withSkuGuard<T>(data: ParsedProductInput, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AdminError("duplicateSku", { sku: data.variants.map((v) => v.sku).filter(Boolean).join(", ") });
    }
    throw error;
  }
}

export async function createProduct(db: Db, actor: AdminActor, input: ProductInput, currency: string): Promise<{ id: string }> {
  const data = checkProduct(input);
  const id = newId("prod");
  return withSkuGuard(data, () =>
    db.transaction(async (tx) => {
      await assertSkusFree(tx, data.variants.map((v) => v.sku).filter(Boolean), id);
      const categoryIds = await assertCategoriesExist(tx, data.categoryIds);
      const values = productValues(data);
      await tx.insert(products).values({ id, ...values });
      const variantIds = data.variants.map(() => newId("var"));
      await tx.insert(variants).values(
        data.variants.map((v, index) => ({
          id: variantIds[index],
          productId: id,
          ...variantValues(v, index),
          currency: currency.toUpperCase(),
          stock: v.manageInventory ? v.stock : 0,
        })),
      );
      await writeChildren(tx, id, data, categoryIds, variantIds);
      await writeAudit(tx, actor, {
        action: "create",
        entity: "product",
        entityId: id,
        after: auditSummary(values, { ...data, variants: data.variants.map((v) => ({ ...v, sku: v.sku || null })) }),
      });
      await queueProductUpdated(tx, id, "created"); // docs/product.md#webhooks
      return { id };
    }),
  );
}

export async function updateProduct(db: Db, actor: AdminActor, id: string, input: ProductInput, currency: string): Promise<{ id: string }> {
  const data = checkProduct(input);
  return withSkuGuard(data, () =>
    db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(products)
        .where(and(eq(products.id, id), isNull(products.deletedAt)))
        .for("update");
      if (!current) throw new AdminError("productNotFound");
      const existing = await tx.select().from(variants).where(eq(variants.productId, id)).orderBy(asc(variants.sortOrder), asc(variants.id));
      const existingById = new Map(existing.map((v) => [v.id, v]));
      for (const v of data.variants) if (v.id && !existingById.has(v.id)) throw new AdminError("variantNotFound");
      const [currentImages, currentCategories] = await Promise.all([
        tx.select({ url: productImages.url }).from(productImages).where(eq(productImages.productId, id)).orderBy(asc(productImages.sortOrder)),
        tx.select({ id: productCategories.categoryId }).from(productCategories).where(eq(productCategories.productId, id)),
      ]);
      const before = auditSummary(
        {
          titleEn: current.titleEn,
          titleEs: current.titleEs,
          subtitleEn: current.subtitleEn,
          subtitleEs: current.subtitleEs,
          descriptionEn: current.descriptionEn,
          descriptionEs: current.descriptionEs,
          ribbonTextEn: current.ribbonTextEn,
          ribbonTextEs: current.ribbonTextEs,
          status: current.status,
          isHidden: current.isHidden,
          purchasable: current.purchasable,
        },
        { images: currentImages.map((i) => i.url), categoryIds: currentCategories.map((c) => c.id), variants: existing },
      );

      await assertSkusFree(tx, data.variants.map((v) => v.sku).filter(Boolean), id);
      const categoryIds = await assertCategoriesExist(tx, data.categoryIds);

      // Variants left out of the form are removed (orders keep their own copy of what was sold).
      const kept = new Set(data.variants.map((v) => v.id).filter((v): v is string => Boolean(v)));
      const removed = existing.filter((v) => !kept.has(v.id)).map((v) => v.id);
      if (removed.length) await tx.delete(variants).where(inArray(variants.id, removed));

      const variantIds: string[] = [];
      const savedVariants: Array<{ sku: string | null; priceCents: number; salePriceCents: number | null; stock: number; manageInventory: boolean }> = [];
      for (const [index, v] of data.variants.entries()) {
        const values = variantValues(v, index);
        if (!v.id) {
          const variantId = newId("var");
          const stock = v.manageInventory ? v.stock : 0;
          await tx.insert(variants).values({ id: variantId, productId: id, ...values, currency: currency.toUpperCase(), stock });
          variantIds.push(variantId);
          savedVariants.push({ ...values, stock });
          continue;
        }
        await tx.update(variants).set({ ...values, updatedAt: new Date() }).where(eq(variants.id, v.id));
        let stock = existingById.get(v.id)!.stock;
        const delta = v.stock - (v.loadedStock ?? v.stock);
        if (delta !== 0) {
          // Relative to what the editor showed: a checkout that reserved units since then keeps its reservation.
          // Refused (whole save rolled back) when the change would take the stock below zero.
          const [adjusted] = await tx
            .update(variants)
            .set({ stock: sql`${variants.stock} + ${delta}` })
            .where(and(eq(variants.id, v.id), sql`${variants.stock} + ${delta} >= 0`))
            .returning({ stock: variants.stock });
          if (!adjusted) {
            const [now] = await tx.select({ stock: variants.stock }).from(variants).where(eq(variants.id, v.id));
            throw new AdminError("stockChanged", { n: index + 1, title: v.titleEn, loaded: v.loadedStock ?? 0, now: now?.stock ?? 0 });
          }
          stock = adjusted.stock;
        }
        variantIds.push(v.id);
        savedVariants.push({ ...values, stock });
      }

      await writeChildren(tx, id, data, categoryIds, variantIds);
      // Restocked variants tell waiting shoppers, lowered ones may warn admins (docs/product.md#stock-alerts).
      await notifyBackInStock(tx, variantIds);
      await recordLowStock(tx, variantIds);
      const values = productValues(data);
      await tx.update(products).set({ ...values, updatedAt: new Date() }).where(eq(products.id, id));
      await writeAudit(tx, actor, {
        action: "update",
        entity: "product",
        entityId: id,
        before,
        after: auditSummary(values, { images: data.images, categoryIds, variants: savedVariants }),
      });
      await queueProductUpdated(tx, id, "updated"); // docs/product.md#webhooks
      return { id };
    }),
  );
}

/** Soft delete: the row stays (orders and the audit log refer to it) but the catalog never shows it again. */
export async function softDeleteProduct(db: Db, actor: AdminActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .update(products)
      .set({ deletedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(products.id, id), isNull(products.deletedAt)))
      .returning({ titleEn: products.titleEn });
    if (!deleted) throw new AdminError("productNotFound");
    await writeAudit(tx, actor, { action: "delete", entity: "product", entityId: id, before: { titleEn: deleted.titleEn }, after: { deleted: true } });
  });
}

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
      })),
    },
  };
}
