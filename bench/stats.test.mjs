// Unit tests of the benchmark's own arithmetic: `node --test bench/` (not part of npm test: benchmarks are not tests).
import assert from "node:assert/strict";
import { test } from "node:test";
import { formatRatio, formatValue, goalMet, percentile, ratio, renderTable, summarize } from "./stats.mjs";

test("percentile is nearest-rank over the sorted samples", () => {
  const samples = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
  assert.equal(percentile(samples, 50), 5);
  assert.equal(percentile(samples, 95), 10);
  assert.equal(percentile(samples, 0), 1);
  assert.equal(percentile([42], 99), 42);
  assert.ok(Number.isNaN(percentile([], 50)));
  assert.deepEqual(samples, [5, 1, 4, 2, 3, 10, 9, 8, 7, 6], "input is not reordered");
  assert.deepEqual(summarize([1, 2, 3, 4]), { n: 4, p50: 2, p95: 4, p99: 4 });
});

test("ratios are ours over baseline and say when they cannot be computed", () => {
  assert.equal(ratio(250, 1000), 0.25);
  assert.equal(formatRatio(ratio(250, 1000)), "0.25×");
  assert.equal(formatRatio(12.345), "12.3×");
  assert.equal(formatRatio(ratio(1, 0)), "—");
  assert.equal(formatRatio(ratio(Number.NaN, 3)), "—");
});

test("goals compare the ratio or our own figure, and are unknown when a measure did not run", () => {
  assert.equal(goalMet({ kind: "min", value: 0.25, on: "ratio" }, 100, 0.3), true);
  assert.equal(goalMet({ kind: "min", value: 0.25, on: "ratio" }, 100, 0.2), false);
  assert.equal(goalMet({ kind: "max", value: 100, on: "ours" }, 99.9, 1), true);
  assert.equal(goalMet({ kind: "max", value: 100, on: "ours" }, Number.NaN, 1), null);
  assert.equal(goalMet(undefined, 1, 1), null);
});

test("values carry their unit and the table aligns its columns", () => {
  assert.equal(formatValue(1234.4, "req/s"), "1,234 req/s");
  assert.equal(formatValue(12.34, "ms"), "12.3 ms");
  assert.equal(formatValue(2048, "kB"), "2.0 kB");
  assert.equal(formatValue(Number.NaN, "ms"), "—");
  const table = renderTable(["a", "bb"], [["xxx", "1"]]).split("\n");
  assert.equal(table[0], "| a   | bb |");
  assert.equal(table[2], "| xxx | 1  |");
});
