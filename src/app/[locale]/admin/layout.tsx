import type { Metadata } from "next";
import type { ReactNode } from "react";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { AllClientMessages } from "@/components/shell/all-client-messages";
import { AdminNav } from "@/features/admin/components/admin-nav";
import { requireAdmin } from "@/features/accounts/session";
import { isLocale, localizedPath } from "@/i18n/routing";
import { settings } from "@/server/env";

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : "en", namespace: "admin" });
  // The back-office is never indexed, whatever page of it a crawler reaches.
  return { title: t("metaTitle"), robots: { index: false, follow: false } };
}

/** Back-office frame: side menu and content. Each page checks the admin session itself as well. */
export default async function AdminLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale: raw } = await params;
  const locale = isLocale(raw) ? raw : "en";
  setRequestLocale(locale);
  const current = await requireAdmin(locale, localizedPath("/admin", locale), "staff");
  return (
    <AllClientMessages>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 md:grid-cols-[14rem_1fr]">
        <aside className="md:border-r md:pr-4">
          <AdminNav dropshippingUrl={settings().DROPSHIPPING_URL} isAdmin={current.isAdmin} />
        </aside>
        <div className="min-w-0">{children}</div>
      </div>
    </AllClientMessages>
  );
}
