import { renderToStaticMarkup } from "react-dom/server";
import { createTranslator } from "next-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import { IntlProvider, translate, useFormatter, useLocale, useTranslations, type IntlConfig } from "./client";
import { compiledMessages } from "./compile-messages";
import { messageFallback } from "./fallback";
import { messagesByLocale } from "./messages";
import { routing, type Locale } from "./routing";

const timeZone = "Europe/Madrid";

/** Every message of a catalog as [dotted path, ICU source]. */
function leaves(node: unknown, prefix = ""): [string, string][] {
  if (typeof node === "string") return [[prefix, node]];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
}

/** next-intl's own translator as the browser had it before decision 0290: default fallback, precompiled messages. */
function nextIntl(locale: Locale) {
  return createTranslator({ locale, timeZone, messages: compiledMessages(locale), getMessageFallback: messageFallback, onError: () => {} } as never) as unknown as (
    key: string,
    values?: Record<string, unknown>,
  ) => string;
}

afterEach(() => vi.unstubAllGlobals());

describe("the client translator (decision 0290)", () => {
  it("gives next-intl's text for every message of both languages, with numbers, plurals and dates filled", () => {
    for (const locale of routing.locales) {
      const config: IntlConfig = { locale, timeZone, messages: compiledMessages(locale) };
      const theirs = nextIntl(locale);
      const checked = leaves(messagesByLocale[locale]).map(([path, source]) => {
        const namespace = path.slice(0, path.lastIndexOf("."));
        const key = path.slice(path.lastIndexOf(".") + 1);
        // Every argument the message names, as a number (a plural count, an amount, a date's epoch or a select's "other").
        const values = Object.fromEntries([...source.matchAll(/\{\s*(\w+)/g)].map(([, name]) => [name, 2]));
        const ours = translate(config, namespace, key, values);
        expect(ours, `${locale} ${path}`).toBe(theirs(path, values));
        return ours === path ? null : ours;
      });
      // Texts, not keys: the comparison is between two formatters, not two fallbacks.
      expect(checked.filter((text) => text !== null).length).toBeGreaterThan(500);
      expect(checked.filter((text) => text === null)).toEqual([]);
    }
  });

  it("reads a missing message or a branch as its key, quietly, and a message that does not format as its key, reported", () => {
    const reported = vi.fn();
    vi.stubGlobal("reportError", reported);
    const config: IntlConfig = { locale: "es", timeZone, messages: compiledMessages("es") };
    expect(translate(config, "cart", "doesNotExist")).toBe("cart.doesNotExist");
    expect(translate(config, "layout", "nav")).toBe("layout.nav");
    expect(translate(config, "nowhere", "title")).toBe("nowhere.title");
    expect(reported).not.toHaveBeenCalled();
    // A tag (<b>…</b>, compiled) given a text instead of its function.
    const tagged: IntlConfig = { ...config, messages: { x: { bold: ["a ", ["b", "c"]] } } as never };
    expect(translate(tagged, "x", "bold", { b: "no tag function" })).toBe("x.bold");
    expect(reported).toHaveBeenCalledTimes(1);
    expect(String(reported.mock.calls[0][0])).toMatch(/x\.bold did not format/);
  });

  it("gives client components the provider's language, texts and dates", () => {
    function Probe() {
      const t = useTranslations("layout");
      const format = useFormatter();
      return `${useLocale()}|${t("cart.openWithCount", { count: 2 })}|${format.dateTime(Date.UTC(2026, 0, 1, 23, 30), { dateStyle: "medium", timeStyle: "short" })}`;
    }
    const html = renderToStaticMarkup(
      <IntlProvider locale="es" timeZone="Europe/Madrid" messages={compiledMessages("es")}>
        <Probe />
      </IntlProvider>,
    );
    const expected = new Intl.DateTimeFormat("es", { timeZone: "Europe/Madrid", dateStyle: "medium", timeStyle: "short" }).format(Date.UTC(2026, 0, 1, 23, 30));
    expect(html).toBe(`es|${nextIntl("es")("layout.cart.openWithCount", { count: 2 })}|${expected}`);
    expect(html).toContain("2 artículos");
    expect(html).toContain("0:30");
  });
});
