import { getTranslations } from "next-intl/server";
import { openAdminPage, type AdminPageProps } from "@/features/admin/page-gate";
import { listOptionTypes } from "@/features/catalog/option-type-service";
import { OptionTypesAdmin } from "@/features/catalog/components/option-types-admin";
import { getDb } from "@/server/db/client";

/** The shop's option types and their values (docs/product.md#option-types); admins only (staff are sent to the orders). */
export default async function AdminOptionTypesPage({ params }: AdminPageProps) {
  const { locale } = await openAdminPage(params, "/admin/option-types");
  const [t, types] = await Promise.all([getTranslations({ locale, namespace: "optionTypes.admin" }), listOptionTypes(await getDb())]);
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="text-sm text-muted-foreground">{t("intro")}</p>
      <OptionTypesAdmin types={types} />
    </div>
  );
}
