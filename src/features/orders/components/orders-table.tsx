import { getFormatter, getTranslations } from "next-intl/server";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { Locale } from "@/i18n/routing";
import { Link } from "@/i18n/navigation";
import { formatMoney } from "@/lib/money";
import type { OrderRow } from "@/features/orders/service";
import type { OrderStates } from "../order-state-values";
import { OrderStateBadges } from "./order-status-badge";

/**
 * docs/product.md#admin-orders: Order ID '#id', Customer email, Date on the shop's clock in the locale, payment and
 * delivery badges, Total in the order's currency. On a phone the date goes under the number, so number, customer,
 * status and total fit 390 px (docs/product.md#admin-on-phones).
 */
export async function OrdersTable({ orders, locale, timeZone }: { orders: Array<OrderRow & OrderStates>; locale: Locale; timeZone: string }) {
  const [t, format] = await Promise.all([getTranslations({ locale, namespace: "admin.orders" }), getFormatter({ locale })]);
  if (orders.length === 0) return <p className="py-8 text-center text-muted-foreground">{t("empty")}</p>;
  return (
    <Table data-testid="orders-table">
      <TableHeader>
        <TableRow>
          <TableHead>{t("orderId")}</TableHead>
          <TableHead>{t("customer")}</TableHead>
          <TableHead className="hidden sm:table-cell">{t("date")}</TableHead>
          <TableHead>{t("status")}</TableHead>
          <TableHead className="text-right">{t("total")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {orders.map((order) => (
          <TableRow key={order.id} className="last:border-0" data-testid="order-row" data-order-id={order.id}>
            <TableCell className="font-medium">
              <Link href={`/admin/orders/${order.id}`} className="underline-offset-4 hover:underline" aria-label={t("viewOrder", { id: order.id })}>
                #{order.id}
              </Link>
              <span className="block text-xs font-normal text-muted-foreground sm:hidden">{format.dateTime(order.createdAt, { dateStyle: "short", timeZone })}</span>
            </TableCell>
            <TableCell className="[overflow-wrap:anywhere]" data-testid="order-customer">
              {order.email}
            </TableCell>
            <TableCell className="hidden whitespace-nowrap sm:table-cell">
              <time dateTime={order.createdAt.toISOString()}>{format.dateTime(order.createdAt, { dateStyle: "medium", timeStyle: "short", timeZone })}</time>
            </TableCell>
            <TableCell>
              <OrderStateBadges states={{ payment: order.payment, fulfilment: order.fulfilment }} status={order.status} locale={locale} />
            </TableCell>
            <TableCell className="whitespace-nowrap text-right tabular-nums" data-testid="order-total">
              {formatMoney(order.totalCents, order.currency, locale)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
