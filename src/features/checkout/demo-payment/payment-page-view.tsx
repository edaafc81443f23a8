import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { formatMoney } from "@/lib/money";
import type { Locale } from "@/i18n/routing";
import { shippingCountryOptions } from "@/features/addresses/countries";
import { OrderSummaryView } from "@/features/orders/components/order-summary-view";
import { DemoPaymentForm } from "./demo-payment-form";
import { PaymentShippingMethods } from "./payment-shipping-methods";
import type { DemoPaymentPage } from "./payment-page";

/**
 * The demo payment page (loaded by ./payment-page.ts): the order as the server priced it, the address form with its
 * Pay button and a Cancel button; or why there is nothing to pay. 'missing' never reaches here (the route answers 404).
 */
export async function DemoPaymentView({ page, sessionId, locale, store }: { page: Exclude<DemoPaymentPage, { kind: "missing" }>; sessionId: string; locale: Locale; store: string }) {
  const t = await getTranslations({ locale, namespace: "payment.page" });
  if (page.kind === "sign-in") {
    return (
      <PaymentShell store={store}>
        <h1 className="text-xl font-semibold">{page.expired ? t("linkExpiredTitle") : t("signInTitle")}</h1>
        <p className="mt-2 text-neutral-600">{page.expired ? t("linkExpiredText") : t("signInText")}</p>
      </PaymentShell>
    );
  }
  if (page.kind === "closed") {
    return (
      <PaymentShell store={store}>
        <h1 className="text-xl font-semibold">{page.paid ? t("paidTitle") : t("closedTitle")}</h1>
        <p className="mt-2 text-neutral-600">{page.paid ? t("paidText", { id: page.orderId }) : t("closedText", { id: page.orderId })}</p>
        <a className="mt-6 inline-block rounded-md bg-neutral-900 px-4 py-2 text-white" href={page.href}>
          {page.paid ? t("viewOrder") : t("backToStore")}
        </a>
      </PaymentShell>
    );
  }

  const expiresAt = page.reservedUntil
    ? new Intl.DateTimeFormat(locale === "es" ? "es-ES" : "en-US", { timeStyle: "short", timeZone: page.timeZone ?? undefined }).format(page.reservedUntil)
    : null;
  const cancelAction = `/api/payments/demo/${encodeURIComponent(sessionId)}/cancel${page.guestToken === undefined ? "" : `?token=${encodeURIComponent(page.guestToken)}`}`;
  return (
    <PaymentShell store={store}>
      <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">{t("demoNotice")}</p>
      <h1 className="mt-4 text-xl font-semibold">{t("orderNumber", { id: page.orderId })}</h1>
      {/* Subtotal, discounts, shipping, tax per rate and total: the order's amounts as checkout stored them. */}
      <OrderSummaryView summary={page.summary} locale={locale} testIdPrefix="payment" parts={["lines", "money"]} className="mt-4" />
      {page.pricesIncludeTax ? <p className="mt-1 text-xs text-neutral-500">{t("taxesIncluded")}</p> : null}
      {page.shipping ? (
        <PaymentShippingMethods
          sessionId={sessionId}
          guestToken={page.guestToken}
          country={page.shipping.country}
          methods={page.shipping.methods}
          methodId={page.shipping.methodId}
          currency={page.currency}
        />
      ) : null}
      {expiresAt ? <p className="mt-4 text-sm text-neutral-600">{t("expiresAt", { time: expiresAt })}</p> : null}
      <DemoPaymentForm
        sessionId={sessionId}
        payLabel={t("pay", { amount: formatMoney(page.totalCents, page.currency, locale) })}
        countries={await shippingCountryOptions(locale)}
        initialAddress={page.initialAddress}
        initialCountry={page.shipping?.country}
        initialExtras={page.initialExtras}
        savedAddresses={page.savedAddresses}
        guestToken={page.guestToken}
      />
      <form method="post" action={cancelAction} className="mt-3 text-center">
        <button type="submit" className="text-sm text-neutral-600 underline underline-offset-4 hover:text-neutral-900">
          {t("cancel")}
        </button>
      </form>
    </PaymentShell>
  );
}

function PaymentShell({ store, children }: { store: string; children: ReactNode }) {
  return (
    // The shop's layout already has the page's <main>.
    <div className="mx-auto flex min-h-screen max-w-lg flex-col justify-center px-4 py-10">
      <p className="mb-4 text-center text-lg font-semibold tracking-wide">{store}</p>
      <div className="rounded-xl border bg-white p-6 shadow-sm">{children}</div>
    </div>
  );
}
