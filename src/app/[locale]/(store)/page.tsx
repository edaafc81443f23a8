import { getTranslations, setRequestLocale } from "next-intl/server";
import type { Locale } from "@/i18n/routing";
import { settings } from "@/server/env";

export default async function HomePage({ params }: PageProps<"/[locale]">) {
  const { locale } = await params;
  setRequestLocale(locale as Locale);
  const t = await getTranslations("common.home");
  return <main className="p-8 text-2xl">{t("placeholder", { store: settings().STORE_NAME })}</main>;
}
