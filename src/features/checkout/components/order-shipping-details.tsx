import { getTranslations } from "next-intl/server";
import { formatMoney } from "@/lib/money";
import type { ShippingAddress } from "@/server/db/schema/auth";

type OrderMoney = { currency: string; subtotalCents: number; shippingCents: number; totalCents: number; shippingAddress: ShippingAddress | null };

/** The address as lines, the way a parcel label reads (empty parts left out). */
export function addressLines(a: ShippingAddress, locale: string): string[] {
  const country = new Intl.DisplayNames([locale === "es" ? "es-ES" : "en-US"], { type: "region" }).of(a.country) ?? a.country;
  return [`${a.firstName} ${a.lastName}`, a.address, [a.zipCode, a.city].filter(Boolean).join(" ") + (a.state ? `, ${a.state}` : ""), country, a.phone].filter(
    (line) => line.trim() !== "",
  );
}

/**
 * An order's shipping snapshot: subtotal, shipping (or 'Free shipping') and the address it goes to. Server component,
 * shared by the profile's order history and the admin order detail.
 */
export async function OrderShippingDetails({ order, locale }: { order: OrderMoney; locale: string }) {
  const t = await getTranslations({ locale: locale === "es" ? "es" : "en", namespace: "shipping" });
  const money = (cents: number) => formatMoney(cents, order.currency, locale);
  return (
    <div className="mt-3 grid gap-3 border-t pt-3 text-sm sm:grid-cols-2" data-testid="order-shipping">
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        <dt className="text-muted-foreground">{t("subtotal")}</dt>
        <dd className="text-right tabular-nums" data-testid="order-subtotal">
          {money(order.subtotalCents)}
        </dd>
        <dt className="text-muted-foreground">{t("shipping")}</dt>
        <dd className="text-right tabular-nums" data-testid="order-shipping-amount">
          {order.shippingCents === 0 ? t("freeShipping") : money(order.shippingCents)}
        </dd>
      </dl>
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
