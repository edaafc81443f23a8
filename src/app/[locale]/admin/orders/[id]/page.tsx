import { notFound } from "next/navigation";
import { AdminOrderDetail } from "@/features/orders/components/admin-order-detail";
import { openStaffPage } from "@/features/admin/page-gate";
import { orderIdSchema } from "@/features/orders/admin-schemas";
import { loadAdminOrderPage } from "@/features/orders/order-page";
import { getDb } from "@/server/db/client";

type Props = { params: Promise<{ locale: string; id: string }> };

export default async function AdminOrderPage({ params }: Props) {
  const { id } = await params;
  const { locale } = await openStaffPage(params, `/admin/orders/${encodeURIComponent(id)}`);
  const parsed = orderIdSchema.safeParse(id);
  if (!parsed.success) notFound();
  const page = await loadAdminOrderPage(await getDb(), parsed.data);
  if (!page) notFound();
  return <AdminOrderDetail page={page} locale={locale} />;
}
