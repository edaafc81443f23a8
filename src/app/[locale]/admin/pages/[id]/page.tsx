import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { openAdminPage } from "@/features/admin/page-gate";
import { PageForm } from "@/features/content/components/page-form";
import { loadPageForAdmin } from "@/features/content/page-admin-service";
import { localizedTitle } from "@/features/content/page-content";
import { isFixedPageSlug, pagePath } from "@/features/content/page-routes";
import { Link } from "@/i18n/navigation";
import { getDb } from "@/server/db/client";

export default async function AdminEditPagePage({ params }: PageProps<"/[locale]/admin/pages/[id]">) {
  const { id } = await params;
  const { locale } = await openAdminPage(params, `/admin/pages/${id}`);
  const page = await loadPageForAdmin(await getDb(), id);
  if (!page) notFound();
  const t = await getTranslations({ locale, namespace: "pages.admin" });
  const path = pagePath(page, locale);
  return (
    <div className="space-y-6">
      <Link href="/admin/pages" className="text-sm underline-offset-4 hover:underline">
        {t("back")}
      </Link>
      <h1 className="break-words text-3xl font-bold tracking-tight">{t("editTitle", { title: localizedTitle(page, locale) })}</h1>
      <PageForm
        id={page.id}
        initial={{
          titleEn: page.titleEn,
          titleEs: page.titleEs,
          slugEn: page.slug,
          slugEs: page.slugEs,
          contentEn: page.contentEn,
          contentEs: page.contentEs,
          status: page.status,
          inHeader: page.inHeader,
          inFooter: page.inFooter,
        }}
        fixedPath={isFixedPageSlug(page.slug) ? `/${page.slug}` : null}
        viewPath={page.status === "published" ? path : null}
        isTemplate={page.template !== null}
        testSlug={page.slug}
      />
    </div>
  );
}
