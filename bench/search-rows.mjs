// The table rows of the search bench (bench/search-suite.ts): every fixed query's p95 at a million products on
// PostgreSQL against the goal of 50 ms, asked for the first time and asked again. Kept apart from run.mjs so the goal
// reads in one place.
import { summarize } from "./stats.mjs";

export const SEARCH_GOAL_MS = 50;

export function searchRows(suite, count) {
  const scale = count >= 1_000_000 ? `${count / 1_000_000}M` : `${count / 1000}k`;
  const goal = { kind: "max", value: SEARCH_GOAL_MS, on: "ours" };
  if (!suite) return [{ measure: `search (PostgreSQL, ${scale})`, ours: Number.NaN, unit: "ms", goal, note: "the search suite failed (see the log)" }];
  const loads = `load ${suite.load.timing.map((l) => l.toFixed(1)).join(" ")} → ${suite.load.after.map((l) => l.toFixed(1)).join(" ")} on ${suite.load.cpus} CPUs`;
  const rows = Object.entries(suite.timings).map(([name, samples]) => {
    const s = summarize(samples);
    const query = suite.queries.find((q) => name.endsWith(`: ${q.name}`));
    const found = query ? `${suite.matches[query.name].toLocaleString("en-US")} matches` : "";
    return { measure: `search ${name} p95 (PostgreSQL, ${scale})`, ours: s.p95, unit: "ms", goal, note: `p50 ${s.p50.toFixed(1)} ms; "${query?.query}" ${found}` };
  });
  // The first ask and the kept answer apart: pooled, the kept calls (a tenth of the time) hid how long a shopper who
  // asks something new waits.
  const asks = [["first ask: ", "asked for the first time"], ["kept: ", "asked again (kept)"], ["page, first ask: ", "page (/search: listing + facets) asked for the first time"]];
  for (const [ask, label] of asks) {
    const samples = Object.entries(suite.timings).filter(([name]) => name.startsWith(ask)).flatMap(([, s]) => s);
    if (samples.length === 0) continue;
    const s = summarize(samples);
    rows.push({ measure: `search ${label}, every query, p95 (PostgreSQL, ${scale})`, ours: s.p95, unit: "ms", goal, note: `p50 ${s.p50.toFixed(1)} ms; ${loads}` });
  }
  return rows;
}
