import { getTranslations } from "next-intl/server";
import { openAdminPage, type AdminPageProps } from "@/features/admin/page-gate";
import { SubscribersTable } from "@/features/newsletter/components/subscribers-table";
import { listSubscribers, subscriberCounts } from "@/features/newsletter/service";
import { getDb } from "@/server/db/client";

const SHOWN = 200;

/** docs/product.md#newsletter: how many addresses are in each state, the latest sign-ups, and the full list as CSV. */
export default async function AdminNewsletterPage({ params }: AdminPageProps) {
  const { locale } = await openAdminPage(params, "/admin/newsletter");
  const db = await getDb();
  const [t, counts, rows] = await Promise.all([
    getTranslations({ locale, namespace: "newsletter.admin" }),
    subscriberCounts(db),
    listSubscribers(db, { limit: SHOWN }),
  ]);
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
      <SubscribersTable locale={locale} rows={rows} />
    </div>
  );
}
