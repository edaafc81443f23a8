import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { queryRows, textSetSql } from "@/server/db/rows";
import { toCsv } from "@/lib/csv";
import { CATALOG_COLUMNS, centsToDecimal, LIST_SEPARATOR, type CatalogCsvRow } from "./columns";

type ExportRow = {
  product_id: string;
  title_en: string;
  title_es: string;
  subtitle_en: string | null;
  subtitle_es: string | null;
  description_en: string | null;
  description_es: string | null;
  status: string;
  is_hidden: boolean;
  categories: string | null;
  images: string | null;
  options: Array<{ name_en: string; name_es: string; type: string | null; value_en: string; value_es: string }> | string | null;
  sku: string | null;
  variant_title_en: string;
  variant_title_es: string;
  price_cents: number;
  sale_price_cents: number | null;
  /** Each variant is written with its own currency's digits. */
  currency: string;
  manage_inventory: boolean;
  stock: number;
  weight_grams: number | null;
};

/**
 * Every product that is not deleted and each of its variants (hidden and draft ones too: the export is the
 * merchant's whole catalog), in catalog order. One statement; options, categories and images are aggregated per
 * variant/product in SQL.
 */
export async function exportCatalogRows(db: Db, only?: { handles: string[]; skus: string[] }): Promise<CatalogCsvRow[]> {
  // An import's dry run compares against just the products and variants its file names.
  const restrict = only
    ? sql`AND (p.id IN (${textSetSql(only.handles)}) OR v.sku IN (${textSetSql(only.skus)}))`
    : sql``;
  const rows = await queryRows<ExportRow>(
    db,
    sql`SELECT p.id AS product_id, p.title_en, p.title_es, p.subtitle_en, p.subtitle_es, p.description_en, p.description_es,
        p.status, p.is_hidden,
        (SELECT string_agg(c.slug, ${LIST_SEPARATOR} ORDER BY pc.sort_order, c.slug) FROM product_categories pc
           JOIN categories c ON c.id = pc.category_id WHERE pc.product_id = p.id) AS categories,
        (SELECT string_agg(i.url, ${LIST_SEPARATOR} ORDER BY i.sort_order, i.id) FROM product_images i WHERE i.product_id = p.id) AS images,
        (SELECT json_agg(json_build_object('name_en', o.title_en, 'name_es', o.title_es, 'type', ot.name_en, 'value_en', ov.value_en, 'value_es', ov.value_es)
                ORDER BY o.sort_order, o.id)
           FROM variant_option_values l JOIN product_option_values ov ON ov.id = l.option_value_id
           JOIN product_options o ON o.id = ov.option_id LEFT JOIN option_types ot ON ot.id = o.option_type_id
           WHERE l.variant_id = v.id) AS options,
        v.sku, v.title_en AS variant_title_en, v.title_es AS variant_title_es, v.price_cents, v.sale_price_cents, v.currency,
        v.manage_inventory, v.stock, v.weight_grams
      FROM products p JOIN variants v ON v.product_id = p.id
      WHERE p.deleted_at IS NULL ${restrict}
      ORDER BY p.sort_order, p.id, v.sort_order, v.id`,
  );
  return rows.map((r) => {
    const options = (typeof r.options === "string" ? JSON.parse(r.options) : r.options) as Array<{ name_en: string; name_es: string; type: string | null; value_en: string; value_es: string }> | null;
    const [o1, o2] = options ?? [];
    const row: CatalogCsvRow = {
      handle: r.product_id,
      title_en: r.title_en,
      title_es: r.title_es,
      subtitle_en: r.subtitle_en ?? "",
      subtitle_es: r.subtitle_es ?? "",
      description_en: r.description_en ?? "",
      description_es: r.description_es ?? "",
      status: r.status,
      hidden: r.is_hidden ? "true" : "false",
      categories: r.categories ?? "",
      images: r.images ?? "",
      option1_name_en: o1?.name_en ?? "",
      option1_name_es: o1?.name_es ?? "",
      option1_type: o1?.type ?? "",
      option1_value_en: o1?.value_en ?? "",
      option1_value_es: o1?.value_es ?? "",
      option2_name_en: o2?.name_en ?? "",
      option2_name_es: o2?.name_es ?? "",
      option2_type: o2?.type ?? "",
      option2_value_en: o2?.value_en ?? "",
      option2_value_es: o2?.value_es ?? "",
      sku: r.sku ?? "",
      variant_title_en: r.variant_title_en,
      variant_title_es: r.variant_title_es,
      price: centsToDecimal(Number(r.price_cents), r.currency),
      sale_price: centsToDecimal(r.sale_price_cents === null ? null : Number(r.sale_price_cents), r.currency),
      manage_inventory: r.manage_inventory ? "true" : "false",
      stock: String(r.stock),
      weight_grams: r.weight_grams === null ? "" : String(r.weight_grams),
    };
    return row;
  });
}

/** The catalog as CSV text (BOM, CRLF, formula-like cells defused: lib/csv.ts). */
export async function exportCatalogCsv(db: Db): Promise<string> {
  const rows = await exportCatalogRows(db);
  return toCsv([[...CATALOG_COLUMNS], ...rows.map((r) => CATALOG_COLUMNS.map((c) => r[c]))]);
}
