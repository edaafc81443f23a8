import type { ComponentProps } from "react";
import { ServerIntlProvider } from "@/i18n/server-provider";
import { pickMessages } from "@/i18n/client-messages";
import { TokenAction } from "./token-action";

/**
 * The token pages' button (newsletter confirm/unsubscribe, reminder opt-out) with its own texts: public pages send
 * the browser only the storefront's messages (src/i18n/client-messages.ts), and these pages are the only readers of
 * theirs, so they hand them over here rather than to every page.
 */
export function TokenActionPanel(props: ComponentProps<typeof TokenAction>) {
  return (
    <ServerIntlProvider select={(messages) => pickMessages(messages, [props.messages])}>
      <TokenAction {...props} />
    </ServerIntlProvider>
  );
}
