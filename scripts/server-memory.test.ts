import { describe, expect, it } from "vitest";
// @ts-expect-error plain ESM script without type declarations
import { HEAP_CEILING_MB, serverMemorySettings } from "./server-memory.mjs";

/** What scripts/start.mjs adds to the server process (docs/decisions/0150-server-memory-bounds.md). */
const GB = 1024 * 1024 * 1024;

describe("serverMemorySettings", () => {
  it("caps V8's old generation at 1 GB on a large machine, with 64 MB semi-spaces, and keeps two malloc arenas", () => {
    const { execArgv, env } = serverMemorySettings({ PORT: "3000" }, 24 * GB);
    expect(execArgv).toEqual([`--max-old-space-size=${HEAP_CEILING_MB}`, "--max-semi-space-size=64"]);
    expect(env).toEqual({ PORT: "3000", MALLOC_ARENA_MAX: "2" });
  });

  it("takes a quarter of a small container's memory, never less than 256 MB, and a sixteenth of that for semi-spaces", () => {
    expect(serverMemorySettings({}, 2 * GB).execArgv).toEqual(["--max-old-space-size=512", "--max-semi-space-size=32"]);
    // Node's own 16 MB semi-spaces on the smallest hosts: the young generation never takes memory the heap needs.
    expect(serverMemorySettings({}, 0.5 * GB).execArgv).toEqual(["--max-old-space-size=256", "--max-semi-space-size=16"]);
  });

  it("shares the quarter out between the web server processes", () => {
    expect(serverMemorySettings({ SERVER_PROCESSES: "2" }, 2 * GB).execArgv).toEqual(["--max-old-space-size=256", "--max-semi-space-size=16"]);
    expect(serverMemorySettings({ SERVER_PROCESSES: "3" }, 12 * GB).execArgv).toEqual(["--max-old-space-size=1024", "--max-semi-space-size=64"]);
  });

  it("leaves the operator's own heap sizes and arena count alone", () => {
    const own = { NODE_OPTIONS: "--import ./x.mjs --max-old-space-size=3000 --max-semi-space-size=8", MALLOC_ARENA_MAX: "4" };
    const { execArgv, env } = serverMemorySettings(own, 24 * GB);
    expect(execArgv).toEqual([]);
    expect(env).toEqual(own);
    // Their heap cap, not the host's, sizes the young generation.
    expect(serverMemorySettings({ NODE_OPTIONS: "--max-old-space-size 700" }, 24 * GB).execArgv).toEqual(["--max-semi-space-size=43"]);
    expect(serverMemorySettings({ NODE_OPTIONS: "--max-old-space-size=256" }, 24 * GB).execArgv).toEqual(["--max-semi-space-size=16"]);
    expect(serverMemorySettings({ NODE_OPTIONS: "--max-old-space-size=4096" }, 2 * GB).execArgv).toEqual(["--max-semi-space-size=64"]);
    expect(serverMemorySettings({ NODE_OPTIONS: "--max-semi-space-size=8" }, 24 * GB).execArgv).toEqual([`--max-old-space-size=${HEAP_CEILING_MB}`]);
    // A flag that only starts the same way is not the heap size.
    expect(serverMemorySettings({ NODE_OPTIONS: "--max-old-space-size-x=1" }, 24 * GB).execArgv).toEqual([`--max-old-space-size=${HEAP_CEILING_MB}`, "--max-semi-space-size=64"]);
  });
});
