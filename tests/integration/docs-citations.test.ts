import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findSourceFiles, projectRoot } from "../helpers/source-files";

/*
 * The repository explains itself: comments cite files that are in it (docs/product.md#anchor, docs/commerce-api.md,
 * docs/security.md, docs/decisions/…), never documents that only existed where the project was first designed, and
 * never a machine the code happened to be written on. This suite keeps it that way.
 */

const CODE = /\.(ts|tsx|mts|mjs|js|css|sql)$/;
const thisFile = path.join(projectRoot, "tests/integration/docs-citations.test.ts");

/** Every code file of the project (sources, scripts, tests, benchmarks, migrations, root configs, the CI entry). */
function codeFiles(): string[] {
  const dirs = ["src", "scripts", "tests", "bench", "drizzle"].map((d) => path.join(projectRoot, d)).filter(existsSync);
  const rootFiles = readdirSync(projectRoot)
    .filter((f) => CODE.test(f))
    .map((f) => path.join(projectRoot, f));
  const ci = path.join(projectRoot, ".ci/run");
  return [...dirs.flatMap((d) => findSourceFiles(d, (f) => CODE.test(f))), ...rootFiles, ...(existsSync(ci) ? [ci] : [])].filter(
    (f) => f !== thisFile,
  );
}

/** The markdown documents of the repository. */
function docFiles(): string[] {
  return [path.join(projectRoot, "README.md"), ...findSourceFiles(path.join(projectRoot, "docs"), (f) => f.endsWith(".md"))];
}

type Hit = { where: string; text: string };

function scan(files: string[], pattern: RegExp): Array<Hit & { match: RegExpExecArray }> {
  const hits: Array<Hit & { match: RegExpExecArray }> = [];
  for (const file of files) {
    const lines = readFileSync(file, "utf8").split("\n");
    lines.forEach((line, i) => {
      for (const match of line.matchAll(new RegExp(pattern.source, `${pattern.flags.replace("g", "")}g`))) {
        hits.push({ where: `${path.relative(projectRoot, file)}:${i + 1}`, text: line.trim(), match: match as RegExpExecArray });
      }
    });
  }
  return hits;
}

const report = (hits: Hit[]) => hits.map((h) => `${h.where}: ${h.text}`);

/** The anchors docs/product.md declares with <a id="…">. */
function productAnchors(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/<a id="([a-z0-9-]+)"><\/a>/g)].map((m) => m[1]));
}

describe("the repository explains itself", () => {
  const productMd = readFileSync(path.join(projectRoot, "docs/product.md"), "utf8");
  const anchors = productAnchors(productMd);

  it("declares the stable anchors code cites, each once", () => {
    const ids = [...productMd.matchAll(/<a id="([a-z0-9-]+)"><\/a>/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(20);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i), "anchors declared twice").toEqual([]);
  });

  it("no code cites the design documents that are not in the repository", () => {
    // Built from parts so that this file does not cite them itself.
    const outside = new RegExp(["\\bSPEC\\b", "\\bDESIGN(\\.md| rule)", "COMMERCE_API", "/work/" + "shared"].join("|"));
    expect(report(scan(codeFiles(), outside)), "cite docs/product.md#<anchor>, docs/commerce-api.md or docs/security.md instead").toEqual([]);
  });

  it("no comment speaks of the machine it was written on", () => {
    const machine = /\bthis (machine|box|host)\b|\b\d+-core machine\b/i;
    expect(report(scan(codeFiles(), machine)), "give the general reason (a small or busy machine, a CI runner)").toEqual([]);
  });

  it("every docs/product.md#anchor cited in code exists", () => {
    const cited = scan(codeFiles(), /docs\/product\.md#([a-z0-9-]+)/);
    expect(cited.length, "code cites docs/product.md").toBeGreaterThan(50);
    expect(report(cited.filter((h) => !anchors.has(h.match[1]))), `anchors of docs/product.md: ${[...anchors].join(", ")}`).toEqual([]);
  });

  it("every docs/… file cited in code exists", () => {
    const cited = scan(codeFiles(), /\bdocs\/[\w./-]*\w\.md\b/);
    expect(report(cited.filter((h) => !existsSync(path.join(projectRoot, h.match[0]))))).toEqual([]);
  });

  it("every link to a product.md anchor in the documents resolves", () => {
    const links = scan(docFiles(), /(?:^|[(/\s`])product\.md#([a-z0-9-]+)/);
    const inPage = scan([path.join(projectRoot, "docs/product.md")], /\]\(#([a-z0-9-]+)\)/);
    expect(report([...links, ...inPage].filter((h) => !anchors.has(h.match[1])))).toEqual([]);
  });
});
