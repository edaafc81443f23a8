import { HomepageEditor } from "@/features/content/components/homepage-editor";
import { openAdminPage, type AdminPageProps } from "@/features/admin/page-gate";
import { loadHomepageForAdmin } from "@/features/content/admin-service";
import { getDb } from "@/server/db/client";

export default async function AdminHomepagePage({ params }: AdminPageProps) {
  await openAdminPage(params, "/admin/homepage");
  const content = await loadHomepageForAdmin(await getDb());
  return <HomepageEditor content={content} />;
}
