import { getTranslations } from "next-intl/server";
import { openAdminPage, type AdminPageProps } from "@/features/admin/page-gate";
import { emptyPage, PageForm } from "@/features/content/components/page-form";
import { Link } from "@/i18n/navigation";

export default async function AdminNewPagePage({ params }: AdminPageProps) {
  const { locale } = await openAdminPage(params, "/admin/pages/new");
  const t = await getTranslations({ locale, namespace: "pages.admin" });
  return (
    <div className="space-y-6">
      <Link href="/admin/pages" className="text-sm underline-offset-4 hover:underline">
        {t("back")}
      </Link>
      <h1 className="text-3xl font-bold tracking-tight">{t("newTitle")}</h1>
      <PageForm id={null} initial={emptyPage} fixedPath={null} viewPath={null} isTemplate={false} testSlug="new" />
    </div>
  );
}
