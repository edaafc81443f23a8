import type { Metadata } from "next";
import type { ReactNode } from "react";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { AllClientMessages } from "@/components/shell/all-client-messages";
import { AdminMenu } from "@/features/admin/components/admin-menu";
import { requireAdmin } from "@/features/accounts/session";
import { isLocale, localizedPath } from "@/i18n/routing";
import { settings } from "@/server/env";

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : "en", namespace: "admin" });
  // The back-office is never indexed, whatever page of it a crawler reaches.
  return { title: t("metaTitle"), robots: { index: false, follow: false } };
}

/** Back-office frame: side menu (a Menu button below 1024 px) and content. Each page checks the admin session itself as well. */
export default async function AdminLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale: raw } = await params;
  const locale = isLocale(raw) ? raw : "en";
  setRequestLocale(locale);
  const current = await requireAdmin(locale, localizedPath("/admin", locale), "staff");
  return (
    <AllClientMessages>
      <div className="mx-auto grid max-w-7xl gap-4 px-4 py-4 lg:grid-cols-[14rem_1fr] lg:gap-8 lg:py-8">
        <AdminMenu dropshippingUrl={settings().DROPSHIPPING_URL} isAdmin={current.isAdmin} />
        <div className="min-w-0">{children}</div>
      </div>
    </AllClientMessages>
  );
}
