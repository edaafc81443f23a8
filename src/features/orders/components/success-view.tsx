import type { ReactNode } from "react";
import { CheckCircle2 } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { Link } from "@/i18n/navigation";
import type { Locale } from "@/i18n/routing";
import { InvoiceLinks } from "@/features/invoices/components/invoice-links";
import { orderSummary } from "../order-summary";
import type { loadSuccessOrder } from "../success-order";
import { OrderSummaryView } from "./order-summary-view";
import { GuestAccountForm } from "./guest-account-form";
import { KeepOrderAddress } from "./keep-order-address";

/**
 * The payment success page (docs/product.md#success-page). The order number is shown only to the order's owner; a
 * payment not confirmed yet (a webhook still on its way) is labelled as awaiting confirmation instead of being called
 * paid.
 */
export async function SuccessView({ found, locale, paymentNote, title }: { found: Awaited<ReturnType<typeof loadSuccessOrder>>; locale: Locale; paymentNote?: ReactNode; title?: string }) {
  const t = await getTranslations({ locale, namespace: "success" });
  const order = found?.order;
  const guestLink = found?.guestLink;
  const pickup = order?.shippingMethod?.kind === "pickup" ? order.shippingMethod : null;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <CheckCircle2 className="size-16 text-green-600" aria-hidden />
      <h1 className="mt-6 text-3xl font-bold tracking-tight">{title ?? t("title")}</h1>
      {order ? (
        <p className="mt-3 font-semibold" data-testid="success-order-number">
          {t("orderNumber", { id: order.id })}
        </p>
      ) : null}
      {/* How to pay an order paid outside a provider (a transfer) replaces "awaiting confirmation". */}
      {paymentNote}
      {order?.status === "pending" && !paymentNote ? (
        <p className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status" data-testid="success-pending">
          {t("pending")}
        </p>
      ) : null}
      {order?.status === "cancelled" ? (
        <p className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-900" role="status">
          {t("cancelled")}
        </p>
      ) : null}
      {found ? (
        <div className="mt-6 w-full max-w-sm text-left text-sm">
          <h2 className="mb-2 text-base font-semibold">{t("items")}</h2>
          {/* The lines, the money and where it goes (a pickup order: the pickup point), as the order pages show them. */}
          <OrderSummaryView summary={orderSummary(found.order, found.order.lines, locale)} locale={locale} testIdPrefix="success" />
          {pickup ? (
            <p className="mt-3" data-testid="success-pickup">
              <span className="font-medium">{t("pickupAt")}</span>
              <span className="block text-muted-foreground">{locale === "es" ? pickup.nameEs : pickup.nameEn}</span>
              <span className="block text-muted-foreground">{pickup.pickupAddress}</span>
            </p>
          ) : null}
          <InvoiceLinks orderId={found.order.id} docs={found.docs} locale={locale} token={found.token ?? undefined} />
        </div>
      ) : null}
      {order && found?.keepAddress ? <KeepOrderAddress orderId={order.id} /> : null}
      {guestLink ? (
        <div className="mt-6 w-full max-w-sm rounded-md border p-3 text-left text-sm" data-testid="success-guest-link">
          <a href={guestLink} className="font-semibold underline underline-offset-4">
            {t("guestLink")}
          </a>
          <p className="mt-1 text-muted-foreground">{t("guestLinkNote")}</p>
        </div>
      ) : null}
      {guestLink && found?.token && order ? (
        <GuestAccountForm
          orderId={order.id}
          token={found.token}
          email={order.email}
          initialName={order.shippingAddress ? `${order.shippingAddress.firstName} ${order.shippingAddress.lastName}`.trim() : ""}
        />
      ) : null}
      <p className="mt-4 text-muted-foreground">{t("thanks")}</p>
      <p className="mt-2 text-muted-foreground">{t("emailNote")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild size="lg">
          <Link href="/store">{t("continueShopping")}</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link href="/">{t("backHome")}</Link>
        </Button>
      </div>
    </div>
  );
}
