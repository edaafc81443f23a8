import { createTranslator } from "next-intl";
import { log } from "@/server/log";
import { compiledMessages } from "./compile-messages";
import { messageFallback } from "./fallback";
import type { Locale } from "./routing";

export type MessageParams = Record<string, string | number>;

const translators = new Map<Locale, ReturnType<typeof translatorFor>>();

function translatorFor(locale: Locale) {
  return createTranslator({
    locale,
    messages: compiledMessages(locale),
    getMessageFallback: messageFallback,
    onError(error) {
      // A missing message reads as its key (docs/product.md#languages); anything else is a bug worth a log line.
      if (error.code !== "MISSING_MESSAGE") log.error("message formatting failed", { code: error.code, error: error.message });
    },
  });
}

/**
 * One message of src/messages/ filled outside React (emails, the errors server actions and the API answer) by
 * next-intl's own formatter over the same precompiled messages the pages use, so a text reads the same wherever it is
 * shown. Params go in as text: order ids and quantities print as written ("#1234", not "#1,234"), as they always have.
 */
export function formatMessage(locale: Locale, namespace: string, key: string, params: MessageParams = {}): string {
  let t = translators.get(locale);
  if (!t) {
    t = translatorFor(locale);
    translators.set(locale, t);
  }
  const text = Object.fromEntries(Object.entries(params).map(([name, value]) => [name, String(value)]));
  return t(`${namespace}.${key}` as never, text as never);
}

/** `formatMessage` bound to one language and namespace: `t(key, params)`, as next-intl's `getTranslations` reads. */
export function serverTranslator(locale: Locale, namespace: string) {
  return (key: string, params: MessageParams = {}) => formatMessage(locale, namespace, key, params);
}

/** A notice email's texts kept under one message key (`<key>.subject`, `.heading`, `.body`), filled alike. */
export function formatNotice(locale: Locale, namespace: string, key: string, params: MessageParams = {}) {
  const text = (part: string) => formatMessage(locale, namespace, `${key}.${part}`, params);
  return { subject: text("subject"), heading: text("heading"), paragraphs: [text("body")] };
}
