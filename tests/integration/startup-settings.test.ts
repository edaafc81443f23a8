import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseSettings, SettingsError } from "@/server/env";

const root = path.resolve(import.meta.dirname, "../..");

/** Runs the start-up check the way `npm start` does, with a clean environment plus `env`. */
function preflight(env: Record<string, string>) {
  const run = spawnSync(path.join(root, "node_modules/.bin/tsx"), ["scripts/preflight.ts"], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: "/tmp/vitrina-preflight-test", ...env } as unknown as NodeJS.ProcessEnv,
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: run.status, stderr: run.stderr.trim(), stdout: run.stdout.trim() };
}

describe("start-up with an invalid setting", () => {
  const cases: Array<[string, Record<string, string>, RegExp]> = [
    ["PORT=abc", { PORT: "abc" }, /^vitrina: Invalid setting PORT: expected a port number from 1 to 65535 \(got "abc"\)$/],
    ["PORT=70000", { PORT: "70000" }, /^vitrina: Invalid setting PORT: /],
    ["DATABASE_URL=nonsense", { DATABASE_URL: "nonsense" }, /^vitrina: Invalid setting DATABASE_URL: expected a postgres:\/\//],
    [
      "unreachable PostgreSQL",
      { DATABASE_URL: "postgres://postgres@127.0.0.1:1/vitrina" },
      /^vitrina: Invalid setting DATABASE_URL: cannot connect to PostgreSQL at 127\.0\.0\.1:1\/vitrina \(ECONNREFUSED\)$/,
    ],
    ["CURRENCY=euro", { CURRENCY: "euro" }, /^vitrina: Invalid setting CURRENCY: expected a three-letter/],
    ["BASE_URL=ftp://x", { BASE_URL: "ftp://x" }, /^vitrina: Invalid setting BASE_URL: /],
    ["PAYMENT_PROVIDER=stripe without keys", { PAYMENT_PROVIDER: "stripe" }, /^vitrina: Invalid setting STRIPE_SECRET_KEY: required/],
  ];
  for (const [name, env, expected] of cases) {
    it(`${name} prints one clear line and exits non-zero`, () => {
      const result = preflight(env);
      expect(result.status).toBe(1);
      expect(result.stderr.split("\n")).toHaveLength(1);
      expect(result.stderr).toMatch(expected);
      expect(result.stderr).not.toMatch(/\bat .*\.ts:\d+/); // no stack trace
    });
  }
});

describe("settings defaults", () => {
  it("serve the embedded demo with no configuration", () => {
    const s = parseSettings({});
    expect(s).toMatchObject({ PORT: 3000, DATA_DIR: "./data", STORE_NAME: "Vitrina", STORE_ID: "main", CURRENCY: "EUR" });
    expect(s.usesEmbeddedDatabase).toBe(true);
    // No BASE_URL is a state of its own: the shop answers at whatever address it is reached by (docs/product.md#shop-address).
    expect(s.baseUrl).toBeNull();
    expect(parseSettings({ BASE_URL: "https://shop.example/" }).baseUrl).toBe("https://shop.example");
  });
  it("treat an empty variable as unset and name the bad setting", () => {
    expect(parseSettings({ PORT: "" }).PORT).toBe(3000);
    expect(() => parseSettings({ STORE_ID: "a b" })).toThrow(SettingsError);
    expect(() => parseSettings({ STORE_ID: "a b" })).toThrow(/STORE_ID/);
  });
  it("run one server process, and more only on PostgreSQL (one PGlite process per data folder)", () => {
    expect(parseSettings({}).SERVER_PROCESSES).toBe(1);
    expect(parseSettings({ SERVER_PROCESSES: "2", DATABASE_URL: "postgres://postgres@127.0.0.1:5432/x" }).SERVER_PROCESSES).toBe(2);
    expect(() => parseSettings({ SERVER_PROCESSES: "2" })).toThrow(/SERVER_PROCESSES: more than 1 needs DATABASE_URL/);
    expect(() => parseSettings({ SERVER_PROCESSES: "0", DATABASE_URL: "postgres://postgres@127.0.0.1:5432/x" })).toThrow(/SERVER_PROCESSES/);
  });
});
