import { getTranslations } from "next-intl/server";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { openAdminPage, type AdminPageProps } from "@/features/admin/page-gate";
import { TaxRatesEditor, TaxSettingsForm } from "@/features/taxes/components/tax-admin";
import { TaxClassesEditor } from "@/features/taxes/components/tax-classes";
import { listProductTaxClasses } from "@/features/taxes/admin-service";
import { loadTaxSettings } from "@/features/taxes/service";
import { getDb } from "@/server/db/client";

/** Tax settings and rates per shipping country (docs/product.md#taxes-and-discounts). */
export default async function AdminTaxesPage({ params }: AdminPageProps) {
  const { locale } = await openAdminPage(params, "/admin/taxes");
  const db = await getDb();
  const [t, tax, products] = await Promise.all([getTranslations({ locale, namespace: "taxes.admin" }), loadTaxSettings(db), listProductTaxClasses(db)]);
  const rates = Object.entries(tax.countryRates).map(([country, r]) => ({ country, ...r }));
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t("settings")}</CardTitle>
        </CardHeader>
        <CardContent>
          <TaxSettingsForm
            initial={{ pricesIncludeTax: tax.pricesIncludeTax, defaultStandardBp: tax.defaultRates.standardBp, defaultReducedBp: tax.defaultRates.reducedBp }}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t("rates")}</CardTitle>
        </CardHeader>
        <CardContent>
          <TaxRatesEditor rates={rates} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t("classesTitle")}</CardTitle>
          <p className="text-sm text-muted-foreground">{t("classHint")}</p>
        </CardHeader>
        <CardContent>
          <TaxClassesEditor
            products={products.map((p) => ({ id: p.id, title: (locale === "es" && p.titleEs) || p.titleEn, taxClass: p.taxClass }))}
            defaults={{ standard: String(tax.defaultRates.standardBp / 100), reduced: String(tax.defaultRates.reducedBp / 100) }}
          />
        </CardContent>
      </Card>
    </div>
  );
}
