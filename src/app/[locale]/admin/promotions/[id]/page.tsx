import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { openAdminPage } from "@/features/admin/page-gate";
import { getPromotion } from "@/features/promotions/admin-service";
import { PromotionForm } from "@/features/promotions/components/promotion-form";
import { PromotionDelete } from "@/features/promotions/components/promotion-delete";
import { promotionFormValues } from "@/features/promotions/form-values";
import { catalogTargetsById } from "@/features/catalog/target-lookup";
import { savePromotionAction, searchPromotionTargetsAction } from "@/features/catalog/promotion-target-actions";
import { promotionIdSchema } from "@/features/promotions/schemas";
import { Link } from "@/i18n/navigation";
import { getDb } from "@/server/db/client";
import { shopSettings } from "@/features/settings/queries";

type Props = { params: Promise<{ locale: string; id: string }> };

export default async function AdminPromotionPage({ params }: Props) {
  const { id } = await params;
  const { locale } = await openAdminPage(params, `/admin/promotions/${encodeURIComponent(id)}`);
  const parsed = promotionIdSchema.safeParse(id);
  if (!parsed.success) notFound();
  const db = await getDb();
  const row = await getPromotion(db, parsed.data);
  if (!row) notFound();
  const [t, settings, products, categories] = await Promise.all([
    getTranslations({ locale, namespace: "promotions.admin" }),
    shopSettings(db),
    catalogTargetsById(db, "product", row.productIds, locale),
    catalogTargetsById(db, "category", row.categoryIds, locale),
  ]);
  return (
    <div className="space-y-6">
      <Link href="/admin/promotions" className="text-sm text-muted-foreground underline-offset-4 hover:underline">
        ← {t("title")}
      </Link>
      <Card>
        <CardHeader>
          <CardTitle>
            {t("edit")} {row.code ?? t("automatic")}
          </CardTitle>
        </CardHeader>
        <CardContent>
          <PromotionForm key={row.updatedAt.toISOString()} id={row.id} initial={promotionFormValues(row, settings.money.currency, settings.store.timeZone, { products, categories })}
            timeZone={settings.store.timeZone}
            actions={{ save: savePromotionAction, search: searchPromotionTargetsAction }}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t("danger")}</CardTitle>
        </CardHeader>
        <CardContent>
          <PromotionDelete id={row.id} label={row.code ?? ((locale === "es" && row.nameEs) || row.nameEn)} active={row.active} />
        </CardContent>
      </Card>
    </div>
  );
}
