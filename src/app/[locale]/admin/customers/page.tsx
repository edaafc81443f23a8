import { CustomersView } from "@/features/customers/components/customers-view";
import { customerListSchema } from "@/features/customers/schemas";
import { firstParam, openStaffPage, type AdminPageProps } from "@/features/admin/page-gate";

export default async function AdminCustomersPage({ params, searchParams }: AdminPageProps) {
  const { locale } = await openStaffPage(params, "/admin/customers");
  const query = await searchParams;
  const parsed = customerListSchema.safeParse({ q: firstParam(query.q), page: firstParam(query.page) });
  return <CustomersView locale={locale} query={parsed.success ? parsed.data : { q: "", page: 1 }} />;
}
