#!/usr/bin/env node
// `npm run test:e2e`: builds when stale, gives every run a fresh embedded database (and, when TEST_DATABASE_URL is
// set, a fresh PostgreSQL database for the second server), then runs Playwright against the production servers.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { buildIsStale } from "./build-freshness.mjs";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const port = process.env.E2E_PORT ?? "3100";
const dataDir = process.env.E2E_DATA_DIR ?? `/tmp/vitrina-e2e-${port}`;
// The own servers' data folder, migrated and seeded once per run by the first of them (tests/e2e/shop-server.ts).
const serverTemplate = `${dataDir}-template`;
for (const dir of [dataDir, `${dataDir}-pg`, serverTemplate, `${serverTemplate}.lock`, `${serverTemplate}.building`]) {
  rmSync(dir, { recursive: true, force: true });
}

if (buildIsStale(root, process.env.NEXT_DIST_DIR || ".next")) {
  const build = spawnSync(bin("next"), ["build"], { cwd: root, stdio: "inherit", env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

let postgresUrl;
if (process.env.TEST_DATABASE_URL && process.env.E2E_POSTGRES !== "false") {
  const name = `vitrina_e2e_${port}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  postgresUrl = url.toString();
}

const result = spawnSync(bin("playwright"), ["test", ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...env,
    E2E_PORT: port,
    E2E_DATA_DIR: dataDir,
    E2E_SERVER_TEMPLATE: serverTemplate,
    VITRINA_SKIP_BUILD: "true",
    ...(postgresUrl ? { E2E_POSTGRES_URL: postgresUrl } : {}),
  },
});
process.exit(result.status ?? 1);
