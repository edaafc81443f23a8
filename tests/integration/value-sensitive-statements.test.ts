import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findSourceFiles, projectRoot } from "../helpers/source-files";

/*
 * Statements are kept prepared on PostgreSQL and may run on one generic plan (decision 0330). A pattern match or a
 * similarity is planned well only when PostgreSQL sees the pattern: a first search at a million products went from
 * ~33 to ~90 ms on a generic plan. Such statements carry `planEachCall` (src/server/db/prepared-statements.ts); this
 * suite finds every file of the app that writes one, so a new search cannot forget it silently.
 */

// SQL keywords as written here (LIKE, ILIKE; lower case before a parameter), drizzle's like()/ilike(), trigram matches.
const PATTERN_MATCH = /\bI?LIKE\b|\bi?like\(|\bi?like \$\{|\bsimilarity\(|%>/;

/** Files whose pattern matches may run on a generic plan, and why. */
const EXEMPT: Record<string, string> = {
  // Literal patterns in a bulk seed: statements without parameters are never named.
  "src/server/db/seed/bench-seed.ts": "literal patterns, no parameters",
  // A fixed prefix after an equality on the user's id: the plan does not depend on the pattern.
  "src/features/accounts/reset-tokens.ts": "fixed prefix behind an id lookup",
  // The demo's fixed id and picture prefixes, once per "Remove demo data": a plan per call would gain nothing.
  "src/features/catalog/clean-start.ts": "fixed demo prefixes, run once",
  // The discount form's picker: an admin's occasional lookup of at most 20 names, any plan serves it.
  "src/features/catalog/target-lookup.ts": "an admin's occasional picker lookup",
};

function appFiles(): string[] {
  return findSourceFiles(path.join(projectRoot, "src"), (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f)).map((f) =>
    path.relative(projectRoot, f),
  );
}

/** Code lines only: comments may speak of LIKE freely. */
function codeOf(file: string): string {
  return readFileSync(path.join(projectRoot, file), "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .split("\n")
    .filter((line) => !line.trim().startsWith("//"))
    .join("\n");
}

describe("statements planned for each call", () => {
  it("every file that matches patterns or similarity in SQL carries planEachCall, or is exempt with a reason", () => {
    const offenders = appFiles().filter((file) => {
      if (file === "src/server/db/prepared-statements.ts" || EXEMPT[file]) return false;
      const code = codeOf(file);
      return PATTERN_MATCH.test(code) && !code.includes("planEachCall");
    });
    expect(offenders).toEqual([]);
  });

  it("the scan finds what it looks for: the catalog's search and the orders' email filter match patterns", () => {
    const matching = appFiles().filter((file) => PATTERN_MATCH.test(codeOf(file)));
    expect(matching).toEqual(expect.arrayContaining(["src/features/catalog/search-sql.ts", "src/features/orders/admin-order-list.ts", "src/features/catalog/product-admin-list.ts"]));
    for (const file of Object.keys(EXEMPT)) expect(matching, `${file} no longer matches patterns: drop it from EXEMPT`).toContain(file);
  });
});
