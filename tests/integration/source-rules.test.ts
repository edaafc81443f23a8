import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * House rules a reviewer should not have to count by hand (docs/architecture.md#source-rules): no source file over 300
 * lines except data, no console.* outside the logger (src/server/log.ts), whose lines keep the request id, no
 * next-intl in client components, no error text read by a domain outside its edges, and no update of a variant's
 * stock outside inventory.
 */

const root = path.resolve(__dirname, "../..");
const MAX_LINES = 300;

/** Data, not logic: the demo catalog, its generated art. Long because the shop is long, not because code repeats. */
const DATA_FILES = new Set(["src/server/db/seed/catalog-data.ts", "src/server/db/seed/art.ts"]);

/**
 * Logic still over the limit, waiting for its split (docs/architecture.md#what-remains). Empty since orders/service.ts
 * was split by concern; the list may only shrink: a file that gets under the limit must leave it, and none may join it.
 */
const AWAITING_SPLIT = new Map<string, number>([]);

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.(ts|tsx|mts|mjs)$/.test(entry.name) ? [rel] : [];
  });
}

const files = sourceFiles("src").map((file) => ({ file, text: readFileSync(path.join(root, file), "utf8") }));

/**
 * Decision 0352: domains throw codes; only the edges say them in words — admin/ (the action runner), server actions,
 * a domain's refusal-text.ts for its actions and routes, the browser's components, and accounts/auth.ts (better-auth's
 * hooks answer its HTTP API). Elsewhere in src/features, no error text is read: no translator call naming an `errors`
 * group and no `.errors` of a message file.
 */
const isEdge = (file: string) =>
  /^src\/features\/admin\//.test(file) || /\/components\//.test(file) || /[/-]actions\.ts$|\/refusal-text\.ts$/.test(file) || EDGE_FILES.has(file);

/**
 * Edges by what they answer: better-auth's HTTP API (its options, the two-factor hooks and the account-change hooks),
 * and the webhook delivery log, which records in English for the operator why a delivery was not sent.
 */
const EDGE_FILES = new Set(["src/features/accounts/auth.ts", "src/features/accounts/two-factor-guard.ts", "src/features/accounts/account-changes.ts", "src/features/webhooks/delivery-worker.ts"]);

function readsErrorText(text: string): boolean {
  return /\b(formatMessage|serverTranslator|refusalText)\([^)]*["'`][\w.]*\berrors\b/.test(text) || /\b(en|es)[A-Z]\w*\)?(\.\w+)*\.errors\b|\(typeof (en|es)[A-Z]\w*\)(\[["']\w+["']\])*\[["']errors["']\]/.test(text);
}

describe("source rules", () => {
  it("keeps every non-data source file within 300 lines (or no longer than when it was listed for a split)", () => {
    const tooLong = files
      .filter(({ file }) => !DATA_FILES.has(file) && !/\.test\.tsx?$/.test(file))
      .map(({ file, text }) => ({ file, lines: text.split("\n").length - (text.endsWith("\n") ? 1 : 0) }))
      .filter(({ file, lines }) => lines > (AWAITING_SPLIT.get(file) ?? MAX_LINES))
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(tooLong).toEqual([]);
  });

  it("lists only files that still need their split", () => {
    const stale = [...AWAITING_SPLIT.keys()].filter((file) => {
      const found = files.find((f) => f.file === file);
      return !found || found.text.split("\n").length - 1 <= MAX_LINES;
    });
    expect(stale).toEqual([]);
  });

  it("writes no console.* outside src/server/log.ts", () => {
    const offenders = files
      .filter(({ file }) => file !== "src/server/log.ts" && !/\.test\.tsx?$/.test(file))
      .flatMap(({ file, text }) =>
        text.split("\n").flatMap((line, i) => (/\bconsole\.(log|info|warn|error|debug|trace)\s*\(/.test(line) ? [`${file}:${i + 1}`] : [])),
      );
    expect(offenders).toEqual([]);
  });

  it("reads no error text in a domain outside its edges (decision 0352)", () => {
    const offenders = files
      .filter(({ file }) => file.startsWith("src/features/") && !isEdge(file) && !/\.test\.tsx?$/.test(file))
      .filter(({ text }) => readsErrorText(text))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
    // What it catches: the translations CheckoutError and the stock alerts' service made before the edges did.
    expect(readsErrorText('super(formatMessage(lang, "checkout", `errors.${code}`, params));')).toBe(true);
    expect(readsErrorText("return (locale === \"es\" ? esFulfilment : enFulfilment).stockAlerts.errors[code];")).toBe(true);
    expect(readsErrorText('export type Code = keyof (typeof enCheckout)["errors"];')).toBe(true);
    expect(readsErrorText('formatMessage(locale, "taxes", "included", { rate });')).toBe(false);
  });

  it("changes variants.stock only in src/features/inventory (decision 0350)", () => {
    // Every change of stock goes through inventory's changeStock/setStockTo, which records it in the stock ledger; an
    // update anywhere else would move stock the ledger never hears of. (New rows are inserted with their stock, which
    // inventory's recordCreatedStock records; the bench seed in src/server/db/seed/ writes its own rows.)
    const write = [/\.set\(\{[^}]*\bstock\s*:/, /\bset\s+"?stock"?\s*=/i, /\bstock\s*:\s*sql`/];
    const offenders = files
      .filter(({ file }) => !file.startsWith("src/features/inventory/") && !file.startsWith("src/server/db/seed/") && !/\.test\.tsx?$/.test(file))
      .flatMap(({ file, text }) => text.split("\n").flatMap((line, i) => (write.some((re) => re.test(line)) ? [`${file}:${i + 1}`] : [])));
    expect(offenders).toEqual([]);
  });

  it("client components translate through src/i18n/client.tsx, not next-intl (decision 0290)", () => {
    // A value import of next-intl in a "use client" module would put use-intl's provider and translator back into every
    // page's scripts (and read a context no page provides any more); types cost nothing.
    const offenders = files
      .filter(({ text }) => /^["']use client["']/m.test(text))
      .filter(({ text }) => /^import\s+(?!type\b)[^;]*?from\s+["'](next-intl|use-intl)(\/[^"']*)?["']/ms.test(text))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });
});
