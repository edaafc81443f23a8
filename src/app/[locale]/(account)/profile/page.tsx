import type { Metadata } from "next";
import { headers } from "next/headers";
import { z } from "zod";
import { getFormatter, getTranslations, setRequestLocale } from "next-intl/server";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { loadProfilePage } from "@/features/orders/profile-queries";
import { OrderStateBadges } from "@/features/orders/components/order-status-badge";
import { requireUser } from "@/features/accounts/session";
import { SessionList } from "@/features/accounts/components/session-list";
import { AccountDetailsForm } from "@/features/accounts/components/account-details-form";
import { PasswordChangeForm } from "@/features/accounts/components/password-change-form";
import { listDevices } from "@/features/accounts/devices";
import { Pagination } from "@/features/admin/components/pagination";
import { BuyAgainButton } from "@/features/orders/components/buy-again-button";
import { TwoFactorSettings } from "@/features/accounts/components/two-factor-settings";
import { settings } from "@/server/env";
import { localizedPath, type Locale } from "@/i18n/routing";
import { formatMoney } from "@/lib/money";
import { getDb } from "@/server/db/client";
import { AddressBook } from "@/features/addresses/components/address-book";
import { shippingCountryOptions } from "@/features/addresses/countries";
import { listAddresses } from "@/features/addresses/service";
import { Link } from "@/i18n/navigation";
import { DataRightsCard } from "@/features/privacy/components/data-rights-card";
import { OrderSummaryView } from "@/features/orders/components/order-summary-view";
import { orderSummary } from "@/features/orders/order-summary";
import { OrderReturns } from "@/features/returns/components/order-returns";
import { listReturnsForUser } from "@/features/returns/service";
import { OrderTracking } from "@/features/tracking/components/order-tracking";
import { shipmentsByOrder } from "@/features/tracking/service";
import { InvoiceLinks } from "@/features/invoices/components/invoice-links";
import { documentLinks } from "@/features/invoices/queries";

type PageArgs = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: PageArgs): Promise<Metadata> {
  const { locale } = (await params) as { locale: Locale };
  const t = await getTranslations({ locale, namespace: "profile" });
  return { title: t("metaTitle"), robots: { index: false, follow: false } };
}

/** ?page=N of the order history; ?email=changed (and better-auth's ?error=…) after a change-of-address link. */
const querySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  email: z.literal("changed").optional().catch(undefined),
  error: z.string().max(64).optional().catch(undefined),
});

/**
 * docs/product.md#profile: the user's own orders first, a page at a time, then the account details, the address book,
 * security (two-factor sign-in, devices) and the data rights. Gated here, on the server.
 */
