import { notFound } from "next/navigation";
import { AdminOrderDetail } from "@/features/orders/components/admin-order-detail";
import { openStaffPage } from "@/features/admin/page-gate";
import { hasRole } from "@/features/accounts/session";
import { orderIdSchema } from "@/features/orders/admin-schemas";
import { loadAdminOrderPage } from "@/features/orders/order-page";
import { getDb } from "@/server/db/client";
import { orderMoneyBack } from "@/features/returns/order-refunds";
import { OrderMoneyBackCard } from "@/features/returns/components/order-money-back";

type Props = { params: Promise<{ locale: string; id: string }> };

export default async function AdminOrderPage({ params }: Props) {
  const { id } = await params;
  const { locale, admin } = await openStaffPage(params, `/admin/orders/${encodeURIComponent(id)}`);
  const parsed = orderIdSchema.safeParse(id);
  if (!parsed.success) notFound();
  const page = await loadAdminOrderPage(await getDb(), parsed.data);
  if (!page) notFound();
  const money = await orderMoneyBack(await getDb(), parsed.data);
  return (
    <AdminOrderDetail page={page} locale={locale}>
      {money ? <OrderMoneyBackCard money={money} locale={locale} orderId={parsed.data} admin refund={hasRole(admin, "admin")} /> : null}
    </AdminOrderDetail>
  );
}
