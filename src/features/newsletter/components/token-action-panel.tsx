import type { ComponentProps } from "react";
import { getLocale, getMessages, getTimeZone } from "next-intl/server";
import { IntlProvider } from "@/i18n/client";
import { pickMessages } from "@/i18n/client-messages";
import { TokenAction } from "./token-action";

/**
 * The token pages' button (newsletter confirm/unsubscribe, reminder opt-out) with its own texts: public pages send
 * the browser only the storefront's messages (src/i18n/client-messages.ts), and these pages are the only readers of
 * theirs, so they hand them over here rather than to every page.
 */
export async function TokenActionPanel(props: ComponentProps<typeof TokenAction>) {
  const messages = pickMessages(await getMessages(), [props.messages]);
  return (
    <IntlProvider locale={await getLocale()} timeZone={await getTimeZone()} messages={messages}>
      <TokenAction {...props} />
    </IntlProvider>
  );
}
