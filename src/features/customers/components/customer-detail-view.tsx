import { getFormatter, getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { Locale } from "@/i18n/routing";
import { Link } from "@/i18n/navigation";
import { formatMoney } from "@/lib/money";
import { OrderStateBadges } from "@/features/orders/components/order-status-badge";
import type { CustomerPage } from "../customer-page";
import { customerKeyOf } from "../schemas";
import { CustomerNoteForm } from "./customer-note-form";

/** A customer page `/admin/customers/{key}` (docs/product.md#admin-customers). */
export async function CustomerDetailView({ locale, customer: c, currency, timeZone }: { locale: Locale; customer: CustomerPage; currency: string; timeZone: string }) {
  const [t, tOrders, tReturns, format] = await Promise.all([
    getTranslations({ locale, namespace: "customers.detail" }),
    getTranslations({ locale, namespace: "admin.orders" }),
    getTranslations({ locale, namespace: "fulfilment.returns" }),
    getFormatter({ locale }),
  ]);
  const day = (d: Date) => format.dateTime(d, { dateStyle: "medium", timeZone });
  const moment = (d: Date) => format.dateTime(d, { dateStyle: "medium", timeStyle: "short", timeZone });
  const key = customerKeyOf({ userId: c.who.kind === "account" ? c.who.userId : null, email: c.email });
  return (
    <div className="space-y-6">
      <Link href="/admin/customers" className="text-sm text-muted-foreground underline-offset-4 hover:underline">
        ← {t("back")}
      </Link>
      <div className="space-y-1">
        <h1 className="break-words text-3xl font-bold tracking-tight">{c.name || c.email}</h1>
        {c.name ? <p className="break-all text-muted-foreground">{c.email}</p> : null}
        <p className="text-sm text-muted-foreground" data-testid="customer-kind">
          {c.since ? t("account", { date: day(c.since) }) : t("guest")}
        </p>
      </div>
      <dl className="grid gap-4 sm:grid-cols-3" data-testid="customer-figures">
        <div className="rounded-[var(--radius)] border p-4">
          <dt className="text-sm text-muted-foreground">{t("orders")}</dt>
          <dd className="text-2xl font-bold tabular-nums" data-testid="customer-orders">{format.number(c.figures.orders)}</dd>
        </div>
        <div className="rounded-[var(--radius)] border p-4">
          <dt className="text-sm text-muted-foreground">{t("spent")}</dt>
          <dd className="text-2xl font-bold tabular-nums" data-testid="customer-spent">{formatMoney(c.figures.spentCents, currency, locale)}</dd>
        </div>
        <div className="rounded-[var(--radius)] border p-4">
          <dt className="text-sm text-muted-foreground">{t("lastOrder")}</dt>
          <dd className="text-lg font-semibold">{c.figures.lastOrderAt ? day(c.figures.lastOrderAt) : "—"}</dd>
        </div>
      </dl>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t("ordersTitle")}</CardTitle>
        </CardHeader>
        <CardContent>
          {c.orders.length === 0 ? (
            <p className="text-muted-foreground">{t("noOrders")}</p>
          ) : (
            <Table data-testid="customer-orders-table">
              <TableHeader>
                <TableRow>
                  <TableHead>{tOrders("orderId")}</TableHead>
                  <TableHead>{tOrders("date")}</TableHead>
                  <TableHead>{tOrders("status")}</TableHead>
                  <TableHead className="text-right">{tOrders("total")}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {c.orders.map((o) => (
                  <TableRow key={o.id} className="last:border-0">
                    <TableCell className="whitespace-nowrap font-medium">
                      <Link href={`/admin/orders/${o.id}`} className="underline-offset-4 hover:underline" aria-label={tOrders("viewOrder", { id: o.id })}>
                        #{o.id}
                      </Link>
                      {o.guest && c.who.kind === "account" ? <span className="ml-2 text-xs text-muted-foreground">{t("guestOrder")}</span> : null}
                    </TableCell>
                    <TableCell className="whitespace-nowrap">{moment(o.createdAt)}</TableCell>
                    <TableCell>
                      <OrderStateBadges states={{ payment: o.payment, fulfilment: o.fulfilment }} status={o.status} locale={locale} />
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{formatMoney(o.totalCents, o.currency, locale)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">{t("addressesTitle")}</CardTitle>
          </CardHeader>
          <CardContent>
            {c.addresses.length === 0 ? (
              <p className="text-muted-foreground">{t("noAddresses")}</p>
            ) : (
              <ul className="space-y-2" data-testid="customer-addresses">
                {c.addresses.map((a) => (
                  <li key={a.id} className="break-words text-sm">
                    {a.text} {a.isDefault ? <Badge variant="secondary">{t("default")}</Badge> : null}
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">{t("returnsTitle")}</CardTitle>
          </CardHeader>
          <CardContent>
            {c.returns.length === 0 ? (
              <p className="text-muted-foreground">{t("noReturns")}</p>
            ) : (
              <ul className="space-y-2 text-sm" data-testid="customer-returns">
                {c.returns.map((r) => (
                  <li key={r.id} className="flex flex-wrap items-center gap-2">
                    <Link href={`/admin/orders/${r.orderId}`} className="underline-offset-4 hover:underline">
                      {t("returnLine", { id: r.id, orderId: r.orderId })}
                    </Link>
                    <Badge variant="outline">{tReturns(`status.${r.status}`)}</Badge>
                    <span className="tabular-nums">{formatMoney(r.cents, r.currency, locale)}</span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">{t("newsletterTitle")}</CardTitle>
          </CardHeader>
          <CardContent>
            <p data-testid="customer-newsletter">{t(`newsletter.${c.newsletter ?? "none"}`)}</p>
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t("notesTitle")}</CardTitle>
          <p className="text-xs text-muted-foreground">{t("notesHint")}</p>
        </CardHeader>
        <CardContent className="space-y-4">
          {c.notes.length === 0 ? (
            <p className="text-muted-foreground">{t("noNotes")}</p>
          ) : (
            <ul className="space-y-3" data-testid="customer-notes">
              {c.notes.map((n) => (
                <li key={n.id} className="rounded-[var(--radius)] border p-3" data-testid="customer-note">
                  <p className="whitespace-pre-wrap break-words text-sm">{n.body}</p>
                  <p className="mt-1 text-xs text-muted-foreground">{t("noteBy", { email: n.authorEmail, date: moment(n.createdAt) })}</p>
                </li>
              ))}
            </ul>
          )}
          <CustomerNoteForm customer={key} />
        </CardContent>
      </Card>
    </div>
  );
}
