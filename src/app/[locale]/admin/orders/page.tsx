import { Download } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { OrdersTable } from "@/features/orders/components/orders-table";
import { Pagination } from "@/features/admin/components/pagination";
import { firstParam, openStaffPage, type AdminPageProps } from "@/features/admin/page-gate";
import { orderFilterSchema, orderStatuses } from "@/features/orders/admin-schemas";
import { listOrdersForAdmin } from "@/features/orders/queries";
import { getDb } from "@/server/db/client";

export default async function AdminOrdersPage({ params, searchParams }: AdminPageProps) {
  const { locale } = await openStaffPage(params, "/admin/orders");
  const query = await searchParams;
  const filter = orderFilterSchema.parse({
    status: firstParam(query.status),
    email: firstParam(query.email) || undefined,
    from: firstParam(query.from) || undefined,
    to: firstParam(query.to) || undefined,
    page: firstParam(query.page),
  });
  const filterQuery = { status: filter.status, email: filter.email, from: filter.from, to: filter.to };
  const [t, result] = await Promise.all([
    getTranslations({ locale, namespace: "admin.orders" }),
    listOrdersForAdmin(await getDb(), { ...filterQuery, page: filter.page, pageSize: 25 }),
  ]);
  const exportQuery = new URLSearchParams();
  for (const [key, value] of Object.entries(filterQuery)) if (value) exportQuery.set(key, value);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
        <Button asChild variant="outline">
          <a href={`/api/admin/orders.csv${exportQuery.size ? `?${exportQuery}` : ""}`} download>
            <Download aria-hidden />
            {t("exportCsv")}
          </a>
        </Button>
      </div>
      {/* A plain GET form: the filter lives in the URL, so it survives reloads and pagination. */}
      <form className="flex flex-wrap items-end gap-3" method="get">
        <label className="grid gap-1 text-sm">
          <span className="font-medium">{t("filterStatus")}</span>
          <select name="status" defaultValue={filter.status ?? ""} className="h-10 rounded-[var(--radius)] border bg-background px-3">
            <option value="">{t("allStatuses")}</option>
            {orderStatuses.map((status) => (
              <option key={status} value={status}>
                {t(`statusValues.${status}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm">
          <span className="font-medium">{t("customerFilter")}</span>
          <input name="email" type="search" defaultValue={filter.email ?? ""} className="h-10 rounded-[var(--radius)] border bg-background px-3" />
        </label>
        <label className="grid gap-1 text-sm">
          <span className="font-medium">{t("fromDate")}</span>
          <input name="from" type="date" defaultValue={filter.from ?? ""} className="h-10 rounded-[var(--radius)] border bg-background px-3" />
        </label>
        <label className="grid gap-1 text-sm">
          <span className="font-medium">{t("toDate")}</span>
          <input name="to" type="date" defaultValue={filter.to ?? ""} className="h-10 rounded-[var(--radius)] border bg-background px-3" />
        </label>
        <Button type="submit" variant="secondary">
          {t("filter")}
        </Button>
      </form>
      <OrdersTable orders={result.orders} locale={locale} />
      <Pagination locale={locale} pathname="/admin/orders" page={result.page} pageCount={result.pageCount} query={filterQuery} />
    </div>
  );
}
