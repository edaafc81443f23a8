import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/rows";
import {
  productAdditionalInfo,
  productCategories,
  productCustomFields,
  productImages,
  productOptionValues,
  productOptions,
  products,
  relatedProducts,
  variantOptionValues,
  variants,
} from "@/server/db/schema/catalog";
import { currencyInfo, formatMoney } from "@/lib/money";
import { sanitizeRichText } from "@/lib/sanitize-html";
import type { ApiOptionValue, ApiProduct, ApiVariant, CatalogLocale } from "./api-shape";
import { displayedPrice } from "./pricing";

/** A page of product ids → the API's products, in one statement (`loadProducts`), in the shopper's language. */

/** The Spanish text when there is some, else the English one (docs/product.md#languages: `_es` may be empty). */
function pick(locale: CatalogLocale, en: string, es: string | null | undefined): string;
function pick(locale: CatalogLocale, en: string | null, es: string | null | undefined): string | null;
function pick(locale: CatalogLocale, en: string | null, es: string | null | undefined): string | null {
  if (locale === "es" && es != null && es.trim() !== "") return es;
  return en;
}

function iso(value: Date | string | null): string | null {
  if (value == null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

type ProductRow = Omit<typeof products.$inferSelect, "hasVariants" | "listed" | "searchEn" | "searchEs" | "searchTitleEn" | "searchTitleEs">;

type PageData = {
  ids: string[];
  products: ProductRow[];
  variants: Array<typeof variants.$inferSelect>;
  images: Array<Pick<typeof productImages.$inferSelect, "productId" | "url" | "sortOrder" | "type">>;
  categories: Array<Pick<typeof productCategories.$inferSelect, "productId" | "categoryId" | "sortOrder">>;
  options: Array<typeof productOptions.$inferSelect>;
  optionValues: Array<typeof productOptionValues.$inferSelect>;
  links: Array<typeof variantOptionValues.$inferSelect>;
  info: Array<typeof productAdditionalInfo.$inferSelect>;
  fields: Array<typeof productCustomFields.$inferSelect>;
  related: Array<typeof relatedProducts.$inferSelect>;
};

/**
 * A page of products and everything they carry, in ONE statement: `pageIds` (a query of product ids, in page order)
 * runs inside it, and each table comes back as a JSON array keyed by the Drizzle field names. A page used to be an
 * ids query, then ten queries in two waves; on a busy machine every round trip is a scheduling delay.
 */
async function loadPageData(db: Db, pageIds: SQL): Promise<PageData> {
  const inPage = sql`IN (SELECT id FROM page)`;
  const agg = (fields: SQL, from: SQL, order: SQL) =>
    sql`(SELECT coalesce(json_agg(json_build_object(${fields}) ORDER BY ${order}), '[]'::json) ${from})`;
  const rows = await queryRows<Record<keyof PageData, unknown>>(
    db,
    // ARRAY(subquery) keeps the subquery's ORDER BY; WITH ORDINALITY numbers it.
    sql`WITH page AS MATERIALIZED (SELECT u.id, u.pos FROM unnest(ARRAY(${pageIds})) WITH ORDINALITY AS u(id, pos))
    SELECT
      (SELECT coalesce(json_agg(id ORDER BY pos), '[]'::json) FROM page) AS ids,
      ${agg(
        sql`'id', p.id, 'titleEn', p.title_en, 'titleEs', p.title_es, 'subtitleEn', p.subtitle_en, 'subtitleEs', p.subtitle_es,
            'descriptionEn', p.description_en, 'descriptionEs', p.description_es, 'ribbonTextEn', p.ribbon_text_en,
            'ribbonTextEs', p.ribbon_text_es, 'status', p.status, 'isHidden', p.is_hidden, 'purchasable', p.purchasable,
            'sortOrder', p.sort_order, 'siteProductSelection', p.site_product_selection, 'typeValue', p.type_value,
            'metadata', p.metadata, 'createdAt', p.created_at, 'updatedAt', p.updated_at, 'deletedAt', p.deleted_at`,
        sql`FROM products p WHERE p.id ${inPage}`,
        sql`p.id`,
      )} AS products,
      ${agg(
        sql`'id', v.id, 'productId', v.product_id, 'titleEn', v.title_en, 'titleEs', v.title_es, 'sku', v.sku,
            'priceCents', v.price_cents, 'salePriceCents', v.sale_price_cents, 'currency', v.currency,
            'manageInventory', v.manage_inventory, 'stock', v.stock, 'imageUrl', v.image_url, 'weightGrams', v.weight_grams,
            'sortOrder', v.sort_order, 'createdAt', v.created_at, 'updatedAt', v.updated_at`,
        sql`FROM variants v WHERE v.product_id ${inPage}`,
        sql`v.sort_order, v.id`,
      )} AS variants,
      ${agg(sql`'productId', i.product_id, 'url', i.url, 'sortOrder', i.sort_order, 'type', i.type`, sql`FROM product_images i WHERE i.product_id ${inPage}`, sql`i.sort_order, i.id`)} AS images,
      ${agg(sql`'productId', pc.product_id, 'categoryId', pc.category_id, 'sortOrder', pc.sort_order`, sql`FROM product_categories pc WHERE pc.product_id ${inPage}`, sql`pc.sort_order, pc.category_id`)} AS categories,
      ${agg(sql`'id', o.id, 'productId', o.product_id, 'titleEn', o.title_en, 'titleEs', o.title_es, 'sortOrder', o.sort_order`, sql`FROM product_options o WHERE o.product_id ${inPage}`, sql`o.sort_order, o.id`)} AS options,
      ${agg(
        sql`'id', ov.id, 'optionId', ov.option_id, 'valueEn', ov.value_en, 'valueEs', ov.value_es, 'sortOrder', ov.sort_order`,
        sql`FROM product_option_values ov JOIN product_options o ON o.id = ov.option_id WHERE o.product_id ${inPage}`,
        sql`ov.sort_order, ov.id`,
      )} AS "optionValues",
      ${agg(
        sql`'variantId', l.variant_id, 'optionValueId', l.option_value_id`,
        sql`FROM variant_option_values l JOIN variants v ON v.id = l.variant_id WHERE v.product_id ${inPage}`,
        sql`l.variant_id, l.option_value_id`,
      )} AS links,
      ${agg(
        sql`'id', a.id, 'productId', a.product_id, 'sortOrder', a.sort_order, 'titleEn', a.title_en, 'titleEs', a.title_es, 'descriptionEn', a.description_en, 'descriptionEs', a.description_es`,
        sql`FROM product_additional_info a WHERE a.product_id ${inPage}`,
        sql`a.sort_order, a.id`,
      )} AS info,
      ${agg(sql`'id', f.id, 'productId', f.product_id, 'titleEn', f.title_en, 'titleEs', f.title_es, 'isRequired', f.is_required`, sql`FROM product_custom_fields f WHERE f.product_id ${inPage}`, sql`f.id`)} AS fields,
      ${agg(
        sql`'id', r.id, 'productId', r.product_id, 'sectionTitle', r.section_title, 'relatedType', r.related_type, 'relatedId', r.related_id, 'position', r.position`,
        sql`FROM related_products r WHERE r.product_id ${inPage}`,
        sql`r.position, r.id`,
      )} AS related`,
  );
  // PGlite and node-postgres both parse json columns; a driver handing back text would be parsed here.
  const parse = <T,>(value: unknown) => (typeof value === "string" ? (JSON.parse(value) as T) : (value as T));
  const row = rows[0];
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, parse(v)])) as PageData;
}

