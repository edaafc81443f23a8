import { getRequestConfig } from "next-intl/server";
import { hasLocale } from "next-intl";
import { routing } from "./routing";
import { compiledMessages } from "./compile-messages";
import { messageFallback } from "./fallback";
import { log } from "@/server/log";

/**
 * The zone dates are formatted in: the server's, as next-intl picks when none is given, but read once per process.
 * next-intl's own fallback builds an Intl.DateTimeFormat on every request to ask it (render cost).
 */
const serverTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  return {
    locale,
    messages: compiledMessages(locale),
    timeZone: serverTimeZone,
    getMessageFallback: messageFallback,
    onError(error) {
      // A missing message is shown as its key (docs/product.md#languages); other formatting errors are worth a log line.
      if (error.code !== "MISSING_MESSAGE") log.error("message formatting failed", { code: error.code, error: error.message });
    },
  };
});
