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
  for (const file of ["tsconfig.json", ".dependency-cruiser.cjs", "package.json"]) cpSync(path.join(root, file), path.join(dir, file));
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  change(dir);
  return dir;
}

function prepend(dir: string, file: string, line: string) {
  const target = path.join(dir, file);
  writeFileSync(target, `${line}\n${readFileSync(target, "utf8")}`);
}

describe("architecture rule (npm run lint)", () => {
  it("is part of npm run lint", () => {
    expect(pkg.scripts.lint).toContain("npm run lint:architecture");
    expect(command).toMatch(/^depcruise src --config \.dependency-cruiser\.cjs$/);
  });

  it("passes on the real tree", () => {
    const { code, output } = runRule(root);
    expect(output).toContain("no dependency violations found");
    expect(code).toBe(0);
  });

  const violations: Array<{ rule: string; what: string; change: (dir: string) => void }> = [
    {
      rule: "server-imports-no-feature",
      what: "infrastructure importing a feature (src/server/log.ts → features/orders/service)",
      change: (dir) => prepend(dir, "src/server/log.ts", 'import "@/features/orders/service";'),
    },
    {
      rule: "ui-imports-no-feature",
      what: "a UI primitive importing a feature (components/ui/button.tsx → features/cart/cart-store)",
      change: (dir) => prepend(dir, "src/components/ui/button.tsx", 'import "@/features/cart/cart-store";'),
    },
    {
      rule: "no-feature-cycles",
      what: "a cycle between two features (orders → checkout, while checkout → orders)",
      change: (dir) => prepend(dir, "src/features/orders/errors.ts", 'import "@/features/checkout/shipping";'),
    },
    {
      rule: "no-feature-internals",
      what: "a feature importing another feature's internals (content → checkout/demo-payment/)",
      change: (dir) => prepend(dir, "src/features/content/page-content.ts", 'import "@/features/checkout/demo-payment/payment-user";'),
    },
    {
      rule: "lib-is-pure",
      what: "a pure helper importing server code (lib/money.ts → server/env)",
      change: (dir) => prepend(dir, "src/lib/money.ts", 'import "@/server/env";'),
    },
  ];

  for (const v of violations) {
    it(`fails on ${v.what}`, () => {
      const { code, output } = runRule(treeWith(v.change));
      expect(code).not.toBe(0);
      expect(output).toContain(`error ${v.rule}:`);
    });
  }
});
