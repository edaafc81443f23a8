import format, { type CompiledMessage } from "icu-minify/format";
import { log } from "@/server/log";
import { compiledMessages } from "./compile-messages";
import { messageFallback } from "./fallback";
import type { Locale } from "./routing";

export type MessageParams = Record<string, string | number>;

/*
 * Why not next-intl's createTranslator here: its formatter is chosen by the bundler (next.config.ts and
 * vitest.config.mts alias `use-intl/format-message` to the format-only build). Code run by plain Node — the scripts
 * (`tsx scripts/…`: start-up preflight, seed, admin tools) reach these texts too — got use-intl's default formatter
 * instead, which refuses every precompiled message with an argument: the mail went out with the key as its subject and
 * "INVALID_MESSAGE" in the log. icu-minify's `format` is the very runtime the format-only build wraps, imported
 * directly, so the text is the same wherever it is filled (src/i18n/server-translator.test.ts compares them).
 */
const intl = (() => {
  const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>();
  const memo = <T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>(kind: string, make: () => T, locale: unknown, options: unknown) => {
    const id = `${kind}|${JSON.stringify([locale, options ?? null])}`;
    let made = cache.get(id) as T | undefined;
    if (!made) {
      made = make();
      cache.set(id, made);
    }
    return made;
  };
  return {
    getNumberFormat: (...args: ConstructorParameters<typeof Intl.NumberFormat>) => memo("n", () => new Intl.NumberFormat(...args), args[0], args[1]),
    getDateTimeFormat: (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => memo("d", () => new Intl.DateTimeFormat(...args), args[0], args[1]),
    getPluralRules: (...args: ConstructorParameters<typeof Intl.PluralRules>) => memo("p", () => new Intl.PluralRules(...args), args[0], args[1]),
  };
})();

/** The compiled message at `namespace.key`, or undefined when there is none (a namespace is not a message). */
function compiledMessage(locale: Locale, path: string): CompiledMessage | undefined {
  let node: unknown = compiledMessages(locale);
  for (const part of path.split(".")) {
    if (!node || typeof node !== "object" || Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" || Array.isArray(node) ? (node as CompiledMessage) : undefined;
}

/**
 * One message of src/messages/ filled outside React (emails, the errors server actions and the API answer) with the
 * formatter the pages use, over the same precompiled messages, so a text reads the same wherever it is shown. A plain
 * `{param}` prints as written: order ids and quantities read "#1234", not "#1,234"; a plural gets its number. A missing
 * message reads as its key (docs/product.md#languages); one that cannot be filled too, with a log line.
 */
export function formatMessage(locale: Locale, namespace: string, key: string, params: MessageParams = {}): string {
  const message = compiledMessage(locale, `${namespace}.${key}`);
  if (message === undefined) return messageFallback({ namespace, key });
  try {
    const filled = format(message, locale, params, { formatters: intl });
    if (typeof filled === "string") return filled;
    log.error("message formatting failed", { code: "INVALID_MESSAGE", key: `${namespace}.${key}`, error: "not plain text (rich text has no place here)" });
  } catch (error) {
    log.error("message formatting failed", { code: "FORMATTING_ERROR", key: `${namespace}.${key}`, error: (error as Error).message });
  }
  return messageFallback({ namespace, key });
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
