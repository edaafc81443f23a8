import { getTranslations, setRequestLocale } from "next-intl/server";
import { requireAdmin } from "@/features/accounts/session";
import type { Locale } from "@/i18n/routing";

// Placeholder until the back-office lands: the gate is the point (visitors sign in first, customers go to /).
type PageArgs = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function AdminPage({ params }: PageArgs) {
  const { locale } = (await params) as { locale: Locale };
  setRequestLocale(locale);
  await requireAdmin(locale);
  const t = await getTranslations({ locale, namespace: "profile" });
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">{t("adminTitle")}</h1>
    </div>
  );
}
