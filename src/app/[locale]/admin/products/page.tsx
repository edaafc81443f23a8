import { Plus } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { Pagination } from "@/features/admin/components/pagination";
import { firstParam, openStaffPage, type AdminPageProps } from "@/features/admin/page-gate";
import { listProductsForAdmin } from "@/features/catalog/product-admin-list";
import { ProductAdminTable } from "@/features/catalog/components/product-admin-table";
import { Link } from "@/i18n/navigation";
import { getDb } from "@/server/db/client";

/** Vitrina holds its own catalog: a searchable list of every product, hidden ones included, with add and edit. */
export default async function AdminProductsPage({ params, searchParams }: AdminPageProps) {
  const { locale } = await openStaffPage(params, "/admin/products");
  const query = await searchParams;
  const q = firstParam(query.q) ?? "";
  const page = Number.parseInt(firstParam(query.page) ?? "1", 10);
  const [t, tc, result] = await Promise.all([
    getTranslations({ locale, namespace: "admin.products" }),
    getTranslations({ locale, namespace: "admin.common" }),
    listProductsForAdmin(await getDb(), { query: q, page: Number.isFinite(page) ? page : 1 }),
  ]);
  return (
    <div className="space-y-6">
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
        <Button asChild>
          <Link href="/admin/products/new">
            <Plus aria-hidden />
            {t("addNew")}
          </Link>
        </Button>
      </div>
      <form method="get" className="flex gap-2" role="search">
        <input
          name="q"
          type="search"
          defaultValue={q}
          placeholder={t("searchPlaceholder")}
          aria-label={t("searchPlaceholder")}
          className="h-10 w-full max-w-sm rounded-[var(--radius)] border bg-background px-3 text-sm"
        />
        <Button type="submit" variant="secondary">
          {tc("search")}
        </Button>
      </form>
      <ProductAdminTable locale={locale} rows={result.rows} searched={q.length > 0} />
      <Pagination locale={locale} pathname="/admin/products" page={result.page} pageCount={result.pageCount} query={{ q: q || undefined }} />
    </div>
  );
}
