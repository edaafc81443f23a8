import compile from "icu-minify/compile";
import { messagesByLocale } from "./messages";
import type { Locale } from "./routing";

/*
 * Messages are handed to next-intl precompiled (icu-minify), and `use-intl/format-message` is aliased to its
 * format-only build (next.config.ts, vitest.config.ts): the browser then formats with a ~1 kB runtime instead of
 * intl-messageformat and its ICU parser (≈12 kB gzipped on every page). Every translator of the app must
 * therefore get its messages through here; a plain string stays a plain string.
 */

/** The same tree with every ICU string compiled; typed as the source so next-intl's message keys still check. */
export function compileMessages<T>(messages: T): T {
  const walk = (node: unknown): unknown => {
    // Through JSON as next-intl's own catalog loader does: icu-minify builds plural and select options on
    // null-prototype objects, which React refuses to pass from server to client components.
    if (typeof node === "string") return JSON.parse(JSON.stringify(compile(node)));
    if (node && typeof node === "object") return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value)]));
    return node;
  };
  return walk(messages) as T;
}

const compiled = new Map<Locale, (typeof messagesByLocale)[Locale]>();

/** The app's messages for a locale, compiled once per process. */
export function compiledMessages(locale: Locale) {
  let messages = compiled.get(locale);
  if (!messages) {
    messages = compileMessages(messagesByLocale[locale]);
    compiled.set(locale, messages);
  }
  return messages;
}
