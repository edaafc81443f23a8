"use client";

import format from "icu-minify/format";
import type { CompiledMessage } from "icu-minify/format";
import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { _Translator, AbstractIntlMessages, Locale, Messages, NamespaceKeys, NestedKeyOf } from "next-intl";
import { messageFallback } from "./fallback";

/*
 * The client components' translator (decision 0290): use-intl's provider and translator were ~3.4 kB gzipped of every
 * page's scripts, most of it for what this app never does in the browser (rich text, relative times,
 * lists, message parsing, per-call formats). Messages arrive precompiled (compile-messages.ts), so a lookup plus
 * icu-minify's format runtime — the one use-intl itself runs on them (next.config.ts's alias) — gives the same text.
 * Server components keep next-intl (`getTranslations`).
 */

export type IntlConfig = { locale: Locale; timeZone: string; messages: AbstractIntlMessages };

const IntlContext = createContext<IntlConfig | null>(null);

/** The messages, language and time zone of the client components inside; handed over by a server component. */
export function IntlProvider({ children, ...config }: IntlConfig & { children: ReactNode }) {
  const { locale, timeZone, messages } = config;
  const value = useMemo(() => ({ locale, timeZone, messages }), [locale, timeZone, messages]);
  return <IntlContext.Provider value={value}>{children}</IntlContext.Provider>;
}

/** The nearest provider's configuration (an island adds its messages to it: island-messages.tsx). */
export function useIntlConfig(): IntlConfig {
  const config = useContext(IntlContext);
  if (!config) throw new Error("useIntlConfig: no <IntlProvider> above this component");
  return config;
}

export const useLocale = (): Locale => useIntlConfig().locale;

/** Intl objects are costly to build; a message formats with the same few again and again. */
const intlCache = new Map<string, unknown>();
function cached<T>(kind: string, args: unknown[], make: () => T): T {
  const key = `${kind}:${JSON.stringify(args)}`;
  let made = intlCache.get(key) as T | undefined;
  if (made === undefined) intlCache.set(key, (made = make()));
  return made;
}
const formatters = {
  getNumberFormat: (...args: ConstructorParameters<typeof Intl.NumberFormat>) => cached("n", args, () => new Intl.NumberFormat(...args)),
  getDateTimeFormat: (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => cached("d", args, () => new Intl.DateTimeFormat(...args)),
  getPluralRules: (...args: ConstructorParameters<typeof Intl.PluralRules>) => cached("p", args, () => new Intl.PluralRules(...args)),
};

/** The values a client text takes: what icu-minify formats (no rich-text tags: the browser never asks for them). */
export type MessageValues = Record<string, string | number | boolean | Date>;

/** The message at a dotted path, or undefined when the path ends early or at a branch. */
function lookup(messages: AbstractIntlMessages, path: string): CompiledMessage | undefined {
  let node: unknown = messages;
  for (const part of path.split(".")) node = node && typeof node === "object" && !Array.isArray(node) ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === "string" || Array.isArray(node) ? (node as CompiledMessage) : undefined;
}

/**
 * One message formatted. A message that is missing reads as its key (messageFallback, docs/product.md#languages),
 * quietly as on the server (src/i18n/request.ts); one that does not format, or formats to more than text, reads as its
 * key too and is reported as an uncaught error (a bug: the server logs these), without breaking the render.
 */
export function translate(config: IntlConfig, namespace: string, key: string, values?: MessageValues): string {
  const path = `${namespace}.${key}`;
  const message = lookup(config.messages, path);
  if (message !== undefined) {
    let problem: string;
    try {
      const text = format(message, config.locale, values, { formatters, timeZone: config.timeZone });
      if (typeof text === "string") return text;
      problem = `the message ${path} did not resolve to a string`;
    } catch (error) {
      problem = `the message ${path} did not format: ${(error as Error).message}`;
    }
    globalThis.reportError?.(new Error(problem));
  }
  return messageFallback({ namespace, key });
}

type Namespace = NamespaceKeys<Messages, NestedKeyOf<Messages>>;
/** use-intl's typed call (keys and values checked against the English messages), without rich text, markup or raw. */
export type ClientTranslator<NS extends Namespace> = _Translator<Messages, NS> & { rich: never; markup: never; raw: never; has: never };

/** `t(key, values)` for the keys under `namespace`, as next-intl's `useTranslations(namespace)`. */
export function useTranslations<NS extends Namespace>(namespace: NS): ClientTranslator<NS> {
  const config = useIntlConfig();
  return useMemo(() => ((key: string, values?: MessageValues) => translate(config, namespace, key, values)) as unknown as ClientTranslator<NS>, [config, namespace]);
}

/** Dates in the page's language and time zone (next-intl's `useFormatter().dateTime`). */
export function useFormatter() {
  const { locale, timeZone } = useIntlConfig();
  return useMemo(
    () => ({ dateTime: (value: Date | number, options: Intl.DateTimeFormatOptions = {}) => formatters.getDateTimeFormat(locale, { timeZone, ...options }).format(value) }),
    [locale, timeZone],
  );
}
