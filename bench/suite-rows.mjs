// The big-catalog query suites of `npm run bench` (bench/db-suite.ts in its own process) and their table rows:
// 100k products on PostgreSQL and PGlite (goals: any two filters p95 ≤ 50 ms on both; PGlite within 2×
// PostgreSQL), and with --million a million products on PostgreSQL (goal: store, category, search and filtered
// pages p95 ≤ 50 ms). Seeding 100k takes minutes (PGlite: up to half an hour under load) and a million far longer,
// so a database seeded before can be named instead (--suite-url, --suite-dir, --million-url) and is then kept.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { summarize } from "./stats.mjs";

const sizeLabel = (n) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1000}k`);

function runSuite({ root, log }, kind, target, { count, runs, reuse }) {
  log(`query suite on ${kind}: ${reuse ? "reusing" : "seeding"} ${count.toLocaleString("en-US")} products, then ${runs} runs per query…`);
  const args = ["bench/db-suite.ts", "--count", String(count), "--runs", String(runs), kind === "postgres" ? "--url" : "--dir", target];
  if (reuse) args.push("--reuse", "true");
  const bin = path.join(root, "node_modules", ".bin", "tsx");
  // 2M variants in the facet index need more than Node's default heap.
  const env = { ...process.env, LOG_LEVEL: "warn", NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --max-old-space-size=6144`.trim() };
  const result = spawnSync(bin, args, { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024, env });
  process.stderr.write(result.stderr.split("\n").filter((l) => l.startsWith("bench:")).map((l) => `           ${l}\n`).join(""));
  if (result.status !== 0) {
    log(`query suite on ${kind} failed:\n${result.stderr.slice(-2000)}`);
    return null;
  }
  return JSON.parse(result.stdout.trim().split("\n").pop());
}

/**
 * Runs the suites asked for and returns their rows and raw results. `options`: { root, log, port, usePg, million,
 * settings, suiteUrl, suiteDir, millionUrl, freshPgDatabase, dropPgDatabase }.
 */
export async function suiteRows(options) {
  const { settings, usePg, port } = options;
  const size = settings.catalogSize;
  const runs = { count: size, runs: settings.suiteRuns };
  const suites = {};
  const rows = [];
  if (usePg || options.suiteUrl) {
    const url = options.suiteUrl ?? (await options.freshPgDatabase(`vitrina_bench_${port}_big`));
    suites.postgres = runSuite(options, "postgres", url, { ...runs, reuse: !!options.suiteUrl });
    if (!options.suiteUrl) await options.dropPgDatabase(url);
  }
  if (!options.skipPglite) {
    const dir = options.suiteDir ?? `/tmp/vitrina-bench-${port}-big`;
    if (!options.suiteDir) rmSync(dir, { recursive: true, force: true });
    suites.pglite = runSuite(options, "pglite", dir, { ...runs, reuse: !!options.suiteDir });
    if (!options.suiteDir) rmSync(dir, { recursive: true, force: true });
  }
  if (options.million) {
    const url = options.millionUrl ?? (await options.freshPgDatabase(`vitrina_bench_${port}_million`));
    suites.million = runSuite(options, "postgres", url, { count: 1_000_000, runs: settings.suiteRuns, reuse: !!options.millionUrl });
    if (!options.millionUrl) await options.dropPgDatabase(url);
  }

  const names = Object.keys((suites.postgres ?? suites.pglite ?? suites.million)?.timings ?? {});
  const isFilter = (name) => /^(filters|facet counts):/.test(name);
  const sets = [
    ["postgres", "PostgreSQL", size, () => true],
    ["pglite", "PGlite", size, isFilter],
    ["million", "PostgreSQL", 1_000_000, () => true],
  ];
  for (const [key, label, count, hasGoal] of sets) {
    const suite = suites[key];
    if (!suite) {
      if (key === "postgres") rows.push({ measure: `big catalog on PostgreSQL, ${sizeLabel(count)}`, ours: "not run (add --pg)", goalText: "p95 ≤ 50 ms", met: null });
      if (key === "pglite" && !options.skipPglite) rows.push({ measure: `big catalog on PGlite, ${sizeLabel(count)}`, ours: "failed", goalText: "p95 ≤ 50 ms", met: null });
      if (key === "million" && options.million) rows.push({ measure: "big catalog on PostgreSQL, 1M", ours: "failed", goalText: "p95 ≤ 50 ms", met: null });
      continue;
    }
    for (const name of names) {
      if (!suite.timings[name]) continue;
      const s = summarize(suite.timings[name]);
      rows.push({
        measure: `big catalog ${name} p95 (${label}, ${sizeLabel(count)})`,
        ours: s.p95,
        unit: "ms",
        // Goal: two filters (page and counts) ≤ 50 ms on both databases at 100k. Goal: every page's calls
        // (store, category, search, filtered: a filtered page makes both calls) ≤ 50 ms on PostgreSQL at 1M.
        goal: hasGoal(name) ? { kind: "max", value: 50, on: "ours" } : undefined,
        note: `p50 ${s.p50.toFixed(1)} ms`,
      });
    }
  }
  if (suites.postgres && suites.pglite) {
    for (const name of names) {
      const a = summarize(suites.pglite.timings[name]).p50;
      const b = summarize(suites.postgres.timings[name]).p50;
      rows.push({ measure: `PGlite vs PostgreSQL: ${name} p50`, ours: a, baseline: b, unit: "ms", goal: { kind: "max", value: 2, on: "ratio" }, note: "ratio = PGlite / PostgreSQL (goal: within 2×)" });
    }
  } else if (!options.skipPglite || usePg) {
    rows.push({ measure: "PGlite vs PostgreSQL query suite", ours: "not run (needs both: --pg)" });
  }
  return { rows, suites };
}
