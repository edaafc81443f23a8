import { describe, expect, it } from "vitest";
import { findMessageProblems } from "./check-messages";
import { messageFallback } from "./fallback";
import { messagesByLocale } from "./messages";

describe("check:i18n", () => {
  it("catches a key present in one language only", () => {
    const problems = findMessageProblems({
      en: { cart: { title: "Shopping Cart", empty: "Your cart is empty." } },
      es: { cart: { title: "Carrito de compras" } },
    });
    expect(problems).toEqual([{ kind: "missing", locale: "es", key: "cart.empty" }]);
  });

  it("catches an empty translation", () => {
    expect(findMessageProblems({ en: { a: { b: "x" } }, es: { a: { b: " " } } })).toEqual([
      { kind: "empty", locale: "es", key: "a.b" },
    ]);
  });

  it("finds no problem in the shipped messages", () => {
    expect(findMessageProblems(messagesByLocale as never)).toEqual([]);
  });
});

describe("translation fallback (docs/product.md#languages)", () => {
  it("shows the key itself when a message is missing", () => {
    expect(messageFallback({ namespace: "cart", key: "nothing.here" })).toBe("cart.nothing.here");
    expect(messageFallback({ key: "lonely" })).toBe("lonely");
  });
});
