import { getTranslations } from "next-intl/server";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { openAdminPage, type AdminPageProps } from "@/features/admin/page-gate";
import { listPromotions } from "@/features/promotions/admin-service";
import { emptyPromotion, PromotionForm } from "@/features/promotions/components/promotion-form";
import { Link } from "@/i18n/navigation";
import { formatRate } from "@/features/taxes/tax-format";
import { formatMoney } from "@/lib/money";
import { getDb } from "@/server/db/client";
import { settings } from "@/server/env";

/** Discount codes and automatic promotions (docs/product.md#discount-codes): the list and a form for a new one. */
export default async function AdminPromotionsPage({ params }: AdminPageProps) {
  const { locale } = await openAdminPage(params, "/admin/promotions");
  const [t, rows] = await Promise.all([getTranslations({ locale, namespace: "promotions.admin" }), listPromotions(await getDb())]);
  const currency = settings().CURRENCY;
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <Card>
        <CardContent className="pt-6">
          {rows.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("none")}</p>
          ) : (
            <table className="w-full text-sm" data-testid="promotions-table">
              <thead className="border-b text-left text-muted-foreground">
                <tr>
                  <th className="py-2 pr-4 font-medium">{t("code")}</th>
                  <th className="py-2 pr-4 font-medium">{t("nameEn")}</th>
                  <th className="py-2 pr-4 font-medium">{t("kind")}</th>
                  <th className="py-2 pr-4 text-right font-medium">{t("used")}</th>
                  <th className="py-2 font-medium">{t("active")}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} className="border-b">
                    <td className="py-2 pr-4 font-mono">
                      <Link href={`/admin/promotions/${row.id}`} className="underline underline-offset-4">
                        {row.code ?? t("automatic")}
                      </Link>
                    </td>
                    <td className="py-2 pr-4">{(locale === "es" && row.nameEs) || row.nameEn}</td>
                    <td className="py-2 pr-4">
                      {t(`kinds.${row.kind}`)}
                      {row.kind === "percent" ? ` ${formatRate(row.value, locale)}` : row.kind === "fixed" ? ` ${formatMoney(row.value, currency, locale)}` : ""}
                    </td>
                    <td className="py-2 pr-4 text-right tabular-nums">
                      {row.usedCount}
                      {row.usageLimit !== null ? ` / ${row.usageLimit}` : ""}
                    </td>
                    <td className="py-2">{row.active ? t("status.on") : t("status.off")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t("new")}</CardTitle>
        </CardHeader>
        <CardContent>
          <PromotionForm id={null} initial={emptyPromotion} />
        </CardContent>
      </Card>
    </div>
  );
}
