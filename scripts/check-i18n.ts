/** `npm run check:i18n`: fails when a message key exists in one language only or a namespace file is not registered. */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { findMessageProblems, type MessageTree } from "../src/i18n/check-messages";
import { locales } from "../src/i18n/routing";

const root = path.resolve(import.meta.dirname, "..");
const messagesDir = path.join(root, "src/messages");
const registry = readFileSync(path.join(root, "src/i18n/messages.ts"), "utf8");

const byLocale: Record<string, Record<string, MessageTree>> = {};
const problems: string[] = [];
for (const locale of locales) {
  byLocale[locale] = {};
  for (const file of readdirSync(path.join(messagesDir, locale)).filter((f) => f.endsWith(".json"))) {
    const namespace = file.replace(/\.json$/, "");
    try {
      byLocale[locale][namespace] = JSON.parse(readFileSync(path.join(messagesDir, locale, file), "utf8"));
    } catch (error) {
      problems.push(`${locale}/${file}: not valid JSON (${(error as Error).message})`);
    }
    if (!registry.includes(`@/messages/${locale}/${file}`)) {
      problems.push(`${locale}/${file}: not registered in src/i18n/messages.ts`);
    }
  }
}
for (const p of findMessageProblems(byLocale)) {
  problems.push(p.kind === "missing" ? `${p.locale}: missing key ${p.key}` : `${p.locale}: empty text for ${p.key}`);
}
if (problems.length) {
  console.error(`check:i18n found ${problems.length} problem(s):\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
const count = Object.values(byLocale.en).reduce((n, tree) => n + JSON.stringify(tree).split('":"').length - 1, 0);
console.log(`check:i18n: ${locales.join(" and ")} agree (${Object.keys(byLocale.en).length} namespaces, ~${count} messages)`);
