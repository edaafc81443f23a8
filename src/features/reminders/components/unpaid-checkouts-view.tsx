import { getFormatter, getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { Locale } from "@/i18n/routing";
import { Link } from "@/i18n/navigation";
import { formatMoney } from "@/lib/money";
import { getDb } from "@/server/db/client";
import { shopSettings } from "@/features/settings/queries";
import { Pagination } from "@/features/admin/components/pagination";
import { listUnpaidCheckouts } from "../service";

/**
 * Unpaid checkouts `/admin/orders/unpaid` (docs/product.md#unpaid-checkouts): orders pending longer than the reminder
 * delay, oldest first, with whether their reminder went out and when.
 */
export async function UnpaidCheckoutsView({ locale, page }: { locale: Locale; page: number }) {
  const settings = await shopSettings();
  const { reminderAfterMinutes, reminders } = settings.checkout;
  const timeZone = settings.store.timeZone;
  const [t, format, result] = await Promise.all([
    getTranslations({ locale, namespace: "reminders.admin" }),
    getFormatter({ locale }),
    listUnpaidCheckouts(await getDb(), { afterMinutes: reminderAfterMinutes, page }),
  ]);
  const moment = (d: Date) => format.dateTime(d, { dateStyle: "medium", timeStyle: "short", timeZone });
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="text-sm text-muted-foreground">{t("intro", { minutes: reminderAfterMinutes })}</p>
      {reminders ? null : <p className="text-sm font-medium">{t("remindersOff")}</p>}
      {result.rows.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground">{t("empty")}</p>
      ) : (
        <Table data-testid="unpaid-table">
          <TableHeader>
            <TableRow>
              <TableHead>{t("order")}</TableHead>
              <TableHead>{t("customer")}</TableHead>
              <TableHead>{t("placed")}</TableHead>
              <TableHead className="text-right">{t("total")}</TableHead>
              <TableHead>{t("reminder")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {result.rows.map((o) => (
              <TableRow key={o.id} data-testid="unpaid-row" data-order-id={o.id} className="last:border-0">
                <TableCell className="font-medium">
                  <Link href={`/admin/orders/${o.id}`} className="underline-offset-4 hover:underline" aria-label={t("viewOrder", { id: o.id })}>
                    #{o.id}
                  </Link>
                </TableCell>
                <TableCell className="break-all">{o.email}</TableCell>
                <TableCell className="whitespace-nowrap">
                  <time dateTime={o.createdAt.toISOString()}>{moment(o.createdAt)}</time>
                </TableCell>
                <TableCell className="text-right tabular-nums">{formatMoney(o.totalCents, o.currency, locale)}</TableCell>
                <TableCell className="whitespace-nowrap" data-testid="unpaid-reminder">
                  {o.reminderSentAt ? (
                    <Badge variant="success">{t("sentAt", { date: moment(o.reminderSentAt) })}</Badge>
                  ) : (
                    <Badge variant="outline">{o.optedOut ? t("optedOut") : t("notSent")}</Badge>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Pagination locale={locale} pathname="/admin/orders/unpaid" page={result.page} pageCount={result.pageCount} query={{}} />
    </div>
  );
}
