import { getFormatter, getTranslations } from "next-intl/server";
import type { Locale } from "@/i18n/routing";
import { Link } from "@/i18n/navigation";
import { formatMoney } from "@/lib/money";
import type { OrderRow } from "@/features/orders/service";
import { OrderStatusBadge } from "./order-status-badge";

/** docs/product.md#admin-orders: Order ID '#id', Customer email, Date in the locale, Status badge, Total in the order's currency. */
export async function OrdersTable({ orders, locale }: { orders: OrderRow[]; locale: Locale }) {
  const [t, format] = await Promise.all([getTranslations({ locale, namespace: "admin.orders" }), getFormatter({ locale })]);
  if (orders.length === 0) return <p className="py-8 text-center text-muted-foreground">{t("empty")}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="orders-table">
        <thead className="border-b text-left text-muted-foreground">
          <tr>
            <th className="py-2 pr-4 font-medium">{t("orderId")}</th>
            <th className="py-2 pr-4 font-medium">{t("customer")}</th>
            <th className="py-2 pr-4 font-medium">{t("date")}</th>
            <th className="py-2 pr-4 font-medium">{t("status")}</th>
            <th className="py-2 text-right font-medium">{t("total")}</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id} className="border-b last:border-0" data-testid="order-row" data-order-id={order.id}>
              <td className="py-2 pr-4 font-medium">
                <Link href={`/admin/orders/${order.id}`} className="underline-offset-4 hover:underline" aria-label={t("viewOrder", { id: order.id })}>
                  #{order.id}
                </Link>
              </td>
              <td className="py-2 pr-4">{order.email}</td>
              <td className="py-2 pr-4">
                <time dateTime={order.createdAt.toISOString()}>{format.dateTime(order.createdAt, { dateStyle: "medium", timeStyle: "short" })}</time>
              </td>
              <td className="py-2 pr-4">
                <OrderStatusBadge status={order.status} locale={locale} />
              </td>
              <td className="py-2 text-right tabular-nums" data-testid="order-total">
                {formatMoney(order.totalCents, order.currency, locale)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