/** A query of these ids in this order, for `loadProducts`. */
export const idsInOrderSql = (ids: readonly string[]) =>
  sql`SELECT e FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) WITH ORDINALITY AS t(e, n) ORDER BY n`;

/** The API shape of a page of products (see loadPageData), in page order; the ids query decides visibility. */
export async function loadProducts(db: Db, pageIds: SQL, locale: CatalogLocale): Promise<ApiProduct[]> {
  const data = await loadPageData(db, pageIds);
  if (data.ids.length === 0) return [];
  const { products: productRows, variants: variantRows, images: imageRows, categories: categoryRows, options: optionRows } = data;
  const { optionValues: valueRows, links: linkRows, info: infoRows, fields: fieldRows, related: relatedRows } = data;
  const result = new Map<string, ApiProduct>();

  const variantOrder = new Map(variantRows.map((v, i) => [v.id, i]));
  const optionOf = new Map(optionRows.map((o) => [o.id, o]));
  const valueById = new Map(valueRows.map((v) => [v.id, v]));
  // Which variants carry each option value, in variant order (so an option value names its first variant).
  const variantsOfValue = groupBy(
    [...linkRows].sort((a, b) => (variantOrder.get(a.variantId) ?? 0) - (variantOrder.get(b.variantId) ?? 0)),
    (l) => l.optionValueId,
  );
  const valuesOfVariant = groupBy(linkRows, (l) => l.variantId);

  const imagesBy = groupBy(imageRows, (r) => r.productId);
  const optionsBy = groupBy(optionRows, (r) => r.productId);
  const valuesBy = groupBy(valueRows, (r) => r.optionId);
  const variantsBy = groupBy(variantRows, (r) => r.productId);
  const categoriesBy = groupBy(categoryRows, (r) => r.productId);
  const infoBy = groupBy(infoRows, (r) => r.productId);
  const fieldsBy = groupBy(fieldRows, (r) => r.productId);
  const relatedBy = groupBy(relatedRows, (r) => r.productId);

  for (const p of productRows) {
    const variantList: ApiVariant[] = (variantsBy.get(p.id) ?? []).map((v) => {
      const info = currencyInfo(v.currency);
      const options: ApiOptionValue[] = (valuesOfVariant.get(v.id) ?? [])
        .map((l) => valueById.get(l.optionValueId))
        .filter((value) => value !== undefined)
        .sort((a, b) => (optionOf.get(a.optionId)?.sortOrder ?? 0) - (optionOf.get(b.optionId)?.sortOrder ?? 0))
        .map((value) => ({ id: value.id, option_id: value.optionId, variant_id: v.id, value: pick(locale, value.valueEn, value.valueEs) }));
      return {
        id: v.id,
        product_id: p.id,
        title: pick(locale, v.titleEn, v.titleEs),
        image_url: v.imageUrl,
        sku: v.sku,
        weight: v.weightGrams,
        manage_inventory: v.manageInventory,
        inventory_quantity: Math.max(0, v.stock),
        options,
        price_in_cents: v.priceCents,
        sale_price_in_cents: v.salePriceCents,
        currency: info.code,
        currency_info: info,
        price_formatted: formatMoney(v.priceCents, info.code, locale),
        sale_price_formatted: v.salePriceCents == null ? null : formatMoney(v.salePriceCents, info.code, locale),
        prices: [{ amount: v.priceCents, sale_amount: v.salePriceCents, currency_code: info.code.toLowerCase(), currency: info }],
      };
    });
    // Variants are never empty (docs/commerce-api.md); such a product is not sellable and stays out of every answer.
    if (variantList.length === 0) continue;

    const images = (imagesBy.get(p.id) ?? []).map((i) => ({ url: i.url, order: i.sortOrder, type: i.type }));
    const collections = (categoriesBy.get(p.id) ?? []).map((c) => ({ product_id: p.id, collection_id: c.categoryId, order: c.sortOrder }));
    const price = displayedPrice({ site_product_selection: p.siteProductSelection, variants: variantList });
    const description = pick(locale, p.descriptionEn, p.descriptionEs);

    result.set(p.id, {
      id: p.id,
      title: pick(locale, p.titleEn, p.titleEs),
      subtitle: pick(locale, p.subtitleEn, p.subtitleEs),
      ribbon_text: pick(locale, p.ribbonTextEn, p.ribbonTextEs),
      description: description == null ? null : sanitizeRichText(description),
      image: images[0]?.url ?? null,
      thumbnail: images[0]?.url ?? null,
      images,
      media: images,
      price_in_cents: price?.priceCents ?? variantList[0].price_in_cents,
      currency: price?.currency ?? variantList[0].currency,
      status: p.status,
      purchasable: p.purchasable,
      order: p.sortOrder,
      site_product_selection: p.siteProductSelection,
      options: (optionsBy.get(p.id) ?? []).map((o) => ({
        id: o.id,
        title: pick(locale, o.titleEn, o.titleEs),
        values: (valuesBy.get(o.id) ?? []).map((value) => ({
          id: value.id,
          option_id: o.id,
          variant_id: variantsOfValue.get(value.id)?.[0]?.variantId ?? null,
          value: pick(locale, value.valueEn, value.valueEs),
        })),
      })),
      variants: variantList,
      collections,
      product_collections: collections,
      additional_info: (infoBy.get(p.id) ?? []).map((i) => ({
        id: i.id,
        order: i.sortOrder,
        title: pick(locale, i.titleEn, i.titleEs),
        description: sanitizeRichText(pick(locale, i.descriptionEn, i.descriptionEs)),
      })),
      type: { value: p.typeValue },
      custom_fields: (fieldsBy.get(p.id) ?? []).map((f) => ({ id: f.id, title: pick(locale, f.titleEn, f.titleEs), is_required: f.isRequired })),
      related_products: (relatedBy.get(p.id) ?? []).map((r) => ({
        id: r.id,
        section_title: r.sectionTitle,
        related_type: r.relatedType,
        related_id: r.relatedId,
        position: r.position,
      })),
      updated_at: iso(p.updatedAt) ?? "",
      created_at: iso(p.createdAt) ?? "",
      deleted_at: iso(p.deletedAt),
      metadata: p.metadata ?? null,
    });
  }
  return data.ids.map((id) => result.get(id)).filter((p): p is ApiProduct => p !== undefined);
}
