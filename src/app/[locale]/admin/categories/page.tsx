import { CategoriesManager } from "@/features/admin/components/categories-manager";
import { openAdminPage, type AdminPageProps } from "@/features/admin/page-gate";
import { listCategoriesForAdmin } from "@/features/admin/service";
import { getDb } from "@/server/db/client";

export default async function AdminCategoriesPage({ params }: AdminPageProps) {
  await openAdminPage(params, "/admin/categories");
  const categories = await listCategoriesForAdmin(await getDb());
  return <CategoriesManager categories={categories} />;
}
