import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { hasLocale } from "next-intl";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { AppProviders } from "@/components/shell/app-providers";
import { SiteFooter } from "@/components/shell/site-footer";
import { SiteHeader } from "@/components/shell/site-header";
import { publicClientMessages } from "@/i18n/client-messages";
import { ServerIntlProvider } from "@/i18n/server-provider";
import { routing } from "@/i18n/routing";
import { CheckoutClientSetup } from "@/features/checkout/components/checkout-client-setup";
import { shopSettings } from "@/features/settings/queries";
import { readPageLinks } from "@/features/content/page-links";
import { currentShopBaseUrl } from "@/server/http/request-origin";
import "../globals.css";
import "@/components/shell/layout.css";

export async function generateMetadata({ params }: LayoutProps<"/[locale]">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: hasLocale(routing.locales, locale) ? locale : "en", namespace: "common.metadata" });
  const store = (await shopSettings()).store.name;
  return {
    title: { default: store, template: `%s - ${store}` },
    description: t("description"),
    metadataBase: new URL(await currentShopBaseUrl()),
  };
}

export default async function LocaleLayout({ children, params }: LayoutProps<"/[locale]">) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  // Every page reads the database at request time (footer, content, catalog), never at build time.
  await connection();
  setRequestLocale(locale);
  const [t, pageLinks, { store }] = await Promise.all([getTranslations({ locale, namespace: "layout" }), readPageLinks(locale), shopSettings()]);
  return (
    <html lang={locale}>
      <body className="flex min-h-screen flex-col antialiased">
        {/* Only what the storefront's client components read goes to the browser (admin and profile add the rest). */}
        <ServerIntlProvider select={publicClientMessages}>
          <AppProviders>
            <a
              href="#main-content"
              className="sr-only z-50 rounded-md bg-background px-4 py-2 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
            >
              {t("skipToContent")}
            </a>
            <SiteHeader brand={store.name} logoUrl={store.logoUrl} pages={pageLinks.header} />
            <main id="main-content" className="flex-1" tabIndex={-1}>
              {children}
            </main>
            <SiteFooter brand={store.name} email={store.email} locale={locale} pageLinks={pageLinks.footer} />
            <CheckoutClientSetup />
          </AppProviders>
        </ServerIntlProvider>
      </body>
    </html>
  );
}
