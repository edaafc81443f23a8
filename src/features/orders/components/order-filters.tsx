import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { Link } from "@/i18n/navigation";
import type { Locale } from "@/i18n/routing";
import { fulfilmentStatuses, paymentStatuses, type FulfilmentView, type PaymentStatus } from "../order-state-values";

export type OrderListFilter = { payment?: PaymentStatus; fulfilment: FulfilmentView; email?: string; from?: string; to?: string };

const field = "h-10 rounded-[var(--radius)] border bg-background px-3";

/**
 * The orders list's filters (docs/product.md#admin-orders): a plain GET form, so the filter lives in the URL and
 * survives reloads and pagination. Without a delivery filter the list shows the orders to fulfil; "Show all orders"
 * (fulfilment=all) leaves every filter off.
 */
export async function OrderFilters({ filter, locale }: { filter: OrderListFilter; locale: Locale }) {
  const [t, ts] = await Promise.all([getTranslations({ locale, namespace: "admin.orders" }), getTranslations({ locale, namespace: "fulfilment.states" })]);
  return (
    <div className="space-y-2">
      {/* Keyed by the filter: after a link changes the URL (Show all orders) the fields show the new one, not the old defaults. */}
      <form key={JSON.stringify(filter)} className="flex flex-wrap items-end gap-3" method="get" data-testid="order-filters">
        <label className="grid gap-1 text-sm">
          <span className="font-medium">{ts("fulfilment")}</span>
          <select name="fulfilment" defaultValue={filter.fulfilment} className={field}>
            <option value="to_fulfil">{ts("viewValues.to_fulfil")}</option>
            <option value="all">{ts("viewValues.all")}</option>
            {fulfilmentStatuses.map((status) => (
              <option key={status} value={status}>
                {ts(`fulfilmentValues.${status}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm">
          <span className="font-medium">{ts("payment")}</span>
          <select name="payment" defaultValue={filter.payment ?? ""} className={field}>
            <option value="">{ts("anyPayment")}</option>
            {paymentStatuses.map((status) => (
              <option key={status} value={status}>
                {ts(`paymentValues.${status}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm">
          <span className="font-medium">{t("customerFilter")}</span>
          <input name="email" type="search" defaultValue={filter.email ?? ""} className={field} />
        </label>
        <label className="grid gap-1 text-sm">
          <span className="font-medium">{t("fromDate")}</span>
          <input name="from" type="date" defaultValue={filter.from ?? ""} className={field} />
        </label>
        <label className="grid gap-1 text-sm">
          <span className="font-medium">{t("toDate")}</span>
          <input name="to" type="date" defaultValue={filter.to ?? ""} className={field} />
        </label>
        <Button type="submit" variant="secondary">
          {t("filter")}
        </Button>
      </form>
      {filter.fulfilment === "to_fulfil" ? (
        <p className="text-sm text-muted-foreground" data-testid="to-fulfil-note">
          {ts("toFulfilNote")}{" "}
          <Link href="/admin/orders?fulfilment=all" className="font-medium text-foreground underline underline-offset-4">
            {ts("showAll")}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
