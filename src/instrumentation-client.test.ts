import { describe, expect, it } from "vitest";

describe("browser start-up", () => {
  // The instrumentation sets zod's configuration without importing zod; this is the contract it relies on.
  it("puts zod in jitless mode", async () => {
    await import("./instrumentation-client");
    const { config } = await import("zod/v4/core");
    expect(config().jitless).toBe(true);
  });
});
