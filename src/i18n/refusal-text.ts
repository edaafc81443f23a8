import type { DomainError, ErrorParams } from "@/lib/domain-error";
import { formatMoney } from "@/lib/money";
import type { Locale } from "./routing";
import { formatMessage, type MessageParams } from "./server-translator";

/** Where an audience reads a family of refusals: src/messages/<locale>/<namespace>.json under `<group>.<code>` (or `<code>`). */
export type RefusalTexts = { namespace: string; group: string };

const dateFormats = new Map<Locale, Intl.DateTimeFormat>();

function longDate(locale: Locale, date: Date): string {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === "es" ? "es-ES" : "en-GB", { dateStyle: "long", timeZone: "UTC" });
    dateFormats.set(locale, format);
  }
  return format.format(date);
}

/** A refusal's parameters as its text shows them: dates long (UTC) and amounts in the reader's convention. */
function textParams(locale: Locale, params: ErrorParams): MessageParams {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      value instanceof Date ? longDate(locale, value) : typeof value === "object" ? formatMoney(value.cents, value.currency, locale) : value,
    ]),
  );
}

/**
 * A refusal (a domain's error, or a code an edge refuses with itself) in the reader's language. Edges alone call this —
 * server actions, route handlers, the commerce API (decision 0352); domains throw codes and never read texts.
 */
export function refusalText(locale: Locale, texts: RefusalTexts, refusal: { code: string; params?: DomainError["params"] }): string {
  const key = texts.group ? `${texts.group}.${refusal.code}` : refusal.code;
  return formatMessage(locale, texts.namespace, key, textParams(locale, refusal.params ?? {}));
}
