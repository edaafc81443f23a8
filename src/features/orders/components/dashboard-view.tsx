import { DollarSign, ShoppingBag, Users } from "lucide-react";
import type { Locale } from "@/i18n/routing";
import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Link } from "@/i18n/navigation";
import { formatMoney } from "@/lib/money";
import { getDb } from "@/server/db/client";
import { shopSettings } from "@/features/settings/queries";
import { loadDashboard } from "@/features/orders/dashboard-service";
import { OrdersTable } from "./orders-table";
import { SalesChart } from "./sales-chart";

/** Dashboard (docs/product.md#admin-dashboard): figures computed from the database on every visit, never demo values. */
export async function DashboardView({ locale }: { locale: Locale }) {
  const shop = await shopSettings();
  const [t, data] = await Promise.all([getTranslations({ locale, namespace: "admin.dashboard" }), loadDashboard(await getDb(), shop.money.currency)]);
  const cards = [
    { key: "revenue", title: t("totalRevenue"), value: formatMoney(data.revenueCents, data.currency, locale), hint: t("revenueHint", { currency: data.currency }), Icon: DollarSign },
    { key: "sales", title: t("totalSales"), value: new Intl.NumberFormat(locale).format(data.salesCount), hint: t("salesHint"), Icon: ShoppingBag },
    { key: "users", title: t("totalUsers"), value: new Intl.NumberFormat(locale).format(data.userCount), hint: t("usersHint"), Icon: Users },
  ];
  return (
    <div className="space-y-8">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <div className="grid gap-4 sm:grid-cols-3">
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
          <CardTitle className="text-lg">{t("chartTitle")}</CardTitle>
        </CardHeader>
        <CardContent>
          <SalesChart
            days={data.days}
            currency={data.currency}
            locale={locale}
            label={t("chartTitle")}
            emptyLabel={t("chartEmpty")}
            barLabel={(day, date, amount) => t("chartBar", { date, count: day.count, amount })}
          />
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
          <OrdersTable orders={data.latest} locale={locale} timeZone={shop.store.timeZone} />
        </CardContent>
      </Card>
    </div>
  );
}
