import { getFormatter, getTranslations } from "next-intl/server";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { Locale } from "@/i18n/routing";
import { summarizeChange, type listAuditLog } from "@/server/audit";

type AuditRow = Awaited<ReturnType<typeof listAuditLog>>["rows"][number];

/** The audit page's rows: when, who, action, what, and a before → after summary; or a line saying there are none. */
export async function AuditLogTable({ locale, rows }: { locale: Locale; rows: AuditRow[] }) {
  const [t, format] = await Promise.all([getTranslations({ locale, namespace: "admin.audit" }), getFormatter({ locale })]);
  if (rows.length === 0) return <p className="py-8 text-center text-muted-foreground">{t("empty")}</p>;
  return (
    <Table data-testid="audit-table">
      <TableHeader>
        <TableRow>
          <TableHead>{t("when")}</TableHead>
          <TableHead>{t("who")}</TableHead>
          <TableHead>{t("action")}</TableHead>
          <TableHead>{t("what")}</TableHead>
          <TableHead>{t("changes")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id} className="align-top" data-testid="audit-row">
            <TableCell className="whitespace-nowrap">{format.dateTime(row.createdAt, { dateStyle: "medium", timeStyle: "medium" })}</TableCell>
            <TableCell>{row.actorEmail ?? t("system")}</TableCell>
            <TableCell>{row.action}</TableCell>
            <TableCell>
              {row.entity}
              {row.entityId ? ` ${row.entityId}` : ""}
            </TableCell>
            {/* Rendered as text: stored HTML or payloads are shown, never interpreted. */}
            <TableCell className="max-w-xl break-words font-mono text-xs">{summarizeChange(row.before, row.after)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
