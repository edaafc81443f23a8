import { Banknote, DollarSign, Euro, JapaneseYen, PackageCheck, PoundSterling, Receipt, ShoppingBag, Users } from "lucide-react";
import type { Locale } from "@/i18n/routing";
import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { Link } from "@/i18n/navigation";
import { cn } from "@/lib/cn";
import { currencyInfo, formatMoney } from "@/lib/money";
import { getDb } from "@/server/db/client";
import { shopSettings } from "@/features/settings/queries";
import { OrdersTable } from "@/features/orders/components/orders-table";
import { loadDashboard, type ChartPeriod } from "../service";
import { SalesChart } from "./sales-chart";

/** The money card's icon follows the shop's currency symbol: never a dollar in a euro shop. */
function currencyIcon(currency: string) {
  const symbol = currencyInfo(currency).symbol;
  if (symbol.includes("€")) return Euro;
  if (symbol.includes("£")) return PoundSterling;
  if (symbol.includes("¥")) return JapaneseYen;
  if (symbol.includes("$")) return DollarSign;
  return Banknote;
}

/** Dashboard (docs/product.md#admin-dashboard): figures computed from the database on every visit, never demo values. */
export async function DashboardView({ locale, period = "day" }: { locale: Locale; period?: ChartPeriod }) {
  const settings = await shopSettings();
  const [t, data] = await Promise.all([
    getTranslations({ locale, namespace: "admin.dashboard" }),
    loadDashboard(await getDb(), { currency: settings.money.currency, timeZone: settings.store.timeZone, period }),
  ]);
  const money = (cents: number) => formatMoney(cents, data.currency, locale);
  const count = (n: number) => new Intl.NumberFormat(locale).format(n);
  const chartTitle = period === "week" ? t("chartTitleWeek") : t("chartTitle");
  const cards = [
    { key: "revenue", title: t("totalRevenue"), value: money(data.netCents), hint: t("revenueHint", { currency: data.currency, refunds: money(data.refundedCents) }), Icon: currencyIcon(data.currency) },
    { key: "taxes", title: t("taxes"), value: money(data.taxCents), hint: t("taxesHint"), Icon: Receipt },
    { key: "sales", title: t("totalSales"), value: count(data.salesCount), hint: t("salesHint"), Icon: ShoppingBag },
    { key: "to-fulfil", title: t("toFulfil"), value: count(data.toFulfil), hint: t("toFulfilHint"), Icon: PackageCheck },
    { key: "users", title: t("totalUsers"), value: count(data.userCount), hint: t("usersHint"), Icon: Users },
  ];
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
        {/* Links, not a client toggle: the period lives in the URL and the figures are read for it on the server. */}
        <nav aria-label={t("period")} className="inline-flex rounded-[var(--radius)] border p-1" data-testid="chart-period">
          {(["day", "week"] as const).map((p) => (
            <Link
              key={p}
              href={p === "day" ? "/admin" : "/admin?period=week"}
              aria-current={p === period ? "page" : undefined}
              className={cn("rounded-[var(--radius)] px-3 py-1 text-sm font-medium", p === period ? "bg-muted text-foreground" : "text-muted-foreground hover:bg-muted")}
            >
              {p === "day" ? t("byDay") : t("byWeek")}
            </Link>
          ))}
        </nav>
      </div>
      <p className="text-sm text-muted-foreground" data-testid="dashboard-period">
        {chartTitle}
      </p>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {cards.map(({ key, title, value, hint, Icon }) => (
          <Card key={key} data-testid={`dashboard-${key}`}>
            <CardHeader className="flex-row items-center justify-between pb-2">
              <CardTitle className="text-sm font-medium">{title}</CardTitle>
              <Icon className="size-4 text-muted-foreground" aria-hidden />
            </CardHeader>
            <CardContent>
              <p className="text-2xl font-bold tabular-nums" data-testid="figure">
                {value}
              </p>
              <p className="text-xs text-muted-foreground">{hint}</p>
            </CardContent>
          </Card>
        ))}
      </div>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{chartTitle}</CardTitle>
        </CardHeader>
        <CardContent>
          <SalesChart
            points={data.points}
            period={period}
            currency={data.currency}
            locale={locale}
            label={chartTitle}
            emptyLabel={t("chartEmpty")}
            legend={{ current: t("currentPeriod"), previous: t("previousPeriod") }}
            barLabel={(point, date, amount, previous) => t("chartBar", { date, count: point.count, amount, previous })}
          />
        </CardContent>
      </Card>
      <Card data-testid="top-products">
        <CardHeader>
          <CardTitle className="text-lg">{t("topProducts")}</CardTitle>
          <p className="text-xs text-muted-foreground">{t("topProductsHint", { currency: data.currency })}</p>
        </CardHeader>
        <CardContent>
          {data.topProducts.length === 0 ? (
            <p className="py-4 text-center text-muted-foreground">{t("noProducts")}</p>
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>{t("product")}</TableHead>
                  <TableHead className="text-right">{t("units")}</TableHead>
                  <TableHead className="text-right">{t("productRevenue")}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.topProducts.map((p) => (
                  <TableRow key={p.productId} data-testid="top-product">
                    <TableCell>{p.title}</TableCell>
                    <TableCell className="text-right tabular-nums">{count(p.units)}</TableCell>
                    <TableCell className="text-right tabular-nums">{money(p.cents)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="flex-row items-center justify-between">
          <CardTitle className="text-lg">{t("latestOrders")}</CardTitle>
          <Button asChild variant="outline" size="sm">
            <Link href="/admin/orders">{t("viewAll")}</Link>
          </Button>
        </CardHeader>
        <CardContent>
          <OrdersTable orders={data.latest} locale={locale} timeZone={settings.store.timeZone} />
        </CardContent>
      </Card>
    </div>
  );
}
