#!/usr/bin/env node
// `npm test`: lint, typecheck, check:i18n, unit + integration (Vitest), end-to-end (Playwright), a 1-minute soak. Every
// step runs even when an earlier one fails, and the last line sums all of them as `N passed, N failed`.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { buildIsStale } from "./build-freshness.mjs";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const results = path.join(root, "test-results");
mkdirSync(results, { recursive: true });

let passed = 0;
let failed = 0;
const summary = [];

function record(name, status, seconds, count) {
  const counted = count ? count(status) : status === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
  passed += counted.passed;
  failed += counted.failed;
  summary.push(`${status === 0 ? "ok  " : "FAIL"} ${name}: ${counted.passed} passed, ${counted.failed} failed (${seconds}s)`);
}

function step(name, cmd, args, count) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const run = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  record(name, run.status, ((Date.now() - started) / 1000).toFixed(0), count);
}

/**
 * Steps run one after the other on each of two lanes at once, each step's output held back and printed whole when
 * it ends (two interleaved logs could not be read). For the static checks: each is one busy process, so on two cores
 * two lanes take about as long as the longer lane instead of the sum.
 */
async function lanes(...laneSteps) {
  const runOne = ({ name, cmd, args }) =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn(cmd, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", FORCE_COLOR: "1" } });
      const output = [];
      child.stdout.on("data", (d) => output.push(d));
      child.stderr.on("data", (d) => output.push(d));
      child.on("close", (status) => {
        console.log(`\n=== ${name} ===`);
        process.stdout.write(Buffer.concat(output));
        resolve({ name, status, seconds: ((Date.now() - started) / 1000).toFixed(0) });
      });
    });
  const done = await Promise.all(laneSteps.map(async (lane) => {
    const results = [];
    for (const s of lane) results.push(await runOne(s));
    return results;
  }));
  // Summary lines in the order the steps are listed, whichever ended first.
  for (const result of done.flat()) record(result.name, result.status, result.seconds);
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

const only = process.argv.slice(2);
const wants = (name) => only.length === 0 || only.includes(name);

const lint = wants("lint")
  ? [
    { name: "lint", cmd: bin("eslint"), args: ["--max-warnings=0", "."] },
    // The second half of `npm run lint`: the architecture rule (.dependency-cruiser.cjs, docs/architecture.md).
    { name: "architecture rule", cmd: bin("depcruise"), args: ["src", "--config", ".dependency-cruiser.cjs"] },
  ]
  : [];
const typecheck = [
  // Route types (PageProps, LayoutProps) come from `next typegen`; a fresh clone has none until it runs.
  ...(wants("typecheck") ? [{ name: "typecheck", cmd: "sh", args: ["-c", `"${bin("next")}" typegen >/dev/null && "${bin("tsc")}" --noEmit`] }] : []),
  ...(wants("i18n") ? [{ name: "check:i18n", cmd: bin("tsx"), args: ["scripts/check-i18n.ts"] }] : []),
];
await lanes(lint, typecheck);

// The production build the end-to-end step needs is made while Vitest runs, at a lower priority so that the tests
// come first: it fills the time Vitest's workers spend waiting on their databases. The e2e step waits for it (and
// builds again itself, printing the errors, if this build failed).
let building;
if (wants("unit") && wants("e2e") && buildIsStale(root, process.env.NEXT_DIST_DIR || ".next")) {
  const log = openSync(path.join(results, "next-build.log"), "w");
  const child = spawn("nice", ["-n", "10", bin("next"), "build"], { cwd: root, stdio: ["ignore", log, log], env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  building = new Promise((resolve) => child.on("exit", resolve));
}

if (wants("unit")) {
  const out = path.join(results, "vitest.json");
  rmSync(out, { force: true });
  step("unit + integration (Vitest)", bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile=${out}`], (status) => {
    const report = readJson(out);
    if (!report) return { passed: 0, failed: 1 };
    // A suite that failed to load has no tests but is a failure all the same.
    const brokenFiles = (report.testResults ?? []).filter((f) => f.status === "failed" && (f.assertionResults ?? []).length === 0).length;
    const failedTests = report.numFailedTests + brokenFiles;
    return { passed: report.numPassedTests, failed: failedTests || (status === 0 ? 0 : 1) };
  });
}

if (wants("e2e")) {
  if (building) console.log(`\n(next build, made during the Vitest step: exit ${await building}; log in test-results/next-build.log)`);
  const out = path.join(results, "e2e.json");
  rmSync(out, { force: true });
  step("end-to-end (Playwright)", process.execPath, ["scripts/e2e.mjs"], (status) => {
    const report = readJson(out);
    if (!report?.stats) return { passed: 0, failed: 1 };
    const { expected = 0, unexpected = 0, flaky = 0 } = report.stats;
    const loadErrors = (report.errors ?? []).length;
    return { passed: expected + flaky, failed: unexpected + loadErrors || (status === 0 ? 0 : 1) };
  });
}

// The soak's short version (docs/operations.md#soak): two instances on one PostgreSQL, STORAGE=s3, one minute of mixed
// load with one restart; reuses the build the end-to-end step made. Needs PostgreSQL like the scale-out e2e.
if (wants("soak")) {
  if (process.env.TEST_DATABASE_URL) step("soak (1 minute)", bin("tsx"), ["scripts/soak/run.ts", "--minutes", "1"]);
  else summary.push("skip soak (1 minute): needs TEST_DATABASE_URL");
}

console.log(`\n=== summary ===\n${summary.join("\n")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && existsSync(root) ? 0 : 1);
