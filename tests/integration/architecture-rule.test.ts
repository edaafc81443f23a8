import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The architecture rule (.dependency-cruiser.cjs, docs/architecture.md#the-architecture-rule) fails on each kind of
 * violation it exists for and passes on the real tree. Each violation is made in a copy of src/, then checked with the
 * very command `npm run lint` runs.
 */

const root = path.resolve(__dirname, "../..");
const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> };
const command = pkg.scripts["lint:architecture"];
const depcruise = path.join(root, "node_modules", ".bin", "depcruise");
const copies: string[] = [];
afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function runRule(cwd: string) {
  const args = command.split(/\s+/).slice(1); // "depcruise src --config …" without the program name
  const result = spawnSync(depcruise, [...args, "--no-progress"], { cwd, encoding: "utf8" });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

/** A copy of the project's src/ and configuration in which `change` has introduced one violation. */
function treeWith(change: (dir: string) => void): string {
  const dir = mkdtempSync(path.join(tmpdir(), "vitrina-architecture-"));
  copies.push(dir);
  cpSync(path.join(root, "src"), path.join(dir, "src"), { recursive: true });
  for (const file of ["tsconfig.json", ".dependency-cruiser.cjs", "package.json", "architecture/table-exemptions.json"]) {
    cpSync(path.join(root, file), path.join(dir, file), { recursive: true });
  }
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  change(dir);
  return dir;
}

function prepend(dir: string, file: string, line: string) {
  const target = path.join(dir, file);
  writeFileSync(target, `${line}\n${readFileSync(target, "utf8")}`);
}

// A cruise of src/ takes seconds on an idle machine and a minute or more on a busy shared one.
const CRUISE_TIMEOUT_MS = 300_000;

describe("architecture rule (npm run lint)", () => {
  it("is part of npm run lint", () => {
    expect(pkg.scripts.lint).toContain("npm run lint:architecture");
    expect(command).toMatch(/^depcruise src --config \.dependency-cruiser\.cjs$/);
  });

  it("passes on the real tree", () => {
    const { code, output } = runRule(root);
    expect(output).toContain("no dependency violations found");
    expect(code).toBe(0);
  }, CRUISE_TIMEOUT_MS);

  // Each violation in one copy of src/ (one cruise instead of ten keeps the test cheap); the output must name every
  // one of them, each under the rule made for it, and the command must fail.
  const violations: Array<{ rule: string; file: string; line: string; reported: string }> = [
    // The issue's own example: infrastructure importing a feature.
    { rule: "server-imports-no-feature", file: "src/server/log.ts", line: 'import "@/features/orders/service";', reported: "src/server/log.ts → src/features/orders/service.ts" },
    { rule: "ui-imports-no-feature", file: "src/components/ui/button.tsx", line: 'import "@/features/cart/cart-store";', reported: "src/components/ui/button.tsx → src/features/cart/cart-store.ts" },
    // checkout already imports orders: orders → checkout closes a cycle between the two features.
    { rule: "no-feature-cycles", file: "src/features/orders/errors.ts", line: 'import "@/features/checkout/shipping";', reported: "src/features/orders →" },
    { rule: "no-feature-internals", file: "src/features/content/page-content.ts", line: 'import "@/features/checkout/demo-payment/payment-user";', reported: "src/features/content/page-content.ts → src/features/checkout/demo-payment/payment-user.ts" },
    { rule: "lib-is-pure", file: "src/lib/money.ts", line: 'import "@/server/env";', reported: "src/lib/money.ts → src/server/env.ts" },
    // newsletter owns its subscribers, not the orders: it would have to ask orders' queries.
    { rule: "tables-have-one-owner", file: "src/features/newsletter/service.ts", line: 'import { orders } from "@/server/db/schema/orders";', reported: "src/features/newsletter/service.ts → src/server/db/schema/orders.ts" },
    { rule: "no-schema-barrel", file: "src/features/content/page-content.ts", line: 'import { pages } from "@/server/db/schema";', reported: "src/features/content/page-content.ts → src/server/db/schema.ts" },
    // Decision 0352: a domain refuses with its own error and leaves the words to the edges.
    { rule: "domains-own-their-errors", file: "src/features/tracking/service.ts", line: 'import "@/features/admin/errors";', reported: "src/features/tracking/service.ts → src/features/admin/errors.ts" },
    { rule: "only-edges-translate-refusals", file: "src/features/returns/service.ts", line: 'import "@/i18n/refusal-text";', reported: "src/features/returns/service.ts → src/i18n/refusal-text.ts" },
    { rule: "errors-modules-hold-no-text", file: "src/features/checkout/errors.ts", line: 'import "@/i18n/server-translator";', reported: "src/features/checkout/errors.ts → src/i18n/server-translator.ts" },
  ];

  it("fails on each kind of violation, naming the rule and the import", () => {
    const { code, output } = runRule(treeWith((dir) => violations.forEach((v) => prepend(dir, v.file, v.line))));
    expect(code).not.toBe(0);
    for (const v of violations) expect(output, v.rule).toContain(`error ${v.rule}: ${v.reported}`);
  }, CRUISE_TIMEOUT_MS);

  it("fails on a single violation too (src/server/log.ts importing a feature)", () => {
    const { code, output } = runRule(treeWith((dir) => prepend(dir, violations[0].file, violations[0].line)));
    expect(code).not.toBe(0);
    expect(output).toContain(`error ${violations[0].rule}: ${violations[0].reported}`);
  }, CRUISE_TIMEOUT_MS);

  it("lists only exemptions that still match a real import of another domain's table, each with a reason", () => {
    const exemptions = JSON.parse(readFileSync(path.join(root, "architecture/table-exemptions.json"), "utf8")) as Array<{ from: string; table: string; why: string }>;
    for (const e of exemptions) {
      const source = readFileSync(path.join(root, e.from), "utf8");
      expect(source, `${e.from} no longer imports ${e.table}: remove its exemption`).toMatch(
        new RegExp(`from "@/server/db/schema/${e.table.replace(/\.ts$/, "")}"`),
      );
      expect(e.why.length, `${e.from} → ${e.table}`).toBeGreaterThan(20);
    }
  });
});
