import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findSourceFiles, projectRoot } from "../../tests/helpers/source-files";
import { messagesByLocale } from "./messages";
import { PRIVATE_CLIENT_NAMESPACES, PUBLIC_CLIENT_NAMESPACES, pickMessages } from "./client-messages";

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

describe("messages sent to the browser", () => {
  it("every namespace a client component reads is sent on public pages, or is listed as read in private areas only", () => {
    const unlisted = clientNamespaces().filter(({ namespace }) => !covers(PUBLIC_CLIENT_NAMESPACES, namespace) && !covers(PRIVATE_CLIENT_NAMESPACES, namespace));
    expect(unlisted).toEqual([]);
  });

  it("private-only namespaces are read only by client components outside the storefront's pages and shell", () => {
    const publicUse = clientNamespaces().filter(
      ({ file, namespace }) => !covers(PUBLIC_CLIENT_NAMESPACES, namespace) && /^src\/(components\/shell|app\/\[locale\]\/\(store\))\//.test(file),
    );
    expect(publicUse).toEqual([]);
  });

  it("picks the named namespaces with their keys, in both languages, and nothing else", () => {
    for (const messages of Object.values(messagesByLocale)) {
      const picked = pickMessages(messages, PUBLIC_CLIENT_NAMESPACES) as Record<string, Record<string, unknown>>;
      expect(picked.store.card).toEqual(messages.store.card);
      expect(Object.keys(picked.store).sort()).toEqual(["card", "product"]);
      expect(picked.layout).toEqual(messages.layout);
      expect(picked.admin).toBeUndefined();
      expect(JSON.stringify(picked).length).toBeLessThan(JSON.stringify(messages).length / 2);
    }
  });
});
