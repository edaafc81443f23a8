import { getFormatter, getTranslations } from "next-intl/server";
import { Pagination } from "@/features/admin/components/pagination";
import { listAuditLog, summarizeChange } from "@/server/audit";
import { firstParam, openAdminPage, type AdminPageProps } from "@/features/admin/page-gate";
import { getDb } from "@/server/db/client";

/** Every admin change, newest first: who, what, when, and a before → after summary. */
export default async function AdminAuditPage({ params, searchParams }: AdminPageProps) {
  const { locale } = await openAdminPage(params, "/admin/audit");
  const page = Number.parseInt(firstParam((await searchParams).page) ?? "1", 10);
  const [t, format, log] = await Promise.all([
    getTranslations({ locale, namespace: "admin.audit" }),
    getFormatter({ locale }),
    listAuditLog(await getDb(), Number.isFinite(page) ? page : 1),
  ]);
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      {log.rows.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground">{t("empty")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="audit-table">
            <thead className="border-b text-left text-muted-foreground">
              <tr>
                <th className="py-2 pr-4 font-medium">{t("when")}</th>
                <th className="py-2 pr-4 font-medium">{t("who")}</th>
                <th className="py-2 pr-4 font-medium">{t("action")}</th>
                <th className="py-2 pr-4 font-medium">{t("what")}</th>
                <th className="py-2 font-medium">{t("changes")}</th>
              </tr>
            </thead>
            <tbody>
              {log.rows.map((row) => (
                <tr key={row.id} className="border-b align-top" data-testid="audit-row">
                  <td className="whitespace-nowrap py-2 pr-4">{format.dateTime(row.createdAt, { dateStyle: "medium", timeStyle: "medium" })}</td>
                  <td className="py-2 pr-4">{row.actorEmail ?? t("system")}</td>
                  <td className="py-2 pr-4">{row.action}</td>
                  <td className="py-2 pr-4">
                    {row.entity}
                    {row.entityId ? ` ${row.entityId}` : ""}
                  </td>
                  {/* Rendered as text: stored HTML or payloads are shown, never interpreted. */}
                  <td className="max-w-xl break-words py-2 font-mono text-xs">{summarizeChange(row.before, row.after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination locale={locale} pathname="/admin/audit" page={log.page} pageCount={log.pageCount} query={{}} />
    </div>
  );
}
