import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTranslator } from "next-intl";
import compile from "icu-minify/compile";
import { compiledMessages } from "./compile-messages";
import { messageFallback } from "./fallback";
import { messagesByLocale } from "./messages";
import { formatMessage } from "./server-translator";

/* The texts filled outside React (emails, refusals, PDFs): every message, in both languages, by plain Node too. */

type Arg = { name: string; type: "text" | "select" | "plural" | "number" | "date" | "tag"; options?: string[] };

/** The arguments of a compiled message (icu-minify's shape: [name], [name, type, options], or a tag [name, ...children]). */
function argsOf(node: unknown, found: Arg[] = []): Arg[] {
  if (!Array.isArray(node)) {
    if (node && typeof node === "object") for (const value of Object.values(node)) argsOf(value, found);
    return found;
  }
  const [head, type, options] = node as [unknown, unknown, unknown];
  if (typeof head !== "string") {
    for (const part of node) argsOf(part, found);
    return found;
  }
  if (type === undefined) found.push({ name: head, type: "text" });
  else if (type === 1) found.push({ name: head, type: "select", options: Object.keys(options as object) });
  else if (type === 2 || type === 3) found.push({ name: head, type: "plural" });
  else if (type === 4) found.push({ name: head, type: "number" });
  else if (type === 5 || type === 6) found.push({ name: head, type: "date" });
  else found.push({ name: head, type: "tag" });
  for (const part of node.slice(1)) argsOf(part, found);
  return found;
}

function* messages(tree: unknown, prefix = ""): Generator<[string, unknown]> {
  for (const [key, value] of Object.entries(tree as object)) {
    if (typeof value === "string" || Array.isArray(value)) yield [`${prefix}${key}`, value];
    else yield* messages(value, `${prefix}${key}.`);
  }
}

describe.each(["en", "es"] as const)("server-side messages (%s)", (locale) => {
  it("every message is valid ICU (a bad plural, select, brace or apostrophe names its key)", () => {
    const invalid: string[] = [];
    for (const [key, text] of messages(messagesByLocale[locale])) {
      try {
        compile(text as string);
      } catch (error) {
        invalid.push(`${key}: ${(error as Error).message}`);
      }
    }
    expect(invalid).toEqual([]);
  });

  it("every message fills with plausible values to a text, the same text next-intl gives the pages", () => {
    const pages = createTranslator({ locale, messages: compiledMessages(locale), getMessageFallback: messageFallback, onError: () => {} } as never) as unknown as (
      key: string,
      values?: Record<string, unknown>,
    ) => unknown;
    const failed: string[] = [];
    let filled = 0;
    for (const [key, compiled] of messages(compiledMessages(locale))) {
      const args = argsOf(compiled);
      // Rich text (tags) and dates are for the pages' own translators, never filled here.
      if (args.some((a) => a.type === "tag" || a.type === "date")) continue;
      const values = Object.fromEntries(args.map((a) => [a.name, a.type === "plural" || a.type === "number" ? 2 : a.type === "select" ? a.options![0] : `«${a.name}»`]));
      const [namespace, ...rest] = key.split(".");
      const text = formatMessage(locale, namespace, rest.join("."), values);
      if (text === key || text !== pages(key, values)) failed.push(`${key} → ${text}`);
      filled++;
    }
    expect(failed).toEqual([]);
    expect(filled).toBeGreaterThan(1000);
  });

  it("the low-stock digest's subject for several products", () => {
    expect(formatMessage(locale, "fulfilment", "lowStockEmail.subjectMany", { count: 3, store: "Casa Marlowe" })).toBe(
      locale === "en" ? "Low stock: 3 variants · Casa Marlowe" : "Stock bajo: 3 variantes · Casa Marlowe",
    );
  });
});

describe("outside any bundler", () => {
  // Scripts run by tsx (start-up preflight, seed, admin tools) get no `use-intl/format-message` alias: the texts
  // they reach must fill all the same, not fall back to their keys.
  it("a script run by tsx fills a message with arguments", () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const code = `import { formatMessage } from "./src/i18n/server-translator.ts";
      console.log(JSON.stringify(["en", "es"].map((l) => formatMessage(l, "fulfilment", "lowStockEmail.subjectMany", { count: 3, store: "Vitrina" }))));`;
    const run = spawnSync(path.join(root, "node_modules/.bin/tsx"), ["--eval", code], { cwd: root, env: { ...process.env, NODE_OPTIONS: "", LOG_LEVEL: "error" }, encoding: "utf8" });
    expect(run.stderr).not.toMatch(/INVALID_MESSAGE/);
    expect(JSON.parse(run.stdout.trim().split("\n").at(-1)!)).toEqual(["Low stock: 3 variants · Vitrina", "Stock bajo: 3 variantes · Vitrina"]);
  });
});
