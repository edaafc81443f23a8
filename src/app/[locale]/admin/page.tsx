import { DashboardView } from "@/features/dashboard/components/dashboard-view";
import { firstParam, openAdminPage, type AdminPageProps } from "@/features/admin/page-gate";

export default async function AdminDashboardPage({ params, searchParams }: AdminPageProps) {
  const { locale } = await openAdminPage(params, "/admin");
  const period = firstParam((await searchParams).period) === "week" ? "week" : "day";
  return <DashboardView locale={locale} period={period} />;
}
