import { getTranslations } from "next-intl/server";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { openAdminPage, type AdminPageProps } from "@/features/admin/page-gate";
import { listPromotions } from "@/features/promotions/admin-service";
import { emptyPromotion, PromotionForm } from "@/features/promotions/components/promotion-form";
import { PromotionsTable } from "@/features/promotions/components/promotions-table";
import { savePromotionAction, searchPromotionTargetsAction } from "@/features/catalog/promotion-target-actions";
import { getDb } from "@/server/db/client";
import { shopSettings } from "@/features/settings/queries";

/** Discount codes and automatic promotions (docs/product.md#discount-codes): the list and a form for a new one. */
export default async function AdminPromotionsPage({ params }: AdminPageProps) {
  const { locale } = await openAdminPage(params, "/admin/promotions");
  const db = await getDb();
  const [t, rows, settings] = await Promise.all([getTranslations({ locale, namespace: "promotions.admin" }), listPromotions(db), shopSettings(db)]);
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <Card>
        <CardContent className="pt-6">
          <PromotionsTable locale={locale} rows={rows} currency={settings.money.currency} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t("new")}</CardTitle>
        </CardHeader>
        <CardContent>
          <PromotionForm id={null} initial={emptyPromotion} timeZone={settings.store.timeZone} actions={{ save: savePromotionAction, search: searchPromotionTargetsAction }} />
        </CardContent>
      </Card>
    </div>
  );
}
