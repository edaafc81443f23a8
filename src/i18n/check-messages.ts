/** Pure checks behind `npm run check:i18n`: both languages must hold the same keys, and every file be registered. */

export type MessageTree = { [key: string]: string | MessageTree };

export function flattenKeys(tree: MessageTree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "object" && value !== null ? flattenKeys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

export type I18nProblem = { kind: "missing" | "empty" | "unregistered"; locale: string; key: string };

/** Compares namespaces (namespace → tree) of every locale against each other. */
export function findMessageProblems(byLocale: Record<string, Record<string, MessageTree>>): I18nProblem[] {
  const problems: I18nProblem[] = [];
  const keysByLocale = Object.fromEntries(
    Object.entries(byLocale).map(([locale, namespaces]) => [
      locale,
      new Set(Object.entries(namespaces).flatMap(([ns, tree]) => flattenKeys(tree, `${ns}.`))),
    ]),
  );
  const all = new Set(Object.values(keysByLocale).flatMap((set) => [...set]));
  for (const [locale, keys] of Object.entries(keysByLocale)) {
    for (const key of all) if (!keys.has(key)) problems.push({ kind: "missing", locale, key });
  }
  for (const [locale, namespaces] of Object.entries(byLocale)) {
    for (const [ns, tree] of Object.entries(namespaces)) {
      const walk = (t: MessageTree, prefix: string) => {
        for (const [k, v] of Object.entries(t)) {
          if (typeof v === "object" && v !== null) walk(v, `${prefix}${k}.`);
          else if (typeof v !== "string" || v.trim() === "") problems.push({ kind: "empty", locale, key: `${prefix}${k}` });
        }
      };
      walk(tree, `${ns}.`);
    }
  }
  return problems;
}
