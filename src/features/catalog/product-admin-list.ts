import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/rows";
import { planEachCall } from "@/server/db/prepared-statements";
import { pageCount, pageNumber, pageWindow } from "@/lib/paging";

export const PRODUCT_PAGE_SIZE = 25;

/**
 * The admin product list: every product not deleted (hidden ones included), searched by title in either language or
 * by a variant's SKU, with its variant count, lowest price and stock of managed variants.
 */
export async function listProductsForAdmin(db: Db, options: { query?: string; page?: number } = {}) {
  const page = pageNumber(options.page);
  const q = (options.query ?? "").trim().slice(0, 100);
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = q
    ? // Planned for each search: a generic plan cannot see the pattern (src/server/db/prepared-statements.ts).
      sql`${planEachCall} p.deleted_at is null and (p.title_en ilike ${pattern} or p.title_es ilike ${pattern}
          or exists (select 1 from variants s where s.product_id = p.id and s.sku ilike ${pattern}))`
    : sql`p.deleted_at is null`;
  const [rows, [{ total }]] = await Promise.all([
    queryRows<{
      id: string;
      title_en: string;
      title_es: string;
      slug_en: string;
      slug_es: string;
      is_hidden: boolean;
      purchasable: boolean;
      variant_count: number;
      min_price: number | null;
      currency: string | null;
      managed_stock: number | null;
    }>(
      db,
      sql`select p.id, p.title_en, p.title_es, p.slug_en, p.slug_es, p.is_hidden, p.purchasable,
                 (select count(*)::int from variants v where v.product_id = p.id) as variant_count,
                 (select min(coalesce(v.sale_price_cents, v.price_cents))::int from variants v where v.product_id = p.id) as min_price,
                 (select v.currency from variants v where v.product_id = p.id order by v.sort_order limit 1) as currency,
                 (select sum(v.stock)::int from variants v where v.product_id = p.id and v.manage_inventory) as managed_stock
            from products p
           where ${where}
           order by p.sort_order, p.created_at desc, p.id
           limit ${PRODUCT_PAGE_SIZE} offset ${pageWindow(page, PRODUCT_PAGE_SIZE).offset}`,
    ),
    queryRows<{ total: number }>(db, sql`select count(*)::int as total from products p where ${where}`),
  ]);
  return { rows, total: Number(total), page, pageCount: pageCount(Number(total), PRODUCT_PAGE_SIZE) };
}
