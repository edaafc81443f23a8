// Statistics and table helpers of the benchmark. Plain ESM so bench/run.mjs needs no compiler.

/** The p-th percentile (0–100) of numeric samples, nearest-rank on a sorted copy; NaN when there are none. */
export function percentile(samples, p) {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export function summarize(samples) {
  return { n: samples.length, p50: percentile(samples, 50), p95: percentile(samples, 95), p99: percentile(samples, 99) };
}

/** ours / baseline, or NaN when either side is missing (a measure that could not run). */
export function ratio(ours, baseline) {
  if (!Number.isFinite(ours) || !Number.isFinite(baseline) || baseline === 0) return Number.NaN;
  return ours / baseline;
}

/** "0.31×"; two significant decimals below 10, "—" when there is nothing to compare. */
export function formatRatio(value) {
  if (!Number.isFinite(value)) return "—";
  return `${value >= 10 ? value.toFixed(1) : value.toFixed(2)}×`;
}

/** A figure with its unit: "1,234 req/s", "12.3 ms", "45.6 kB"; "—" when the measure did not run. */
export function formatValue(value, unit) {
  if (value === undefined || value === null || (typeof value === "number" && !Number.isFinite(value))) return "—";
  if (typeof value === "string") return value;
  switch (unit) {
    case "req/s":
    case "orders/s":
      return `${value >= 100 ? Math.round(value).toLocaleString("en-US") : value.toFixed(1)} ${unit}`;
    case "ms":
      return `${value >= 100 ? Math.round(value) : value.toFixed(1)} ms`;
    case "kB":
      return `${(value / 1024).toFixed(1)} kB`;
    case "":
    case undefined:
      return Number.isInteger(value) ? String(value) : value.toFixed(3);
    default:
      return `${value} ${unit}`;
  }
}

/**
 * Goal check: `{ kind: "min"|"max", value, on: "ratio"|"ours" }`. Answers true/false, or null when the measure
 * could not run (then the table says so instead of pretending it was met).
 */
export function goalMet(goal, ours, rat) {
  if (!goal) return null;
  const subject = goal.on === "ratio" ? rat : ours;
  if (typeof subject !== "number" || !Number.isFinite(subject)) return null;
  return goal.kind === "min" ? subject >= goal.value : subject <= goal.value;
}

export function formatGoal(goal, unit) {
  if (!goal) return "";
  const op = goal.kind === "min" ? "≥" : "≤";
  if (goal.on === "ratio") return `${op} ${goal.value}×`;
  return `${op} ${formatValue(goal.value, unit)}`;
}

/** Renders rows of cells as an aligned plain-text (and Markdown-compatible) table. */
export function renderTable(header, rows) {
  const all = [header, ...rows].map((r) => r.map((c) => String(c ?? "")));
  const widths = header.map((_, i) => Math.max(...all.map((r) => [...r[i]].length)));
  const line = (r) => `| ${r.map((c, i) => c + " ".repeat(widths[i] - [...c].length)).join(" | ")} |`;
  return [line(all[0]), `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`, ...all.slice(1).map(line)].join("\n");
}