export default async function ProfilePage({ params, searchParams }: PageArgs) {
  const { locale } = (await params) as { locale: Locale };
  setRequestLocale(locale);
  const query = querySchema.parse(await searchParams);
  const current = await requireUser(locale, localizedPath("/profile", locale));
  const db = await getDb();
  const [t, ts, ta, tp, format, { profile, orders, page, pageCount }, addresses, returns, devices] = await Promise.all([
    getTranslations({ locale, namespace: "profile" }),
    getTranslations({ locale, namespace: "security" }),
    getTranslations({ locale, namespace: "addresses" }),
    getTranslations({ locale, namespace: "privacy" }),
    getFormatter({ locale }),
    loadProfilePage(db, current.id, query.page),
    listAddresses(db, current.id),
    listReturnsForUser(db, current.id),
    listDevices(db, await headers()),
  ]);
  // docs/product.md#tracking and #returns: each shipped order shows its parcel and its returns.
  const shipments = await shipmentsByOrder(db, orders.filter((o) => o.status === "shipped").map((o) => o.id));
  const now = new Date();
  // ADMIN_REQUIRE_2FA: a back-office account is sent here to enrol (docs/product.md#two-factor-sign-in).
  const twoFactorRequired = settings().ADMIN_REQUIRE_2FA && (current.isAdmin || current.isStaff);
  const docs = await documentLinks(db, orders.map((o) => o.id));

  const email = profile?.email ?? current.email;
  const emailNotice = query.email === "changed" ? (query.error ? t("details.emailLinkFailed") : t("details.emailChanged", { email })) : null;

  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="mb-8 text-3xl font-bold tracking-tight">{t("title")}</h1>
      <div className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle id="order-history-title">{t("orderHistory")}</CardTitle>
          </CardHeader>
          <CardContent>
            {orders.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("noOrders")}</p>
            ) : (
              // The whole order is drawn, never clipped: the list grows with the page and pages through the rest.
              <ul className="space-y-4" aria-labelledby="order-history-title" data-testid="order-history">
                {orders.map((order) => (
                  <li key={order.id} className="min-w-0 rounded-[var(--radius)] border p-4" data-testid="order">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <div>
                        <Link href={`/profile/orders/${order.id}`} className="font-semibold underline-offset-4 hover:underline" data-testid="order-link">
                          {t("orderNumber", { id: order.id })}
                        </Link>
                        <p className="text-xs text-muted-foreground">
                          <time dateTime={order.createdAt.toISOString()}>{format.dateTime(order.createdAt, { dateStyle: "medium", timeStyle: "short" })}</time>
                        </p>
                      </div>
                      <div className="flex flex-wrap items-center gap-3">
                        <OrderStateBadges states={order.states} status={order.status} locale={locale} />
                        <span className="font-semibold" data-testid="order-total">
                          {formatMoney(order.totalCents, order.currency, locale)}
                        </span>
                      </div>
                    </div>
                    {/* The total is in the order's header; below it the lines, what makes the total up and the address. */}
                    <OrderSummaryView
                      summary={orderSummary(order, order.lines, locale)}
                      locale={locale}
                      testIdPrefix="order"
                      testIds={{ shipping: "order-shipping-amount" }}
                      omit={["total"]}
                      className="mt-3 border-t pt-3"
                    />
                    {shipments.has(order.id) ? <OrderTracking shipment={shipments.get(order.id)!} locale={locale} /> : null}
                    <OrderReturns order={order} returns={returns.filter((r) => r.orderId === order.id)} locale={locale} now={now} />
                    <InvoiceLinks orderId={order.id} docs={docs.get(order.id)} locale={locale} />
                    <div className="mt-3">
                      <BuyAgainButton orderId={order.id} />
                    </div>
                  </li>
                ))}
              </ul>
            )}
            <Pagination locale={locale} pathname="/profile" page={page} pageCount={pageCount} query={{}} />
          </CardContent>
        </Card>

        <Card data-testid="account-details">
          <CardHeader>
            <CardTitle>{t("accountDetails")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-6">
            {emailNotice ? (
              <p role="status" className="rounded-[var(--radius)] border p-3 text-sm" data-testid="email-change-notice">
                {emailNotice}
              </p>
            ) : null}
            <AccountDetailsForm name={profile?.fullName ?? ""} email={email} />
            <div className="grid gap-3 border-t pt-6">
              <h3 className="font-semibold">{t("details.passwordTitle")}</h3>
              <PasswordChangeForm />
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{ta("title")}</CardTitle>
          </CardHeader>
          <CardContent>
            <AddressBook addresses={addresses} countries={await shippingCountryOptions(locale)} />
          </CardContent>
        </Card>

        <Card id="two-factor">
          <CardHeader>
            <CardTitle>{ts("twoFactor.title")}</CardTitle>
          </CardHeader>
          <CardContent>
            <TwoFactorSettings enabled={current.twoFactorEnabled} required={twoFactorRequired} sessionVerified={current.twoFactorSession} />
          </CardContent>
        </Card>

        <Card id="devices">
          <CardHeader>
            <CardTitle>{ts("sessions.title")}</CardTitle>
          </CardHeader>
          <CardContent>
            <SessionList devices={devices} />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{tp("title")}</CardTitle>
          </CardHeader>
          <CardContent>
            <DataRightsCard homePath={localizedPath("/", locale)} />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
