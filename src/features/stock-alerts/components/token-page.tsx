import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { isLocale, type Locale } from "@/i18n/routing";
import { TokenActionCard } from "./token-action-card";

/** The pages an alert email links to (docs/product.md#stock-alerts): the link opens the page, the button changes things. */
export type TokenPageArgs = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const keys = {
  confirm: { title: "confirmTitle", text: "confirmText", button: "confirmButton", done: "confirmed", failed: "confirmFailed" },
  unsubscribe: { title: "unsubscribeTitle", text: "unsubscribeText", button: "unsubscribeButton", done: "unsubscribed", failed: "confirmFailed" },
} as const;

export async function tokenPageMetadata(kind: keyof typeof keys, { params }: TokenPageArgs): Promise<Metadata> {
  const { locale: raw } = await params;
  const t = await getTranslations({ locale: isLocale(raw) ? raw : "en", namespace: "fulfilment.stockAlerts" });
  return { title: t(keys[kind].title), robots: { index: false, follow: false } };
}

export async function TokenPage({ kind, args }: { kind: keyof typeof keys; args: TokenPageArgs }) {
  const { locale: raw } = await args.params;
  const locale: Locale = isLocale(raw) ? raw : "en";
  setRequestLocale(locale);
  const token = (await args.searchParams).token;
  const t = await getTranslations({ locale, namespace: "fulfilment.stockAlerts" });
  const k = keys[kind];
  return (
    <TokenActionCard
      kind={kind}
      token={typeof token === "string" ? token : ""}
      title={t(k.title)}
      text={t(k.text)}
      button={t(k.button)}
      done={t(k.done)}
      failed={t(k.failed)}
    />
  );
}
