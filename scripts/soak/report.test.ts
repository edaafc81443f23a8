import { describe, expect, it } from "vitest";
import { buildReport, type MemoryRow } from "./report";
import { Recorder } from "./stats";

/** The soak's verdict on memory (docs/operations.md#soak): only instances with a full warm-up are judged. */
const MB = 1024 * 1024;
const row = (instance: string, warm: number, end: number, judged: boolean): MemoryRow => ({
  instance,
  start: 200 * MB,
  warm: warm * MB,
  end: end * MB,
  heapWarm: 170 * MB,
  heapEnd: 180 * MB,
  nativeWarm: 200 * MB,
  nativeEnd: 210 * MB,
  judged,
  note: "",
});
const report = (memory: MemoryRow[]) =>
  buildReport({ minutes: 20, workers: 8, elapsedMs: 1_200_000, recorder: new Recorder(), restart: { from: 1, to: 2 }, memory, cache: [], outcomes: new Map(), invariants: [], facts: {} });

describe("soak report: RSS growth", () => {
  it("fails a judged instance that grew 10% or more after warm-up, and passes one under 10%", () => {
    const { failures, text } = report([row("A", 372, 400, true), row("B", 364, 401, true)]);
    expect(failures).toEqual(["RSS of B grew 10.2% after warm-up"]);
    expect(text).toContain("| A | 200 MB | 372 MB | 400 MB | 7.5% | 170 MB → 180 MB | 200 MB → 210 MB |");
  });

  it("reports an instance without a full warm-up but does not judge it", () => {
    const { failures, text } = report([row("A", 300, 400, false), row("B", 364, 380, true)]);
    expect(failures).toEqual([]);
    expect(text).toContain("RSS growth not judged for A");
    expect(text).toContain("All goals met: no 5xx outside the restart window, RSS growth after warm-up < 10%");
  });

  it("claims nothing about RSS when no instance was judged (the 1-minute run)", () => {
    const { failures, text } = report([row("A", 300, 400, false), row("B", 300, 400, false)]);
    expect(failures).toEqual([]);
    expect(text).toContain("All goals met: no 5xx outside the restart window, invariants hold.");
  });
});
