import { getTranslations } from "next-intl/server";
import { Pagination } from "@/features/admin/components/pagination";
import { firstParam, openStaffPage, type AdminPageProps } from "@/features/admin/page-gate";
import { ReturnsTable } from "@/features/returns/components/returns-table";
import { listReturnsForAdmin } from "@/features/returns/service";
import { getDb } from "@/server/db/client";

/** docs/product.md#returns: open returns first, 50 a page; approve or reject, then mark received (stock back, refund). */
export default async function AdminReturnsPage({ params, searchParams }: AdminPageProps) {
  const { locale } = await openStaffPage(params, "/admin/returns");
  const page = Number.parseInt(firstParam((await searchParams).page) ?? "1", 10);
  const [t, { rows, page: shown, pageCount }] = await Promise.all([
    getTranslations({ locale, namespace: "fulfilment.returns.admin" }),
    listReturnsForAdmin(await getDb(), { page }),
  ]);
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <ReturnsTable locale={locale} rows={rows} />
      <Pagination locale={locale} pathname="/admin/returns" page={shown} pageCount={pageCount} query={{}} />
    </div>
  );
}
