#!/usr/bin/env node
// `npm start`: check settings and database (migrate, seed when empty), build when the build is missing or
// older than the sources, then serve with scripts/server.mjs (Next.js behind the front cache).
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { buildIsStale } from "./build-freshness.mjs";
import { serverMemorySettings } from "./server-memory.mjs";

const root = path.resolve(import.meta.dirname, "..");
const distDir = process.env.NEXT_DIST_DIR || ".next";
const bin = (name) => path.join(root, "node_modules", ".bin", name);

function run(cmd, args) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { NEXT_TELEMETRY_DISABLED: "1", ...process.env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run(bin("tsx"), ["scripts/preflight.ts"]);
if (process.env.VITRINA_SKIP_BUILD !== "true" && buildIsStale(root, distDir)) {
  console.log("vitrina: building the shop (first start or sources changed)…");
  run(bin("next"), ["build"]);
}

// Cached reads of an earlier run may belong to another database (restore, new DATABASE_URL): start empty.
rmSync(path.join(root, distDir, "cache", "fetch-cache"), { recursive: true, force: true });

const port = process.env.PORT || "3000";
// Memory bounds for the long-running server (V8 heap cap, malloc arenas): scripts/server-memory.mjs.
const memory = serverMemorySettings({ NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", ...process.env, PORT: port });
// SERVER_PROCESSES > 1 (PostgreSQL): that many server processes on the one port (scripts/cluster.mjs).
const processes = Math.max(1, Math.floor(Number(process.env.SERVER_PROCESSES)) || 1);
const entry = processes > 1 ? "scripts/cluster.mjs" : "scripts/server.mjs";
const server = spawn(process.execPath, [...memory.execArgv, path.join(root, entry)], {
  cwd: root,
  stdio: "inherit",
  env: memory.env,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
