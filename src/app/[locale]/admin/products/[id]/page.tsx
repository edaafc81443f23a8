import { notFound } from "next/navigation";
import { ProductEditor } from "@/features/catalog/components/product-editor";
import { firstParam, openStaffPage } from "@/features/admin/page-gate";
import { productIdSchema } from "@/features/catalog/product-admin-schemas";
import { loadProductForAdmin } from "@/features/catalog/product-admin-service";
import { listCategoriesForAdmin } from "@/features/catalog/category-admin-service";
import { getDb } from "@/server/db/client";
import { shopSettings } from "@/features/settings/queries";
import { loadThresholds } from "@/features/stock-alerts/thresholds";
import { productTaxFacts } from "@/features/taxes/service";
import { StockHistory } from "@/features/inventory/components/stock-history";
import { loadStockHistory, stockHistoryCursorSchema } from "@/features/inventory/stock-history";

type Props = { params: Promise<{ locale: string; id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Edit one product, its low-stock thresholds and tax class with it (one save). The editor is keyed by the saved
 * version, so after a save it reloads what the server kept. Below it, the stock history (`?stockBefore=` pages back
 * through it).
 */
export default async function AdminEditProductPage({ params, searchParams }: Props) {
  const { id } = await params;
  const { locale } = await openStaffPage(params, `/admin/products/${encodeURIComponent(id)}`);
  const parsed = productIdSchema.safeParse(id);
  if (!parsed.success) notFound();
  const cursor = stockHistoryCursorSchema.safeParse(firstParam((await searchParams).stockBefore));
  const stockBefore = cursor.success ? cursor.data : undefined;
  const db = await getDb();
  const shop = await shopSettings(db);
  const [product, categories, thresholds, history] = await Promise.all([
    loadProductForAdmin(db, parsed.data, shop.money.currency),
    listCategoriesForAdmin(db),
    loadThresholds(db, parsed.data),
    loadStockHistory(db, parsed.data, stockBefore),
  ]);
  if (!product) notFound();
  const taxClass = (await productTaxFacts(db, [product.id])).get(product.id)?.taxClass ?? "standard";
  return (
    <>
      <ProductEditor
        key={product.version}
        productId={product.id}
        initial={product.input}
        categories={categories.map((c) => ({ id: c.id, name: locale === "es" && c.nameEs ? c.nameEs : c.nameEn }))}
        currency={product.currency}
        parts={{ thresholds, defaultThreshold: shop.stock.lowStockThreshold, taxClass }}
      />
      <StockHistory locale={locale} productId={product.id} entries={history.entries} olderThan={history.olderThan} paged={stockBefore !== undefined} />
    </>
  );
}
