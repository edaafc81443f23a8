import { getTranslations } from "next-intl/server";
import { ReceivedMessages } from "@/features/contact/components/received-messages";
import { listContactMessages } from "@/features/contact/service";
import { MailOutboxTable } from "@/features/admin/components/mail-outbox-table";
import { Pagination } from "@/features/admin/components/pagination";
import { StatusFilter } from "@/features/admin/components/status-filter";
import { listMailOutbox, mailStatuses } from "@/features/admin/mail-outbox-service";
import { firstParam, openAdminPage, type AdminPageProps } from "@/features/admin/page-gate";
import { getDb } from "@/server/db/client";
import { settings } from "@/server/env";

/** The mail outbox (docs/product.md#mail-delivery): status, attempts and last error of each message, with resend. */
export default async function AdminMailPage({ params, searchParams }: AdminPageProps) {
  const { locale } = await openAdminPage(params, "/admin/mail");
  const query = await searchParams;
  const rawStatus = firstParam(query.status);
  const status = mailStatuses.find((s) => s === rawStatus);
  const page = Number.parseInt(firstParam(query.page) ?? "1", 10);
  const receivedPage = Number.parseInt(firstParam(query.received) ?? "1", 10);
  const db = await getDb();
  const [t, outbox, received] = await Promise.all([
    getTranslations({ locale, namespace: "security.mail" }),
    listMailOutbox(db, { page: Number.isFinite(page) ? page : 1, status }),
    listContactMessages(db, { page: receivedPage }),
  ]);
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="max-w-3xl text-muted-foreground">{t("intro")}</p>
      <p className="text-sm">{settings().SMTP_URL ? t("transportSmtp") : t("transportLog")}</p>
      <StatusFilter
        label={t("filter")}
        links={[undefined, ...mailStatuses].map((s) => ({ key: s ?? "all", href: s ? `/admin/mail?status=${s}` : "/admin/mail", text: s ? t(`statuses.${s}`) : t("all"), current: s === status }))}
      />
      <MailOutboxTable locale={locale} rows={outbox.rows} />
      <Pagination locale={locale} pathname="/admin/mail" page={outbox.page} pageCount={outbox.pageCount} query={{ status, received: firstParam(query.received) }} />
      <ReceivedMessages locale={locale} received={received} query={{ status, page: firstParam(query.page) }} />
    </div>
  );
}
