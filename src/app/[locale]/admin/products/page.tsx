import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Pagination } from "@/features/admin/components/pagination";
import { firstParam, openAdminPage, type AdminPageProps } from "@/features/admin/page-gate";
import { listProductsForAdmin } from "@/features/admin/service";
import { Link } from "@/i18n/navigation";
import { formatMoney } from "@/lib/money";
import { getDb } from "@/server/db/client";

/** Vitrina holds its own catalog: a searchable list of every product, hidden ones included. */
export default async function AdminProductsPage({ params, searchParams }: AdminPageProps) {
  const { locale } = await openAdminPage(params, "/admin/products");
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
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
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
                <th className="py-2 font-medium">{t("visibility")}</th>
              </tr>
            </thead>
            <tbody>
              {result.rows.map((p) => (
                <tr key={p.id} className="border-b" data-testid="product-row">
                  <td className="py-2 pr-4">
                    <Link href={`/product/${p.id}`} className="font-medium underline-offset-4 hover:underline" target="_blank">
                      {locale === "es" && p.title_es ? p.title_es : p.title_en}
                    </Link>
                  </td>
                  <td className="py-2 pr-4 text-right tabular-nums">{p.variant_count}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{p.min_price !== null && p.currency ? formatMoney(p.min_price, p.currency, locale) : tc("none")}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{p.managed_stock ?? t("unmanaged")}</td>
                  <td className="flex flex-wrap gap-1 py-2">
                    <Badge variant={p.is_hidden ? "outline" : "success"}>{p.is_hidden ? t("hidden") : t("visible")}</Badge>
                    {p.purchasable ? null : <Badge variant="destructive">{t("notPurchasable")}</Badge>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination locale={locale} pathname="/admin/products" page={result.page} pageCount={result.pageCount} query={{ q: q || undefined }} />
    </div>
  );
}
