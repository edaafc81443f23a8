import { getTranslations } from "next-intl/server";
import type { ShippingAddress } from "@/server/db/schema/auth";
import { OrderMoneyList } from "@/features/taxes/components/order-money-list";
import type { OrderMoneyFacts } from "@/features/taxes/money-rows";

type OrderMoney = OrderMoneyFacts & { shippingAddress: ShippingAddress | null };

/** The address as lines, the way a parcel label reads (empty parts left out). */
export function addressLines(a: ShippingAddress, locale: string): string[] {
  const country = new Intl.DisplayNames([locale === "es" ? "es-ES" : "en-US"], { type: "region" }).of(a.country) ?? a.country;
  return [`${a.firstName} ${a.lastName}`, a.address, [a.zipCode, a.city].filter(Boolean).join(" ") + (a.state ? `, ${a.state}` : ""), country, a.phone].filter(
    (line) => line.trim() !== "",
  );
}

/**
 * An order's money and shipping snapshot: subtotal, discounts, shipping (or 'Free shipping'), tax per rate and the
 * address it goes to. Server component,
 * shared by the profile's order history and the admin order detail.
 */
export async function OrderShippingDetails({ order, locale }: { order: OrderMoney; locale: string }) {
  const t = await getTranslations({ locale: locale === "es" ? "es" : "en", namespace: "shipping" });
  return (
    <div className="mt-3 grid gap-3 border-t pt-3 text-sm sm:grid-cols-2" data-testid="order-shipping">
      {/* The total is in the order's header; here the lines that make it up, discounts and tax per rate included. */}
      <OrderMoneyList order={order} locale={locale} testIdPrefix="order" testIds={{ shipping: "order-shipping-amount" }} omit={["total"]} />
      {order.shippingAddress ? (
        <address className="not-italic sm:order-first" data-testid="order-address">
          <span className="font-medium">{t("shipTo")}</span>
          {addressLines(order.shippingAddress, locale).map((line, i) => (
            <span key={i} className="block text-muted-foreground">
              {line}
            </span>
          ))}
        </address>
      ) : null}
    </div>
  );
}
