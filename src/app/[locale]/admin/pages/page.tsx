import { getTranslations } from "next-intl/server";
import { Plus } from "lucide-react";
import { openAdminPage, type AdminPageProps } from "@/features/admin/page-gate";
import { listPagesForAdmin } from "@/features/content/page-admin-service";
import { PagesTable } from "@/features/content/components/pages-table";
import { LegalTemplatesButton } from "@/features/content/components/legal-templates-button";
import { Link } from "@/i18n/navigation";
import { getDb } from "@/server/db/client";

export default async function AdminPagesPage({ params }: AdminPageProps) {
  const { locale } = await openAdminPage(params, "/admin/pages");
  const [rows, t] = await Promise.all([listPagesForAdmin(await getDb()), getTranslations({ locale, namespace: "pages.admin" })]);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
        <div className="flex flex-wrap gap-3 text-sm">
          <Link href="/admin/pages/new" className="inline-flex items-center gap-1 rounded-md bg-primary px-3 py-2 font-medium text-primary-foreground" data-testid="new-page">
            <Plus className="size-4" aria-hidden />
            {t("newPage")}
          </Link>
          <Link href="/admin/footer" className="inline-flex items-center rounded-md border px-3 py-2 font-medium">
            {t("footerLink")}
          </Link>
        </div>
      </div>
      <p className="text-sm text-muted-foreground">{t("intro")}</p>
      <PagesTable locale={locale} rows={rows} />
      <LegalTemplatesButton />
    </div>
  );
}
