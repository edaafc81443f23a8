import { getFormatter, getTranslations } from "next-intl/server";
import { openAdminPage, type AdminPageProps } from "@/features/admin/page-gate";
import { listSubscribers, subscriberCounts } from "@/features/newsletter/service";
import { getDb } from "@/server/db/client";

const SHOWN = 200;

/** docs/product.md#newsletter: how many addresses are in each state, the latest sign-ups, and the full list as CSV. */
export default async function AdminNewsletterPage({ params }: AdminPageProps) {
  const { locale } = await openAdminPage(params, "/admin/newsletter");
  const db = await getDb();
  const [t, format, counts, rows] = await Promise.all([
    getTranslations({ locale, namespace: "newsletter.admin" }),
    getFormatter({ locale }),
    subscriberCounts(db),
    listSubscribers(db, { limit: SHOWN }),
  ]);
  const when = (d: Date | null) => (d ? format.dateTime(d, { dateStyle: "medium", timeStyle: "short" }) : "—");
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
        <a href="/api/admin/newsletter.csv" className="rounded-md border px-4 py-2 text-sm hover:bg-muted" download>
          {t("export")}
        </a>
      </div>
      <dl className="grid gap-4 sm:grid-cols-3" data-testid="newsletter-counts">
        {(["confirmed", "pending", "unsubscribed"] as const).map((status) => (
          <div key={status} className="rounded-[var(--radius)] border p-4">
            <dt className="text-sm text-muted-foreground">{t(status)}</dt>
            <dd className="text-2xl font-semibold" data-testid={`count-${status}`}>
              {counts[status]}
            </dd>
          </div>
        ))}
      </dl>
      {rows.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground">{t("empty")}</p>
      ) : (
        <div className="overflow-x-auto">
          <p className="mb-2 text-sm text-muted-foreground">{t("latest", { count: rows.length })}</p>
          <table className="w-full text-sm" data-testid="newsletter-table">
            <thead className="border-b text-left text-muted-foreground">
              <tr>
                <th className="py-2 pr-4 font-medium">{t("email")}</th>
                <th className="py-2 pr-4 font-medium">{t("language")}</th>
                <th className="py-2 pr-4 font-medium">{t("status")}</th>
                <th className="py-2 pr-4 font-medium">{t("subscribedAt")}</th>
                <th className="py-2 font-medium">{t("confirmedAt")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.email} className="border-b">
                  <td className="py-2 pr-4">{row.email}</td>
                  <td className="py-2 pr-4">{row.locale}</td>
                  <td className="py-2 pr-4">{t(row.status)}</td>
                  <td className="py-2 pr-4">{when(row.createdAt)}</td>
                  <td className="py-2">{when(row.confirmedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
