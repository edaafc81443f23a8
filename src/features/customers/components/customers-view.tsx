import { getFormatter, getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { Locale } from "@/i18n/routing";
import { Link } from "@/i18n/navigation";
import { formatMoney } from "@/lib/money";
import { getDb } from "@/server/db/client";
import { shopSettings } from "@/features/settings/queries";
import { Pagination } from "@/features/admin/components/pagination";
import { listCustomers } from "../list-service";
import { customerKeyOf, type CustomerListQuery } from "../schemas";

/** Customers `/admin/customers` (docs/product.md#admin-customers): accounts and guest addresses, searched and paged. */
export async function CustomersView({ locale, query }: { locale: Locale; query: CustomerListQuery }) {
  const settings = await shopSettings();
  const { currency } = settings.money;
  const timeZone = settings.store.timeZone;
  const [t, format, result] = await Promise.all([
    getTranslations({ locale, namespace: "customers.list" }),
    getFormatter({ locale }),
    listCustomers(await getDb(), { currency, q: query.q, page: query.page }),
  ]);
  const exportHref = `/api/admin/customers.csv${query.q ? `?${new URLSearchParams({ q: query.q })}` : ""}`;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
        <Button asChild variant="outline">
          <a href={exportHref} download data-testid="customers-export">
            {t("exportCsv")}
          </a>
        </Button>
      </div>
      {/* A plain GET form: the search lives in the URL, so it survives reloads and paging. */}
      <form className="flex flex-wrap items-end gap-3" method="get" role="search">
        <label className="grid gap-1 text-sm">
          <span className="font-medium">{t("search")}</span>
          <input name="q" type="search" defaultValue={query.q} maxLength={200} className="h-10 w-64 max-w-full rounded-[var(--radius)] border bg-background px-3" />
        </label>
        <Button type="submit" variant="secondary">
          {t("searchButton")}
        </Button>
      </form>
      <p className="text-sm text-muted-foreground" data-testid="customers-count">
        {t("count", { count: result.total })} · {t("spentHint", { currency })}
      </p>
      {result.rows.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground">{t("empty")}</p>
      ) : (
        <Table data-testid="customers-table">
          <TableHeader>
            <TableRow>
              <TableHead>{t("customer")}</TableHead>
              <TableHead>{t("kind")}</TableHead>
              <TableHead className="text-right">{t("orders")}</TableHead>
              <TableHead className="text-right">{t("spent")}</TableHead>
              <TableHead>{t("lastOrder")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {result.rows.map((c) => (
              <TableRow key={c.userId ?? c.email} data-testid="customer-row" data-email={c.email} className="last:border-0">
                <TableCell>
                  <Link href={`/admin/customers/${customerKeyOf(c)}`} className="font-medium underline-offset-4 hover:underline" aria-label={t("view", { email: c.email })}>
                    {c.name || c.email}
                  </Link>
                  {c.name ? <div className="text-xs text-muted-foreground">{c.email}</div> : null}
                </TableCell>
                <TableCell>
                  <Badge variant={c.userId ? "secondary" : "outline"}>{c.userId ? t("account") : t("guest")}</Badge>
                </TableCell>
                <TableCell className="text-right tabular-nums" data-testid="customer-orders">
                  {format.number(c.orders)}
                </TableCell>
                <TableCell className="text-right tabular-nums" data-testid="customer-spent">
                  {formatMoney(c.spentCents, currency, locale)}
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  {c.lastOrderAt ? <time dateTime={c.lastOrderAt.toISOString()}>{format.dateTime(c.lastOrderAt, { dateStyle: "medium", timeZone })}</time> : t("never")}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Pagination locale={locale} pathname="/admin/customers" page={result.page} pageCount={result.pageCount} query={{ q: query.q || undefined }} />
    </div>
  );
}
