import { describe, expect, it } from "vitest";
import { compiledMessages } from "./compile-messages";

/** Every object in the tree, with where it is. */
function* objects(node: unknown, path = ""): Generator<[string, object]> {
  if (!node || typeof node !== "object") return;
  yield [path, node];
  for (const [key, value] of Object.entries(node)) yield* objects(value, `${path}.${key}`);
}

describe("precompiled messages", () => {
  // The layout hands them to NextIntlClientProvider: React serialises only plain objects and arrays to the browser.
  it.each(["en", "es"] as const)("are plain objects and arrays only (%s)", (locale) => {
    const odd = [...objects(compiledMessages(locale))]
      .filter(([, value]) => ![Object.prototype, Array.prototype].includes(Object.getPrototypeOf(value)))
      .map(([path]) => path);
    expect(odd).toEqual([]);
  });

  it("keep plain texts as they are", () => {
    expect(compiledMessages("en").cart.title).toBe("Shopping Cart");
  });
});
