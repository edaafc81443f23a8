import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { ResetPasswordForm } from "@/features/accounts/components/reset-password-form";
import type { Locale } from "@/i18n/routing";

type PageArgs = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: PageArgs): Promise<Metadata> {
  const { locale } = (await params) as { locale: Locale };
  const t = await getTranslations({ locale, namespace: "auth.reset" });
  return { title: t("metaTitle"), robots: { index: false, follow: false } };
}

/** Where the emailed reset link lands (better-auth appends ?token=… or ?error=INVALID_TOKEN). */
export default async function ResetPasswordPage({ params, searchParams }: PageArgs) {
  const { locale } = (await params) as { locale: Locale };
  setRequestLocale(locale);
  const query = await searchParams;
  const token = typeof query.token === "string" && /^[A-Za-z0-9_-]{8,200}$/.test(query.token) ? query.token : null;
  const t = await getTranslations({ locale, namespace: "auth.reset" });
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="mb-2 text-2xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mb-6 text-sm text-muted-foreground">{t("description")}</p>
      <ResetPasswordForm token={query.error ? null : token} />
    </div>
  );
}
