import { describe, expect, it } from "vitest";
import { createTranslator } from "next-intl";
import { messageFallback } from "./fallback";
import { messagesByLocale } from "./messages";

/** Goes through next-intl's own translator, configured as src/i18n/request.ts configures it for every page. */
function translatorFor(locale: "en" | "es", namespace?: "layout" | "cart") {
  return createTranslator({
    locale,
    messages: messagesByLocale[locale],
    namespace,
    getMessageFallback: messageFallback,
    onError: () => {},
  } as never) as unknown as (key: string) => string;
}

describe("translation lookups in the app (SPEC §1)", () => {
  it("translate a known key in each language", () => {
    expect(translatorFor("en", "cart")("title")).toBe("Shopping Cart");
    expect(translatorFor("es", "cart")("title")).toBe("Carrito de compras");
  });

  it("fall back to the key itself when the text is missing", () => {
    expect(translatorFor("es", "cart")("doesNotExist")).toBe("cart.doesNotExist");
    expect(translatorFor("en")("layout.nav.nowhere")).toBe("layout.nav.nowhere");
  });
});
