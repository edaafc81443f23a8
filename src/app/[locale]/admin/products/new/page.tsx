import { ProductEditor, emptyProduct } from "@/features/catalog/components/product-editor";
import { openStaffPage, type AdminPageProps } from "@/features/admin/page-gate";
import { listCategoriesForAdmin } from "@/features/catalog/category-admin-service";
import { getDb } from "@/server/db/client";
import { shopSettings } from "@/features/settings/queries";

/** A new product: the editor starts empty with one variant priced in the store currency, its parts at the shop's defaults. */
export default async function AdminNewProductPage({ params }: AdminPageProps) {
  const { locale } = await openStaffPage(params, "/admin/products/new");
  const categories = await listCategoriesForAdmin(await getDb());
  const shop = await shopSettings();
  return (
    <ProductEditor
      productId={null}
      initial={emptyProduct}
      categories={categories.map((c) => ({ id: c.id, name: locale === "es" && c.nameEs ? c.nameEs : c.nameEn }))}
      currency={shop.money.currency}
      parts={{ thresholds: [], defaultThreshold: shop.stock.lowStockThreshold, taxClass: "standard" }}
    />
  );
}
