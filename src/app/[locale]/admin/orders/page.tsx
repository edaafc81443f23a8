import { Download } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { OrdersTable } from "@/features/orders/components/orders-table";
import { OrderFilters } from "@/features/orders/components/order-filters";
import { Pagination } from "@/features/admin/components/pagination";
import { firstParam, openStaffPage, type AdminPageProps } from "@/features/admin/page-gate";
import { orderFilterSchema } from "@/features/orders/admin-schemas";
import { listOrdersForAdmin } from "@/features/orders/queries";
import { shopSettings } from "@/features/settings/queries";
import { getDb } from "@/server/db/client";

export default async function AdminOrdersPage({ params, searchParams }: AdminPageProps) {
  const { locale } = await openStaffPage(params, "/admin/orders");
  const query = await searchParams;
  const filter = orderFilterSchema.parse({
    status: firstParam(query.status),
    payment: firstParam(query.payment) || undefined,
    fulfilment: firstParam(query.fulfilment) || undefined,
    email: firstParam(query.email) || undefined,
    from: firstParam(query.from) || undefined,
    to: firstParam(query.to) || undefined,
    page: firstParam(query.page),
  });
  // The list opens on the orders to fulfil (docs/product.md#admin-orders).
  const filterQuery = { status: filter.status, payment: filter.payment, fulfilment: filter.fulfilment ?? "to_fulfil", email: filter.email, from: filter.from, to: filter.to };
  const db = await getDb();
  const [t, result, shop] = await Promise.all([
    getTranslations({ locale, namespace: "admin.orders" }),
    listOrdersForAdmin(db, { ...filterQuery, page: filter.page, pageSize: 25 }),
    shopSettings(db),
  ]);
  const exportQuery = new URLSearchParams();
  for (const [key, value] of Object.entries(filterQuery)) if (value) exportQuery.set(key, value);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
        <Button asChild variant="outline">
          <a href={`/api/admin/orders.csv?${exportQuery}`} download>
            <Download aria-hidden />
            {t("exportCsv")}
          </a>
        </Button>
      </div>
      <OrderFilters filter={filterQuery} locale={locale} />
      <OrdersTable orders={result.orders} locale={locale} timeZone={shop.store.timeZone} />
      <Pagination locale={locale} pathname="/admin/orders" page={result.page} pageCount={result.pageCount} query={filterQuery} />
    </div>
  );
}
