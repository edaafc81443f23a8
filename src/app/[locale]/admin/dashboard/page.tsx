import { DashboardView } from "@/features/orders/components/dashboard-view";
import { openAdminPage, type AdminPageProps } from "@/features/admin/page-gate";

export default async function AdminDashboardPage({ params }: AdminPageProps) {
  const { locale } = await openAdminPage(params, "/admin/dashboard");
  return <DashboardView locale={locale} />;
}
