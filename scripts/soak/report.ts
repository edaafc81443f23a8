import type { Invariant } from "./invariants";
import type { Recorder, Window } from "./stats";

/* The soak's report: Markdown tables (pasted as they are into docs/operations.md#soak) and the goals' verdicts. */

export type MemoryRow = {
  instance: string;
  start: number | null;
  warm: number | null;
  end: number | null;
  /**
   * V8's heap as reserved from the system (heapTotal), after warm-up and at the end: what the heap costs in RSS. Its
   * in-use figure swings by 100+ MB between two full collections, so it says little when read at one instant.
   */
  heapWarm: number | null;
  heapEnd: number | null;
  /** RSS outside V8's heap (code, malloc: Buffers, libvips, zlib, the allocator's free lists), after warm-up and at the end. */
  nativeWarm: number | null;
  nativeEnd: number | null;
  /** Whether its growth counts toward the goal: a full warm-up, then at least JUDGED_AFTER_WARMUP_MS of load. */
  judged: boolean;
  note: string;
};
export type CacheRow = { instance: string; entries: number; bytes: number; hits: number; misses: number };

/** RSS may grow at most this much (fraction) from after warm-up to the end. */
export const RSS_GROWTH_LIMIT = 0.1;
/**
 * RSS growth is judged only from a full warm-up (5 minutes: until then a server is still filling bounded caches and
 * sizing its heap, so growth says nothing about leaks) followed by at least 4 minutes of load. A 20-minute run judges
 * both instances (the restarted one from its own warm-up after the restart); shorter runs report RSS unjudged (CI's
 * 1-minute run checks 5xx and invariants).
 */
export const FULL_WARMUP_MS = 5 * 60_000;
export const JUDGED_AFTER_WARMUP_MS = 4 * 60_000;

const mb = (bytes: number | null) => (bytes === null ? "—" : `${(bytes / 1024 / 1024).toFixed(0)} MB`);
const ms = (n: number | null) => (n === null ? "—" : `${n} ms`);
const table = (head: string[], rows: string[][]) =>
  [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`, ...rows.map((r) => `| ${r.join(" | ")} |`)].join("\n");

const FACTS: Record<string, string> = {
  orders: "orders",
  paid: "paid orders",
  cancelled: "cancelled orders",
  expired: "orders cancelled by the reservation sweep",
  pending: "orders pending at the end",
  duplicates: "payment events answered as duplicate/already paid",
};

export function growth(row: MemoryRow): number | null {
  return row.warm && row.end ? (row.end - row.warm) / row.warm : null;
}

export function buildReport(input: {
  minutes: number;
  workers: number;
  elapsedMs: number;
  recorder: Recorder;
  restart: Window | null;
  memory: MemoryRow[];
  cache: CacheRow[];
  outcomes: Map<string, number>;
  invariants: Invariant[];
  facts: Record<string, number>;
}): { text: string; failures: string[] } {
  const routes = input.recorder.summary(input.restart);
  const failures: string[] = [];
  const errorsOutside = routes.reduce((n, r) => n + r.errorsOutside, 0);
  if (errorsOutside > 0) failures.push(`${errorsOutside} 5xx/network errors outside the restart window`);
  if (input.restart === null) failures.push("the instance restart did not happen inside the run");
  for (const row of input.memory.filter((m) => m.judged)) {
    const g = growth(row);
    if (g !== null && g >= RSS_GROWTH_LIMIT) failures.push(`RSS of ${row.instance} grew ${(g * 100).toFixed(1)}% after warm-up`);
  }
  const unjudged = input.memory.filter((m) => !m.judged).map((m) => m.instance);
  for (const inv of input.invariants) if (!inv.ok) failures.push(`invariant failed: ${inv.name} (${inv.detail})`);

  const seconds = (input.elapsedMs / 1000).toFixed(0);
  const total = routes.reduce((n, r) => n + r.count, 0);
  const window = input.restart ? `${((input.restart.to - input.restart.from) / 1000).toFixed(0)} s` : "none";
  const text = [
    `Soak: ${input.minutes} min requested, ${seconds} s of load, ${input.workers} concurrent clients, ${total} requests (${(total / Number(seconds)).toFixed(1)}/s); restart window ${window}.`,
    "",
    table(
      ["route kind", "requests", "p50", "p99", "5xx (all)", "errors outside restart", "errors in restart window"],
      routes.map((r) => [r.kind, String(r.count), ms(r.p50), ms(r.p99), String(r.fiveXx), String(r.errorsOutside), String(r.errorsInWindow)]),
    ),
    "",
    table(
      ["instance", "RSS at start", "after warm-up", "at end", "growth after warm-up", "V8 heap after warm-up → end", "outside V8 heap", "note"],
      input.memory.map((m) => {
        const g = growth(m);
        const heap = `${mb(m.heapWarm)} → ${mb(m.heapEnd)}`;
        const native = `${mb(m.nativeWarm)} → ${mb(m.nativeEnd)}`;
        return [m.instance, mb(m.start), mb(m.warm), mb(m.end), g === null ? "—" : `${(g * 100).toFixed(1)}%`, heap, native, m.note];
      }),
    ),
    "",
    table(
      ["instance", "front-cache entries", "front-cache size", "hits", "misses"],
      input.cache.map((c) => [c.instance, String(c.entries), mb(c.bytes), String(c.hits), String(c.misses)]),
    ),
    "",
    table(["invariant", "result", "detail"], input.invariants.map((i) => [i.name, i.ok ? "ok" : "FAILED", i.detail])),
    "",
    table(
      ["outcome", "count"],
      [...[...input.outcomes.entries()].sort(), ...Object.entries(input.facts).map(([k, v]) => [`in the database: ${FACTS[k] ?? k}`, v] as const)].map(([k, v]) => [k, String(v)]),
    ),
    ...(input.recorder.unexpected.size
      ? ["", "Unexpected answers:", ...[...input.recorder.unexpected.entries()].map(([k, v]) => `- ${k}: ${v.count}× (e.g. ${v.example.replace(/\s+/g, " ")})`)]
      : []),
    "",
    ...(unjudged.length
      ? [`RSS growth not judged for ${unjudged.join(", ")}: no full ${FULL_WARMUP_MS / 60_000}-minute warm-up followed by ${JUDGED_AFTER_WARMUP_MS / 60_000} minutes of load.`, ""]
      : []),
    failures.length
      ? `FAILED: ${failures.join("; ")}`
      : `All goals met: no 5xx outside the restart window, ${unjudged.length < input.memory.length ? "RSS growth after warm-up < 10%, " : ""}invariants hold.`,
  ].join("\n");
  return { text, failures };
}
