import { getFormatter, getTranslations } from "next-intl/server";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { Pagination } from "@/features/admin/components/pagination";
import { StatusFilter } from "@/features/admin/components/status-filter";
import { ResendMailButton } from "@/features/admin/components/resend-mail-button";
import { listMailOutbox, mailStatuses } from "@/features/admin/mail-outbox-service";
import { firstParam, openAdminPage, type AdminPageProps } from "@/features/admin/page-gate";
import { getDb } from "@/server/db/client";
import { settings } from "@/server/env";
import type { MailStatus } from "@/server/db/schema/operations";

const badge: Record<MailStatus, BadgeVariant> = { pending: "secondary", sending: "secondary", sent: "success", logged: "outline", dead: "destructive" };

/** The mail outbox (docs/product.md#mail-delivery): status, attempts and last error of each message, with resend. */
export default async function AdminMailPage({ params, searchParams }: AdminPageProps) {
  const { locale } = await openAdminPage(params, "/admin/mail");
  const query = await searchParams;
  const rawStatus = firstParam(query.status);
  const status = mailStatuses.find((s) => s === rawStatus);
  const page = Number.parseInt(firstParam(query.page) ?? "1", 10);
  const [t, format, outbox] = await Promise.all([
    getTranslations({ locale, namespace: "security.mail" }),
    getFormatter({ locale }),
    listMailOutbox(await getDb(), { page: Number.isFinite(page) ? page : 1, status }),
  ]);
  const when = (date: Date) => format.dateTime(date, { dateStyle: "medium", timeStyle: "medium" });
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="max-w-3xl text-muted-foreground">{t("intro")}</p>
      <p className="text-sm">{settings().SMTP_URL ? t("transportSmtp") : t("transportLog")}</p>
      <StatusFilter
        label={t("filter")}
        links={[undefined, ...mailStatuses].map((s) => ({ key: s ?? "all", href: s ? `/admin/mail?status=${s}` : "/admin/mail", text: s ? t(`statuses.${s}`) : t("all"), current: s === status }))}
      />
      {outbox.rows.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground">{t("empty")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="mail-table">
            <thead className="border-b text-left text-muted-foreground">
              <tr>
                <th className="py-2 pr-4 font-medium">{t("created")}</th>
                <th className="py-2 pr-4 font-medium">{t("to")}</th>
                <th className="py-2 pr-4 font-medium">{t("subject")}</th>
                <th className="py-2 pr-4 font-medium">{t("status")}</th>
                <th className="py-2 pr-4 font-medium">{t("attempts")}</th>
                <th className="py-2 pr-4 font-medium">{t("lastError")}</th>
                <th className="py-2 font-medium">
                  <span className="sr-only">{t("resend")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {outbox.rows.map((row) => (
                <tr key={row.id} className="border-b align-top" data-testid="mail-row" data-mail-id={row.id} data-mail-to={row.toAddress} data-mail-kind={row.kind} data-mail-status={row.status} data-mail-attempts={row.attempts}>
                  <td className="whitespace-nowrap py-2 pr-4">{when(row.createdAt)}</td>
                  <td className="py-2 pr-4">{row.toAddress}</td>
                  <td className="py-2 pr-4">
                    {row.subject}
                    <span className="block text-xs text-muted-foreground">{row.kind}</span>
                  </td>
                  <td className="py-2 pr-4">
                    <Badge variant={badge[row.status]}>{t(`statuses.${row.status}`)}</Badge>
                    {row.status === "pending" && row.attempts > 0 ? (
                      <span className="mt-1 block text-xs text-muted-foreground">{t("nextAttempt", { when: when(row.nextAttemptAt) })}</span>
                    ) : null}
                  </td>
                  <td className="py-2 pr-4 tabular-nums">{row.attempts}</td>
                  {/* Rendered as text: a mail server's answer is shown, never interpreted. */}
                  <td className="max-w-xs break-words py-2 pr-4 font-mono text-xs">{row.error ?? ""}</td>
                  <td className="py-2">{row.status === "sending" ? null : <ResendMailButton id={row.id} />}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination locale={locale} pathname="/admin/mail" page={outbox.page} pageCount={outbox.pageCount} query={{ status }} />
    </div>
  );
}
