import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { hasLocale } from "next-intl";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { routing, localizedPath } from "@/i18n/routing";
import { getDb } from "@/server/db/client";
import { settings } from "@/server/env";
import { currentPayer } from "@/features/checkout/demo-payment/payment-user";
import { checkOrderLinkToken } from "@/server/order-link-token";
import { addressToOffer, getDemoSessionForUser } from "@/features/checkout/demo-payment/demo-payment";
import { paymentSessionUrls } from "@/features/orders/payment-sessions";
import { listAddresses } from "@/features/addresses/service";
import { shippingCountryOptions } from "@/features/addresses/countries";
import { DemoPaymentForm } from "@/features/checkout/demo-payment/demo-payment-form";
import { formatMoney } from "@/lib/money";
import { orderMoneyRows } from "@/features/taxes/money-rows";

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: { params: Promise<{ locale: string; sessionId: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: hasLocale(routing.locales, locale) ? locale : "en", namespace: "payment.page" });
  return { title: t("title"), robots: { index: false, follow: false } };
}

/**
 * The demo provider's hosted checkout page: the order as the server priced it, a Pay button and a Cancel button.
 * Only the signed-in owner of the order sees it, or for a guest's order the holder of its link (?token=,
 * docs/product.md#guest-checkout); anyone else gets the 404 page, as for an unknown session.
 */
export default async function DemoPaymentPage({ params, searchParams }: { params: Promise<{ locale: string; sessionId: string }>; searchParams: Promise<{ token?: string | string[] }> }) {
  const { locale: rawLocale, sessionId } = await params;
  const rawToken = (await searchParams).token;
  const token = typeof rawToken === "string" ? rawToken : undefined;
  if (!hasLocale(routing.locales, rawLocale)) notFound();
  const locale = rawLocale;
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: "payment.page" });
  const store = settings().STORE_NAME;

  const payer = await currentPayer(await headers(), token);
  if (!payer) {
    // A guest's link that ran out says so rather than asking for an account they may not have.
    const expired = checkOrderLinkToken(token).kind === "expired";
    return (
      <PaymentShell store={store}>
        <h1 className="text-xl font-semibold">{expired ? t("linkExpiredTitle") : t("signInTitle")}</h1>
        <p className="mt-2 text-neutral-600">{expired ? t("linkExpiredText") : t("signInText")}</p>
      </PaymentShell>
    );
  }
  const db = await getDb();
  const session = await getDemoSessionForUser(db, sessionId, payer);
  const userId = "userId" in payer ? payer.userId : null;
  if (!session) notFound();
  const { order, lines } = session;
  const money = (cents: number) => formatMoney(cents, order.currency, locale);
  const storePath = localizedPath("/store", locale);

  if (order.status !== "pending") {
    const paid = order.status !== "cancelled";
    const urls = paid ? await paymentSessionUrls(db, "demo", sessionId) : null;
    return (
      <PaymentShell store={store}>
        <h1 className="text-xl font-semibold">{paid ? t("paidTitle") : t("closedTitle")}</h1>
        <p className="mt-2 text-neutral-600">{paid ? t("paidText", { id: order.id }) : t("closedText", { id: order.id })}</p>
        <a className="mt-6 inline-block rounded-md bg-neutral-900 px-4 py-2 text-white" href={paid ? (urls?.successUrl ?? localizedPath(`/success?order_id=${order.id}`, locale)) : storePath}>
          {paid ? t("viewOrder") : t("backToStore")}
        </a>
      </PaymentShell>
    );
  }

  const expiresAt = order.reservedUntil
    ? new Intl.DateTimeFormat(locale === "es" ? "es-ES" : "en-US", { timeStyle: "short", timeZone: order.timeZone ?? undefined }).format(order.reservedUntil)
    : null;
  const action = (what: "cancel") => `/api/payments/demo/${encodeURIComponent(sessionId)}/${what}${userId ? "" : `?token=${encodeURIComponent(token ?? "")}`}`;

  return (
    <PaymentShell store={store}>
      <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">{t("demoNotice")}</p>
      <h1 className="mt-4 text-xl font-semibold">{t("orderNumber", { id: order.id })}</h1>
      <table className="mt-4 w-full text-sm">
        <thead>
          <tr className="border-b text-left text-neutral-500">
            <th className="py-2 font-normal">{t("item")}</th>
            <th className="py-2 text-right font-normal">{t("quantity")}</th>
            <th className="py-2 text-right font-normal">{t("price")}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id} className="border-b">
              <td className="py-2">
                {line.productTitle}
                {line.variantTitle ? <span className="text-neutral-500"> ({line.variantTitle})</span> : null}
              </td>
              <td className="py-2 text-right">{line.quantity}</td>
              <td className="py-2 text-right">{money((line.salePriceCents ?? line.unitPriceCents) * line.quantity)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {/* Subtotal, discounts, shipping, tax per rate and total: the order's amounts as checkout stored them. */}
          {orderMoneyRows(order, locale).map((row) => (
            <tr key={row.key} className={row.kind === "total" ? "text-base font-semibold" : row.kind === "tax" ? "text-xs text-neutral-500" : ""}>
              <td className={row.kind === "subtotal" ? "pt-3" : row.kind === "total" ? "pt-2" : ""} colSpan={2}>
                {row.label}
              </td>
              <td className={`text-right ${row.kind === "subtotal" ? "pt-3" : row.kind === "total" ? "pt-2" : ""}`} data-testid={`payment-${row.key}`}>
                {row.value}
              </td>
            </tr>
          ))}
        </tfoot>
      </table>
      {order.pricesIncludeTax ? <p className="mt-1 text-xs text-neutral-500">{t("taxesIncluded")}</p> : null}
      {expiresAt ? <p className="mt-4 text-sm text-neutral-600">{t("expiresAt", { time: expiresAt })}</p> : null}
      <DemoPaymentForm
        sessionId={sessionId}
        payLabel={t("pay", { amount: money(order.totalCents) })}
        countries={shippingCountryOptions(locale)}
        initialAddress={await addressToOffer(db, userId, order)}
        savedAddresses={userId ? await listAddresses(db, userId) : []}
        guestToken={userId ? undefined : token}
      />
      <form method="post" action={action("cancel")} className="mt-3 text-center">
        <button type="submit" className="text-sm text-neutral-600 underline underline-offset-4 hover:text-neutral-900">
          {t("cancel")}
        </button>
      </form>
    </PaymentShell>
  );
}

function PaymentShell({ store, children }: { store: string; children: React.ReactNode }) {
  return (
    // The shop's layout already has the page's <main>.
    <div className="mx-auto flex min-h-screen max-w-lg flex-col justify-center px-4 py-10">
      <p className="mb-4 text-center text-lg font-semibold tracking-wide">{store}</p>
      <div className="rounded-xl border bg-white p-6 shadow-sm">{children}</div>
    </div>
  );
}
