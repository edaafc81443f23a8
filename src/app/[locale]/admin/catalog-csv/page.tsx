import { getTranslations } from "next-intl/server";
import { CatalogCsvPanel } from "@/features/catalog-csv/components/catalog-csv-panel";
import { MAX_FILE_BYTES } from "@/features/catalog-csv/parse";
import { openAdminPage, type AdminPageProps } from "@/features/admin/page-gate";

/** Catalog export and import (docs/product.md#catalog-csv). */
export default async function AdminCatalogCsvPage({ params }: AdminPageProps) {
  const { locale } = await openAdminPage(params, "/admin/catalog-csv");
  const t = await getTranslations({ locale, namespace: "catalogCsv" });
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <CatalogCsvPanel maxMb={MAX_FILE_BYTES / 1024 / 1024} />
    </div>
  );
}
