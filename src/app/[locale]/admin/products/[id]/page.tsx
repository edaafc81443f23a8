import { notFound } from "next/navigation";
import { ProductEditor } from "@/features/catalog/components/product-editor";
import { openStaffPage } from "@/features/admin/page-gate";
import { productIdSchema } from "@/features/catalog/product-admin-schemas";
import { loadProductForAdmin } from "@/features/catalog/product-admin-service";
import { listCategoriesForAdmin } from "@/features/catalog/category-admin-service";
import { currencyInfo } from "@/lib/money";
import { getDb } from "@/server/db/client";
import { settings } from "@/server/env";
import { ProductTaxClassForm } from "@/features/catalog/components/product-tax-class-form";
import { productTaxFacts } from "@/features/taxes/service";

type Props = { params: Promise<{ locale: string; id: string }> };

/** Edit one product. The editor is keyed by the saved version, so after a save it reloads what the server kept. */
export default async function AdminEditProductPage({ params }: Props) {
  const { id } = await params;
  const { locale } = await openStaffPage(params, `/admin/products/${encodeURIComponent(id)}`);
  const parsed = productIdSchema.safeParse(id);
  if (!parsed.success) notFound();
  const db = await getDb();
  const [product, categories] = await Promise.all([loadProductForAdmin(db, parsed.data, settings().CURRENCY), listCategoriesForAdmin(db)]);
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
      currencyDigits={currencyInfo(product.currency).decimal_digits}
    />
    <ProductTaxClassForm productId={product.id} initial={taxClass} />
    </>
  );
}
