#!/usr/bin/env node
// `npm run test:e2e`: a fresh embedded database for every run, then Playwright against the production server.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const port = process.env.E2E_PORT ?? "3100";
const dataDir = process.env.E2E_DATA_DIR ?? `/tmp/vitrina-e2e-${port}`;
rmSync(dataDir, { recursive: true, force: true });

const result = spawnSync(path.join(root, "node_modules", ".bin", "playwright"), ["test", ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, E2E_PORT: port, E2E_DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: "1" },
});
process.exit(result.status ?? 1);
