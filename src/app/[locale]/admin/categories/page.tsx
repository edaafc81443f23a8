import { CategoriesManager } from "@/features/catalog/components/categories-manager";
import { openAdminPage, type AdminPageProps } from "@/features/admin/page-gate";
import { listCategoriesForAdmin } from "@/features/catalog/category-admin-service";
import { getDb } from "@/server/db/client";

export default async function AdminCategoriesPage({ params }: AdminPageProps) {
  await openAdminPage(params, "/admin/categories");
  const categories = await listCategoriesForAdmin(await getDb());
  return <CategoriesManager categories={categories} />;
}
