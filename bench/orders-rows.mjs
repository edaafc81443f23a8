// The table rows of the orders suite (bench/orders-suite.ts): each admin call's p95 against 100 ms, and the CSV
// export of every order in constant memory. Kept apart from run.mjs so the goals read in one place.
import { summarize } from "./stats.mjs";

/** Peak growth of the process's resident memory while the whole export streams. */
export const EXPORT_MEMORY_GOAL_MB = 64;

export function ordersRows(suite, count) {
  const scale = `${count >= 1_000_000 ? `${count / 1_000_000}M` : `${count / 1000}k`} orders`;
  if (!suite) return [{ measure: `admin orders (${scale})`, ours: Number.NaN, unit: "ms", goal: { kind: "max", value: 100, on: "ours" }, note: "the orders suite failed (see the log)" }];
  const rows = Object.entries(suite.timings).map(([name, samples]) => {
    const s = summarize(samples);
    return { measure: `${name} p95 (PostgreSQL, ${scale})`, ours: s.p95, unit: "ms", goal: { kind: "max", value: 100, on: "ours" }, note: `p50 ${s.p50.toFixed(1)} ms` };
  });
  const csv = suite.csv;
  if (csv) {
    rows.push({
      measure: `orders CSV export, all ${scale}`,
      ours: `${csv.rows.toLocaleString("en-US")} rows`,
      goalText: "every order",
      met: csv.rows === csv.expected,
      note: `${(csv.bytes / 2 ** 20).toFixed(0)} MB in ${csv.seconds.toFixed(1)} s; expected ${csv.expected.toLocaleString("en-US")} rows`,
    });
    rows.push({
      measure: "orders CSV export: peak RSS growth",
      ours: Math.round(csv.peakGrowthMb * 10) / 10,
      unit: "MB",
      goal: { kind: "max", value: EXPORT_MEMORY_GOAL_MB, on: "ours" },
      note: `RSS ${csv.rssStartMb.toFixed(0)} MB at the start; growth after the first tenth of the rows ${csv.growthAfterFirstTenthMb.toFixed(1)} MB`,
    });
  }
  return rows;
}
