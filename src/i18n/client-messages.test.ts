import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findSourceFiles, projectRoot } from "../../tests/helpers/source-files";
import { messagesByLocale } from "./messages";
import {
  ISLAND_CLIENT_MESSAGES,
  ISLANDS,
  PRIVATE_CLIENT_NAMESPACES,
  PUBLIC_CLIENT_NAMESPACES,
  PUBLIC_OMITTED_PATHS,
  islandClientMessages,
  pickMessages,
  type Island,
} from "./client-messages";

const covers = (list: readonly string[], namespace: string) => list.some((entry) => namespace === entry || namespace.startsWith(`${entry}.`));

/** Every namespace a client component reads: useTranslations("…") in files marked "use client". */
function clientNamespaces() {
  const files = findSourceFiles(path.join(projectRoot, "src"), (file) => /\.tsx?$/.test(file) && !file.endsWith(".test.ts"));
  return files.flatMap((file) => {
    const text = readFileSync(file, "utf8");
    if (!/^["']use client["']/.test(text)) return [];
    return [...text.matchAll(/useTranslations\(\s*"([^"]+)"\s*\)/g)].map((m) => ({ file: path.relative(projectRoot, file), namespace: m[1] }));
  });
}

/**
 * Every message key a client component reads, as "namespace.key": the string literals passed to each translator
 * (`const t = useTranslations("ns")`, then `t("key")`, `t.rich("key", …)`, `t(cond ? "a" : "b")`). A literal
 * that is no key of the namespace (a compared value) is skipped.
 */
function clientKeyReads() {
  const en = messagesByLocale.en as Record<string, unknown>;
  const exists = (dotted: string) => dotted.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], en) !== undefined;
  const files = findSourceFiles(path.join(projectRoot, "src"), (file) => /\.tsx?$/.test(file) && !file.endsWith(".test.ts"));
  return files.flatMap((file) => {
    const text = readFileSync(file, "utf8");
    if (!/^["']use client["']/.test(text)) return [];
    return [...text.matchAll(/const (\w+) = useTranslations\(\s*"([^"]+)"\s*\)/g)].flatMap(([, name, namespace]) =>
      [...text.matchAll(new RegExp(`\\b${name}(?:\\.\\w+)?\\(([^()]*)`, "g"))].flatMap((call) =>
        [...call[1].matchAll(/"([^"]+)"/g)].map((m) => `${namespace}.${m[1]}`).filter(exists).map((key) => ({ file: path.relative(projectRoot, file), key })),
      ),
    );
  });
}

const ISLAND_NAMESPACES = ISLANDS.flatMap((island) => ISLAND_CLIENT_MESSAGES[island]);

/** The entry modules of each island (src/components/shell/lazy-islands.ts and user-menu.tsx load them on first use). */
const ISLAND_ENTRIES: Record<Island, string[]> = {
  cart: ["src/features/checkout/components/cart-drawer.tsx"],
  auth: ["src/features/accounts/components/auth-dialog.tsx", "src/components/shell/signed-in-menu.tsx"],
};

/** Every source file an entry imports, directly or not (static imports of "@/…" and relative paths). */
function importedFrom(entries: string[]) {
  const seen = new Set<string>();
  const resolve = (from: string, spec: string) => {
    const base = spec.startsWith("@/") ? path.join(projectRoot, "src", spec.slice(2)) : path.resolve(path.dirname(from), spec);
    return [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find((file) => existsSync(file) && /\.tsx?$/.test(file));
  };
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const m of readFileSync(file, "utf8").matchAll(/^import\s(?!type\b)[^;]*?from\s+"((?:@\/|\.)[^"]+)"/gms)) {
      const next = resolve(file, m[1]);
      if (next) visit(next);
    }
  };
  entries.forEach((entry) => visit(path.join(projectRoot, entry)));
  return new Set([...seen].map((file) => path.relative(projectRoot, file)));
}

describe("messages sent to the browser", () => {
  it("the parts left out of public pages are read only by client components of private areas", () => {
    const omitted = (key: string) => PUBLIC_OMITTED_PATHS.some((p) => key === p || key.startsWith(`${p}.`));
    const readers = [...new Set(clientKeyReads().filter(({ key }) => omitted(key)).map(({ file }) => file))].sort();
    // The reset-password page and the tax admin (inside <AllClientMessages>); nothing else: a storefront component
    // reading one of these keys would show the key instead of the text.
    expect(readers).toEqual([
      "src/features/accounts/components/reset-password-form.tsx",
      "src/features/catalog/components/product-editor.tsx",
      "src/features/taxes/components/tax-admin.tsx",
      "src/features/taxes/components/tax-classes.tsx",
      "src/features/taxes/components/use-tax-action.tsx",
    ]);
    const namespaceReaders = clientNamespaces().filter(({ namespace }) => PUBLIC_OMITTED_PATHS.some((p) => namespace === p || namespace.startsWith(`${p}.`)));
    expect(namespaceReaders.every(({ namespace }) => covers(PRIVATE_CLIENT_NAMESPACES, namespace))).toBe(true);
  });

  it("the token pages' button, whose namespace comes by a prop the scan cannot see, gets its texts from its panel", () => {
    // token-action-panel.tsx hands TokenAction the messages it names; rendered anywhere else it would read the
    // public pages' messages, which leave the token pages' texts out (its button then had no name).
    const files = findSourceFiles(path.join(projectRoot, "src"), (file) => file.endsWith(".tsx"));
    const renderers = files.filter((file) => /<TokenAction\b/.test(readFileSync(file, "utf8"))).map((file) => path.relative(projectRoot, file));
    expect(renderers).toEqual(["src/features/newsletter/components/token-action-panel.tsx"]);
  });

  it("finds the keys a client component reads (the check above is not vacuous)", () => {
    const keys = clientKeyReads();
    expect(keys).toContainEqual({ file: "src/components/shell/newsletter-form.tsx", key: "newsletter.tooMany" });
    expect(keys).toContainEqual({ file: "src/components/shell/newsletter-form.tsx", key: "newsletter.invalidEmail" });
    expect(keys).toContainEqual({ file: "src/features/accounts/components/reset-password-form.tsx", key: "auth.reset.submit" });
  });

  it("every namespace a client component reads is sent on public pages, or is listed as read in private areas only", () => {
    const unlisted = clientNamespaces().filter(
      ({ namespace }) => !covers(PUBLIC_CLIENT_NAMESPACES, namespace) && !covers(ISLAND_NAMESPACES, namespace) && !covers(PRIVATE_CLIENT_NAMESPACES, namespace),
    );
    expect(unlisted).toEqual([]);
  });

  it("an island's messages are read by the code that island loads, or by forms of private areas", () => {
    const inIslands = ISLANDS.map((island) => ({ island, files: importedFrom(ISLAND_ENTRIES[island]) }));
    // Keys, not namespaces: user-menu.tsx reads "auth" for auth.menu, which every page gets.
    const outside = clientKeyReads()
      .filter(({ key }) => !covers(PUBLIC_CLIENT_NAMESPACES, key) && covers(ISLAND_NAMESPACES, key))
      .filter(({ file, key }) => !inIslands.some(({ island, files }) => files.has(file) && covers(ISLAND_CLIENT_MESSAGES[island], key)));
    // Each of these is rendered only inside <AllClientMessages> (profile, payment, a guest's order pages, admin).
    expect([...new Set(outside.map(({ file }) => file))].sort()).toEqual([
      "src/features/accounts/components/account-details-form.tsx",
      "src/features/accounts/components/password-change-form.tsx",
      "src/features/accounts/components/reset-password-form.tsx",
      "src/features/accounts/components/two-factor-settings.tsx",
      "src/features/catalog/components/product-editor.tsx",
      "src/features/checkout/demo-payment/demo-payment-form.tsx",
      "src/features/orders/components/guest-account-form.tsx",
      "src/features/taxes/components/tax-admin.tsx",
      "src/features/taxes/components/tax-classes.tsx",
      "src/features/taxes/components/use-tax-action.tsx",
    ]);
    // The walk finds the islands' own readers (the check above is not vacuous).
    expect(inIslands.find(({ island }) => island === "cart")?.files.has("src/features/checkout/components/cart-summary.tsx")).toBe(true);
    expect(inIslands.find(({ island }) => island === "auth")?.files.has("src/features/accounts/components/two-factor-step.tsx")).toBe(true);
  });

  it("an island's messages are in both languages and leave out what no client component reads", () => {
    for (const messages of Object.values(messagesByLocale)) {
      const cart = islandClientMessages(messages, "cart") as Record<string, Record<string, unknown>>;
      expect(cart.cart).toEqual(messages.cart);
      expect(cart.taxes.admin).toBeUndefined();
      expect(Object.keys(cart.promotions)).toEqual(["drawer"]);
      const auth = islandClientMessages(messages, "auth") as Record<string, Record<string, unknown>>;
      expect(auth.auth.mail).toBeUndefined();
      expect(auth.auth.dialog).toEqual(messages.auth.dialog);
      expect(Object.keys(auth.security)).toEqual(["twoFactor"]);
    }
  });

  it("private-only namespaces are read only by client components outside the storefront's pages and shell", () => {
    const publicUse = clientNamespaces().filter(
      ({ file, namespace }) =>
        !covers(PUBLIC_CLIENT_NAMESPACES, namespace) && !covers(ISLAND_NAMESPACES, namespace) && /^src\/(components\/shell|app\/\[locale\]\/\(store\))\//.test(file),
    );
    expect(publicUse).toEqual([]);
  });

  it("picks the named namespaces with their keys, in both languages, and nothing else", () => {
    for (const messages of Object.values(messagesByLocale)) {
      const picked = pickMessages(messages, PUBLIC_CLIENT_NAMESPACES, PUBLIC_OMITTED_PATHS) as Record<string, Record<string, unknown>>;
      expect(picked.store.card).toEqual(messages.store.card);
      expect(Object.keys(picked.store).sort()).toEqual(["card", "product"]);
      // The overlays' namespaces come with the overlays (ISLAND_CLIENT_MESSAGES).
      expect(Object.keys(picked.auth)).toEqual(["menu"]);
      expect(picked.cart).toBeUndefined();
      expect(picked.errors).toBeUndefined();
      // The footer is drawn on the server: of its texts, only the newsletter form's reach the browser.
      const { footer, ...layout } = messages.layout;
      expect(picked.layout).toEqual({ ...layout, footer: { newsletter: { ...footer.newsletter, title: undefined, text: undefined } } });
      expect(picked.admin).toBeUndefined();
      expect(picked.taxes).toBeUndefined();
      expect((picked.auth as Record<string, unknown>).reset).toBeUndefined();
      expect(Object.keys(picked.newsletter).sort()).toEqual(["invalidEmail", "tooMany", "unexpected"]);
      // The catalog itself is untouched (other requests pick from the same object).
      expect((messages.taxes as Record<string, unknown>).admin).toBeDefined();
      expect(JSON.stringify(picked).length).toBeLessThan(JSON.stringify(messages).length / 2);
    }
  });
});
