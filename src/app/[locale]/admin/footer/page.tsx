import { FooterEditor } from "@/features/content/components/footer-editor";
import { openAdminPage, type AdminPageProps } from "@/features/admin/page-gate";
import { loadFooterForAdmin } from "@/features/content/admin-service";
import { getDb } from "@/server/db/client";

export default async function AdminFooterPage({ params }: AdminPageProps) {
  await openAdminPage(params, "/admin/footer");
  const sections = await loadFooterForAdmin(await getDb());
  return <FooterEditor sections={sections} />;
}
