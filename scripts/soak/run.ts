#!/usr/bin/env tsx
/*
 * `npm run soak -- --minutes N [--workers W] [--port P]`: two production instances on one fresh PostgreSQL database
 * (TEST_DATABASE_URL's server), STORAGE=s3 against s3rver on 127.0.0.1, under a mixed load for N minutes (fractions
 * allowed); one instance is restarted midway. Prints the report (docs/operations.md#soak) and writes it to
 * test-results/soak-report.md; exits 1 when a goal fails: a 5xx or network error outside the restart window, RSS
 * growth after warm-up of 10% or more, or an invariant.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildIsStale } from "../build-freshness.mjs";
import { spawnSync } from "node:child_process";
import { checkInvariants } from "./invariants";
import { RESERVATION_SECONDS, startShop, waitForProbe, type ProbeSample, type Shop } from "./instances";
import { runLoad, type LoadContext } from "./load";
import { buildReport, FULL_WARMUP_MS, JUDGED_AFTER_WARMUP_MS, type CacheRow, type MemoryRow } from "./report";
import { readCatalog, signInAdmin, signUpShopper } from "./setup";
import { Recorder, type Window } from "./stats";

const root = process.cwd();
const { values } = parseArgs({
  options: { minutes: { type: "string", default: "1" }, workers: { type: "string", default: "8" }, port: { type: "string" } },
});
const minutes = Number(values.minutes);
const workers = Number(values.workers);
const basePort = Number(values.port ?? Number(process.env.E2E_PORT ?? 3100) + 300);
const serverUrl = process.env.TEST_DATABASE_URL;
const say = (line: string) => process.stdout.write(`soak: ${line}\n`);

if (!(minutes > 0 && minutes <= 240) || !(workers >= 1 && workers <= 64)) {
  say("--minutes must be in (0, 240] and --workers in [1, 64]");
  process.exit(2);
}
if (!serverUrl) {
  say("needs a PostgreSQL server: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)");
  process.exit(2);
}

const durationMs = minutes * 60_000;
// Warm-up: a quarter of the run, between 10 s and 5 min. Each instance's "after warm-up" RSS is taken then (for the
// restarted one: that long after it is back). Five minutes because that is how long this load takes to fill what is
// bounded but fills gradually: Next's two 16 MB caches (the live V8 heap rises ~30 MB, and its reserve with it),
// JIT-compiled code, libvips and malloc's pools (docs/operations.md#soak, the memory timeline of a 20-minute run).
const warmupMs = Math.min(FULL_WARMUP_MS, Math.max(10_000, durationMs / 4));
// Bounded whatever happens: the run (plus a restart that overran) and start-up/teardown get this long in all.
const hardLimit = setTimeout(() => {
  say("hard time limit reached, stopping");
  void shop?.stop().finally(() => process.exit(3));
}, durationMs + 8 * 60_000);
hardLimit.unref();

let shop: Shop | null = null;
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void shop?.stop().finally(() => process.exit(130)));

const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] : null);

async function main(): Promise<number> {
  if (buildIsStale(root, process.env.NEXT_DIST_DIR || ".next")) {
    say("building (the build is missing or older than the sources)…");
    const build = spawnSync(path.join(root, "node_modules/.bin/next"), ["build"], { cwd: root, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
    if (build.status !== 0) return 1;
  }
  say(`starting two instances on ports ${basePort} and ${basePort + 1} (STORAGE=s3, s3rver on ${basePort + 9})…`);
  shop = await startShop({ serverUrl: serverUrl!, basePort });
  const { instances } = shop;
  const catalog = await readCatalog(shop.databaseUrl);
  const runId = Date.now().toString(36);
  const shoppers = await Promise.all(Array.from({ length: 16 }, (_, i) => signUpShopper(instances[i % 2], i, runId)));
  const adminCookie = await signInAdmin(instances[0]);
  const memory: MemoryRow[] = [];
  for (const instance of instances) {
    const start = (await waitForProbe(instance))?.rss ?? null;
    memory.push({ instance: instance.name, start, warm: null, end: null, heapWarm: null, heapEnd: null, nativeWarm: null, nativeEnd: null, judged: false, note: "" });
  }

  // RSS is sampled every second; the "after warm-up" and "end" figures are medians of 5 samples (GC makes single
  // samples jump).
  const samples = new Map<string, ProbeSample[]>(instances.map((i) => [i.name, []]));
  const sampler = setInterval(() => {
    for (const instance of instances) {
      const sample = instance.probe();
      const list = samples.get(instance.name)!;
      if (sample && instance.inPool && sample.at !== list.at(-1)?.at) list.push(sample);
    }
  }, 1000);
  const fields = { rss: (s: ProbeSample) => s.rss, heap: (s: ProbeSample) => s.heapTotal, native: (s: ProbeSample) => s.rss - s.heapTotal };
  const between = (name: string, from: number, to: number, field: keyof typeof fields = "rss") =>
    median(samples.get(name)!.filter((s) => s.at >= from && s.at <= to).map(fields[field]));

  const ctx: LoadContext = { instances, catalog, shoppers, adminCookie, recorder: new Recorder(), outcomes: new Map(), uploadedImages: [] };
  const started = Date.now();
  let end = started + durationMs;
  let restart: Window | null = null;
  const restarted = instances[1];
  const restartTask = (async () => {
    await sleep(durationMs * 0.5);
    const from = Date.now();
    say(`restarting instance ${restarted.name} at ${((from - started) / 1000).toFixed(0)} s…`);
    await shop!.restart(restarted);
    // A few seconds after it is back count as the window too (connections the balancer had in flight).
    restart = { from, to: Date.now() + 5_000 };
    memory[1].note = `restarted at ${((from - started) / 1000).toFixed(0)} s; its figures are from after the restart`;
    say(`instance ${restarted.name} back after ${((Date.now() - from) / 1000).toFixed(0)} s`);
    end = Math.max(end, Date.now() + 10_000);
  })();
  say(`load for ${minutes} min with ${workers} clients (warm-up ${(warmupMs / 1000).toFixed(0)} s)…`);
  await runLoad(ctx, { workers, until: () => Date.now() >= end, maxRequests: Math.ceil(minutes * 60 * 400) });
  await restartTask;
  const finished = Date.now();
  clearInterval(sampler);

  // After warm-up: the never-restarted instance from the start, the restarted one from when it came back.
  const window = restart as Window | null;
  for (const [i, row] of memory.entries()) {
    const since = i === 1 && window ? window.to - 5_000 : started;
    if (i === 1 && window) row.start = between(row.instance, since, since + 3_000);
    const warmed = since + warmupMs + 2_500 < finished - 5_000;
    const [warmFrom, warmTo] = [since + warmupMs - 2_500, since + warmupMs + 2_500];
    row.warm = warmed ? between(row.instance, warmFrom, warmTo) : null;
    row.heapWarm = warmed ? between(row.instance, warmFrom, warmTo, "heap") : null;
    row.nativeWarm = warmed ? between(row.instance, warmFrom, warmTo, "native") : null;
    row.end = between(row.instance, finished - 5_000, finished);
    row.heapEnd = between(row.instance, finished - 5_000, finished, "heap");
    row.nativeEnd = between(row.instance, finished - 5_000, finished, "native");
    // Judged only after a full warm-up followed by enough load to tell growth from noise (report.ts).
    row.judged = warmed && warmupMs >= FULL_WARMUP_MS && finished - (since + warmupMs) >= JUDGED_AFTER_WARMUP_MS;
    if (row.warm === null) row.note = `${row.note}; run too short after the restart for a warm-up figure`.replace(/^; /, "");
  }
  const cache: CacheRow[] = instances.map((instance) => {
    const sample: ProbeSample | null = instance.probe();
    return { instance: instance.name, ...(sample?.frontCache ?? { entries: 0, bytes: 0, hits: 0, misses: 0 }) };
  });

  // The sweeper runs every RESERVATION_SECONDS/4 (src/features/checkout/reservation-sweeper.ts): a reservation may
  // outlive its expiry by that much, plus a margin for a sweep that is running.
  const { invariants, facts } = await checkInvariants(shop.databaseUrl, catalog, RESERVATION_SECONDS / 4 + 15);
  // Deadlocks the retry net re-ran (src/server/db/transaction-retry.ts logs each): invisible to shoppers, but each one
  // is a lock-order gap worth knowing about (docs/operations.md#soak).
  const retried = instances.reduce((n, instance) => n + (instance.output().match(/"msg":"transaction\.retried"/g)?.length ?? 0), 0);
  ctx.outcomes.set("transactions re-run by the retry net (deadlocks)", retried);
  const { text, failures } = buildReport({ minutes, workers, elapsedMs: finished - started, recorder: ctx.recorder, restart: window, memory, cache, outcomes: ctx.outcomes, invariants, facts });
  process.stdout.write(`\n${text}\n`);
  mkdirSync(path.join(root, "test-results"), { recursive: true });
  writeFileSync(path.join(root, "test-results", "soak-report.md"), `${text}\n`);
  for (const instance of instances) {
    writeFileSync(path.join(root, "test-results", `soak-instance-${instance.name}.log`), instance.output());
    writeFileSync(path.join(root, "test-results", `soak-memory-${instance.name}.csv`), memoryTimeline(samples.get(instance.name)!, started));
  }
  return failures.length === 0 ? 0 : 1;
}

/** One line per probe sample, in MB, seconds from the start of the load: where memory went, for a leak hunt. */
function memoryTimeline(list: ProbeSample[], started: number): string {
  const mb = (n: number | null) => (n === null ? "" : (n / 1024 / 1024).toFixed(1));
  const lines = list.map((s) =>
    [((s.at - started) / 1000).toFixed(0), s.pid, mb(s.rss), mb(s.heapTotal), mb(s.heapUsed), mb(s.external), mb(s.arrayBuffers), mb(s.anonymous), mb(s.vipsMemory), s.frontCache.entries, mb(s.frontCache.bytes)].join(","),
  );
  return ["second,pid,rss,heap_total,heap_used,external,array_buffers,anonymous,vips_memory,front_cache_entries,front_cache_mb", ...lines, ""].join("\n");
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

main()
  .catch((error) => {
    say(`failed: ${(error as Error).stack ?? error}`);
    return 1;
  })
  .then(async (code) => {
    await shop?.stop();
    process.exit(code);
  });
