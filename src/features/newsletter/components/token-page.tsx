import { getTranslations } from "next-intl/server";
import type { Locale } from "@/i18n/routing";
import { getDb } from "@/server/db/client";
import { confirmNewsletterAction, unsubscribeNewsletterAction } from "../actions";
import { subscriberByToken } from "../service";
import { TokenActionPanel } from "./token-action-panel";

/** /newsletter/confirm and /newsletter/unsubscribe (docs/product.md#newsletter): what the link is for, and one button. */
export async function NewsletterTokenPage({ locale, kind, token }: { locale: Locale; kind: "confirm" | "unsubscribe"; token: string | undefined }) {
  const t = await getTranslations({ locale, namespace: "newsletter" });
  const page = kind === "confirm" ? "confirmPage" : "unsubscribePage";
  const subscriber = token ? await subscriberByToken(await getDb(), token) : null;
  const usable = subscriber && (kind === "unsubscribe" || subscriber.status !== "unsubscribed");
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center">
      <h1 className="text-3xl font-bold tracking-tight">{usable ? t(`${page}.title`) : t(`${page}.invalidTitle`)}</h1>
      {usable ? (
        <>
          <p className="mb-6 mt-3 text-muted-foreground">{t(`${page}.text`)}</p>
          <TokenActionPanel
            token={token!}
            action={kind === "confirm" ? confirmNewsletterAction : unsubscribeNewsletterAction}
            messages={`newsletter.${page}`}
          />
        </>
      ) : (
        <p className="mt-3 text-muted-foreground">{t(`${page}.invalidText`)}</p>
      )}
    </div>
  );
}
