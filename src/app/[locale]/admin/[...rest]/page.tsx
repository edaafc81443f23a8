import { DashboardView } from "@/features/dashboard/components/dashboard-view";
import { openAdminPage, type AdminPageProps } from "@/features/admin/page-gate";

/** An unknown admin page shows the dashboard (docs/product.md#admin). */
export default async function UnknownAdminPage({ params }: AdminPageProps) {
  const { locale } = await openAdminPage(params, "/admin");
  return <DashboardView locale={locale} />;
}
