import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { TokenActionPanel } from "@/features/newsletter/components/token-action-panel";
import { optOutOfRemindersAction } from "@/features/reminders/actions";
import { emailOfOptOutToken } from "@/features/reminders/opt-out-token";
import type { Locale } from "@/i18n/routing";

export const dynamic = "force-dynamic";

type PageArgs = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: PageArgs): Promise<Metadata> {
  const { locale } = (await params) as { locale: Locale };
  const t = await getTranslations({ locale, namespace: "reminders.optOutPage" });
  return { title: t("title"), robots: { index: false, follow: false } };
}

/** docs/product.md#checkout-reminder: the reminder's opt-out link; the button (not the link) records the choice. */
export default async function ReminderOptOutPage({ params, searchParams }: PageArgs) {
  const { locale } = (await params) as { locale: Locale };
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: "reminders.optOutPage" });
  const raw = (await searchParams).token;
  const token = typeof raw === "string" && emailOfOptOutToken(raw) ? raw : null;
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center">
      <h1 className="text-3xl font-bold tracking-tight">{token ? t("title") : t("invalidTitle")}</h1>
      <p className="mb-6 mt-3 text-muted-foreground">{token ? t("text") : t("invalidText")}</p>
      {token ? (
        <TokenActionPanel
          token={token}
          action={optOutOfRemindersAction}
          messages="reminders.optOutPage"
        />
      ) : null}
    </div>
  );
}
