import { describe, expect, it } from "vitest";
import { createTranslator } from "next-intl";
import { messageFallback } from "./fallback";
import { compiledMessages } from "./compile-messages";

/** Goes through next-intl's own translator, configured as src/i18n/request.ts configures it for every page. */
function translatorFor(locale: "en" | "es", namespace?: "layout" | "cart") {
  return createTranslator({
    locale,
    messages: compiledMessages(locale),
    namespace,
    getMessageFallback: messageFallback,
    onError: () => {},
  } as never) as unknown as (key: string) => string;
}

describe("translation lookups in the app (docs/product.md#languages)", () => {
  it("translate a known key in each language", () => {
    expect(translatorFor("en", "cart")("title")).toBe("Shopping Cart");
    expect(translatorFor("es", "cart")("title")).toBe("Carrito de compras");
  });

  it("format arguments and plurals of the precompiled messages", () => {
    const t = translatorFor("en", "layout") as unknown as (key: string, values?: Record<string, unknown>) => string;
    expect(t("cart.openWithCount", { count: 1 })).toBe("Open cart, 1 item");
    expect(t("cart.openWithCount", { count: 3 })).toBe("Open cart, 3 items");
    const es = translatorFor("es", "layout") as unknown as (key: string, values?: Record<string, unknown>) => string;
    expect(es("cart.openWithCount", { count: 2 })).toMatch(/2 artículos/);
  });

  it("fall back to the key itself when the text is missing", () => {
    expect(translatorFor("es", "cart")("doesNotExist")).toBe("cart.doesNotExist");
    expect(translatorFor("en")("layout.nav.nowhere")).toBe("layout.nav.nowhere");
  });
});
