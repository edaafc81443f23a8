import { getFormatter, getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { Pagination } from "@/features/admin/components/pagination";
import { firstParam, openAdminPage, type AdminPageProps } from "@/features/admin/page-gate";
import { ReturnAdminActions } from "@/features/returns/components/return-admin-actions";
import { listReturnsForAdmin } from "@/features/returns/service";
import { Link } from "@/i18n/navigation";
import { formatMoney } from "@/lib/money";
import { getDb } from "@/server/db/client";

/** docs/product.md#returns: open returns first, 50 a page; approve or reject, then mark received (stock back, refund). */
export default async function AdminReturnsPage({ params, searchParams }: AdminPageProps) {
  const { locale } = await openAdminPage(params, "/admin/returns");
  const page = Number.parseInt(firstParam((await searchParams).page) ?? "1", 10);
  const [t, ts, format, { rows, page: shown, pageCount }] = await Promise.all([
    getTranslations({ locale, namespace: "fulfilment.returns.admin" }),
    getTranslations({ locale, namespace: "fulfilment.returns.status" }),
    getFormatter({ locale }),
    listReturnsForAdmin(await getDb(), { page }),
  ]);
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      {rows.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground">{t("empty")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="returns-table">
            <thead className="border-b text-left text-muted-foreground">
              <tr>
                <th className="py-2 pr-4 font-medium">{t("return")}</th>
                <th className="py-2 pr-4 font-medium">{t("order")}</th>
                <th className="py-2 pr-4 font-medium">{t("items")}</th>
                <th className="py-2 pr-4 font-medium">{t("reason")}</th>
                <th className="py-2 pr-4 text-right font-medium">{t("refund")}</th>
                <th className="py-2 font-medium">{t("actions")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const refund = formatMoney(r.linesCents + r.shippingCents, r.currency, locale);
                return (
                  <tr key={r.id} className="border-b align-top" data-testid="return-row" data-return-id={r.id}>
                    <td className="py-2 pr-4">
                      <p className="font-medium">#{r.id}</p>
                      <Badge variant="outline" data-testid="return-status" data-status={r.status}>
                        {ts(r.status)}
                      </Badge>
                      <p className="text-xs text-muted-foreground">{format.dateTime(r.createdAt, { dateStyle: "medium", timeStyle: "short" })}</p>
                    </td>
                    <td className="py-2 pr-4">
                      <Link href={`/admin/orders/${r.orderId}`} className="underline underline-offset-4" aria-label={t("viewOrder", { id: r.orderId })}>
                        #{r.orderId}
                      </Link>
                      <p className="text-xs text-muted-foreground">{r.email}</p>
                    </td>
                    <td className="py-2 pr-4">
                      <ul>
                        {r.lines.map((l) => (
                          <li key={l.orderLineId}>
                            {l.quantity} x {l.title}
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td className="max-w-xs whitespace-pre-wrap break-words py-2 pr-4">{r.reason}</td>
                    <td className="py-2 pr-4 text-right tabular-nums">
                      <span data-testid="return-refund">{refund}</span>
                      {r.shippingCents > 0 ? <p className="text-xs text-muted-foreground">{t("shippingIncluded", { amount: formatMoney(r.shippingCents, r.currency, locale) })}</p> : null}
                    </td>
                    <td className="py-2">
                      <ReturnAdminActions returnId={r.id} status={r.status} refundText={refund} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <Pagination locale={locale} pathname="/admin/returns" page={shown} pageCount={pageCount} query={{}} />
    </div>
  );
}
