import { PagesEditor } from "@/features/content/components/pages-editor";
import { openAdminPage, type AdminPageProps } from "@/features/admin/page-gate";
import { listPagesForAdmin } from "@/features/content/admin-service";
import { getDb } from "@/server/db/client";

export default async function AdminPagesPage({ params }: AdminPageProps) {
  await openAdminPage(params, "/admin/pages");
  const pages = await listPagesForAdmin(await getDb());
  return <PagesEditor pages={pages.map(({ slug, titleEn, titleEs, contentEn, contentEs }) => ({ slug, titleEn, titleEs, contentEn, contentEs }))} />;
}
