import { getFormatter, getTranslations } from "next-intl/server";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { Pagination } from "@/features/admin/components/pagination";
import { StatusFilter } from "@/features/admin/components/status-filter";
import type { Locale } from "@/i18n/routing";
import type { WebhookDeliveryStatus } from "@/server/db/schema/webhooks";
import type { listDeliveries } from "../delivery-log";
import { deliveryStatuses } from "../events";
import { ReplayDeliveryButton } from "./replay-delivery-button";

const badge: Record<WebhookDeliveryStatus, BadgeVariant> = { pending: "secondary", sending: "secondary", delivered: "success", failed: "destructive" };

/**
 * The delivery log (docs/product.md#webhooks): newest first, each delivery's event, status, attempts, next try and the
 * receiver's last answer, with Replay. Filtered by status and endpoint through the address.
 */
export async function DeliveryLog({
  locale,
  log,
  status,
  endpointId,
}: {
  locale: Locale;
  log: Awaited<ReturnType<typeof listDeliveries>>;
  status?: WebhookDeliveryStatus;
  endpointId?: number;
}) {
  const [t, format] = await Promise.all([getTranslations({ locale, namespace: "webhooks.admin" }), getFormatter({ locale })]);
  const when = (date: Date) => format.dateTime(date, { dateStyle: "medium", timeStyle: "medium" });
  const href = (s?: string) => {
    const params = new URLSearchParams();
    if (s) params.set("status", s);
    if (endpointId) params.set("endpoint", String(endpointId));
    const search = params.toString();
    return search ? `/admin/webhooks?${search}` : "/admin/webhooks";
  };
  return (
    <div className="grid gap-4">
      <StatusFilter
        label={t("filter")}
        links={[
          ...[undefined, ...deliveryStatuses].map((s) => ({ key: s ?? "all", href: href(s), text: s ? t(`statuses.${s}`) : t("all"), current: s === status })),
          ...(endpointId ? [{ key: "endpoints", href: status ? `/admin/webhooks?status=${status}` : "/admin/webhooks", text: t("allEndpoints"), current: false }] : []),
        ]}
      />
      {log.rows.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground">{t("noDeliveries")}</p>
      ) : (
        <Table data-testid="webhook-deliveries">
          <TableHeader>
            <TableRow>
              <TableHead>{t("created")}</TableHead>
              <TableHead>{t("event")}</TableHead>
              <TableHead>{t("endpoint")}</TableHead>
              <TableHead>{t("status")}</TableHead>
              <TableHead>{t("attempts")}</TableHead>
              <TableHead>{t("answer")}</TableHead>
              <TableHead>
                <span className="sr-only">{t("replay")}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {log.rows.map((row) => (
              <TableRow key={row.id} className="align-top" data-testid="webhook-delivery" data-delivery-id={row.id} data-event={row.eventType} data-status={row.status} data-attempts={row.attempts}>
                <TableCell className="whitespace-nowrap">{when(row.createdAt)}</TableCell>
                <TableCell>
                  {t(`eventNames.${row.eventType.replace(".", "_") as "order_paid"}`)}
                  <span className="block font-mono text-xs text-muted-foreground">{row.eventId}</span>
                </TableCell>
                <TableCell className="max-w-xs break-all font-mono text-xs">{row.url}</TableCell>
                <TableCell>
                  <Badge variant={badge[row.status]}>{t(`statuses.${row.status}`)}</Badge>
                  {row.status === "pending" && row.attempts > 0 ? (
                    <span className="mt-1 block text-xs text-muted-foreground">{t("nextAttempt", { when: when(row.nextAttemptAt) })}</span>
                  ) : null}
                </TableCell>
                <TableCell className="tabular-nums">{row.attempts}</TableCell>
                {/* Rendered as text: a receiver's answer is shown, never interpreted. */}
                <TableCell className="max-w-xs break-words font-mono text-xs" data-testid="webhook-answer">
                  {row.responseStatus ? `HTTP ${row.responseStatus}` : (row.error ?? "")}
                  {row.responseExcerpt ? <span className="block text-muted-foreground">{row.responseExcerpt.slice(0, 200)}</span> : null}
                </TableCell>
                <TableCell>{row.status === "sending" ? null : <ReplayDeliveryButton id={row.id} />}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Pagination locale={locale} pathname="/admin/webhooks" page={log.page} pageCount={log.pageCount} query={{ status, endpoint: endpointId ? String(endpointId) : undefined }} />
    </div>
  );
}
