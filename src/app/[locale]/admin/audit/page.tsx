import { getTranslations } from "next-intl/server";
import { AuditLogTable } from "@/features/admin/components/audit-log-table";
import { Pagination } from "@/features/admin/components/pagination";
import { listAuditLog } from "@/server/audit";
import { firstParam, openAdminPage, type AdminPageProps } from "@/features/admin/page-gate";
import { getDb } from "@/server/db/client";

/** Every admin change, newest first: who, what, when, and a before → after summary. */
export default async function AdminAuditPage({ params, searchParams }: AdminPageProps) {
  const { locale } = await openAdminPage(params, "/admin/audit");
  const page = Number.parseInt(firstParam((await searchParams).page) ?? "1", 10);
  const [t, log] = await Promise.all([getTranslations({ locale, namespace: "admin.audit" }), listAuditLog(await getDb(), Number.isFinite(page) ? page : 1)]);
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <AuditLogTable locale={locale} rows={log.rows} />
      <Pagination locale={locale} pathname="/admin/audit" page={log.page} pageCount={log.pageCount} query={{}} />
    </div>
  );
}
