import { Pencil, Plus } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Pagination } from "@/features/admin/components/pagination";
import { firstParam, openStaffPage, type AdminPageProps } from "@/features/admin/page-gate";
import { listProductsForAdmin } from "@/features/catalog/product-admin-list";
import { Link } from "@/i18n/navigation";
import { formatMoney } from "@/lib/money";
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
      {result.rows.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground">{t("empty")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="products-table">
            <thead className="border-b text-left text-muted-foreground">
              <tr>
                <th className="py-2 pr-4 font-medium">{t("product")}</th>
                <th className="py-2 pr-4 text-right font-medium">{t("variants")}</th>
                <th className="py-2 pr-4 text-right font-medium">{t("price")}</th>
                <th className="py-2 pr-4 text-right font-medium">{t("stock")}</th>
                <th className="py-2 pr-4 font-medium">{t("visibility")}</th>
                <th className="py-2 font-medium">
                  <span className="sr-only">{t("edit")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {result.rows.map((p) => {
                const name = locale === "es" && p.title_es ? p.title_es : p.title_en;
                return (
                <tr key={p.id} className="border-b" data-testid="product-row">
                  <td className="py-2 pr-4">
                    <Link href={`/admin/products/${p.id}`} className="font-medium underline-offset-4 hover:underline">
                      {name}
                    </Link>
                    <Link href={`/product/${p.id}`} className="ml-2 text-xs text-muted-foreground underline-offset-4 hover:underline" target="_blank">
                      {t("view")}
                    </Link>
                  </td>
                  <td className="py-2 pr-4 text-right tabular-nums">{p.variant_count}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{p.min_price !== null && p.currency ? formatMoney(p.min_price, p.currency, locale) : tc("none")}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{p.managed_stock ?? t("unmanaged")}</td>
                  <td className="py-2 pr-4">
                    <div className="flex flex-wrap gap-1">
                      <Badge variant={p.is_hidden ? "outline" : "success"}>{p.is_hidden ? t("hidden") : t("visible")}</Badge>
                      {p.purchasable ? null : <Badge variant="destructive">{t("notPurchasable")}</Badge>}
                    </div>
                  </td>
                  <td className="py-2 text-right">
                    <Button asChild variant="ghost" size="icon">
                      <Link href={`/admin/products/${p.id}`} aria-label={t("editLabel", { name })}>
                        <Pencil aria-hidden />
                      </Link>
                    </Button>
                  </td>
                </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <Pagination locale={locale} pathname="/admin/products" page={result.page} pageCount={result.pageCount} query={{ q: q || undefined }} />
    </div>
  );
}
