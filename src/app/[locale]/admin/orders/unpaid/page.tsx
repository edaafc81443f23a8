import { UnpaidCheckoutsView } from "@/features/reminders/components/unpaid-checkouts-view";
import { firstParam, openStaffPage, type AdminPageProps } from "@/features/admin/page-gate";

export default async function AdminUnpaidCheckoutsPage({ params, searchParams }: AdminPageProps) {
  const { locale } = await openStaffPage(params, "/admin/orders/unpaid");
  const page = Number.parseInt(firstParam((await searchParams).page) ?? "1", 10);
  return <UnpaidCheckoutsView locale={locale} page={page} />;
}
