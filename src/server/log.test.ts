import { afterEach, describe, expect, it } from "vitest";
import { resetSettingsForTests } from "./env";
import { log, requestIdFrom, setLogSinkForTests } from "./log";

function capture() {
  const lines: Array<{ level: string; entry: Record<string, unknown> }> = [];
  setLogSinkForTests((level, line) => lines.push({ level, entry: JSON.parse(line) }));
  return lines;
}

afterEach(() => {
  setLogSinkForTests(undefined);
  delete process.env.LOG_LEVEL;
  resetSettingsForTests();
});

describe("structured log", () => {
  it("writes one JSON object per event with time, level, msg, request id and fields", () => {
    const lines = capture();
    log.child({ requestId: "req-12345678" }).info("order.paid", { orderId: 42 });
    expect(lines).toEqual([
      {
        level: "info",
        entry: { time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), level: "info", msg: "order.paid", requestId: "req-12345678", orderId: 42 },
      },
    ]);
  });

  it("keeps an error's name, message, code and stack (JSON.stringify alone would print {})", () => {
    const lines = capture();
    const error = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    log.error("api.unexpected_error", { error });
    expect(lines[0].entry.error).toMatchObject({ name: "Error", message: "connect ECONNREFUSED", code: "ECONNREFUSED", stack: expect.any(String) });
  });

  it("honours LOG_LEVEL: below the threshold nothing is written, silent writes nothing", () => {
    process.env.LOG_LEVEL = "warn";
    resetSettingsForTests();
    const lines = capture();
    log.debug("a");
    log.info("b");
    log.warn("c");
    log.error("d");
    expect(lines.map((l) => l.entry.msg)).toEqual(["c", "d"]);
    process.env.LOG_LEVEL = "silent";
    resetSettingsForTests();
    log.error("e");
    expect(lines).toHaveLength(2);
  });

  it("cannot be made to forge fields: time, level and msg are never overwritten", () => {
    const lines = capture();
    log.info("real", { level: "error", msg: "forged", time: "yesterday" });
    expect(lines[0].entry).toMatchObject({ level: "info", msg: "real" });
    expect(lines[0].entry.time).not.toBe("yesterday");
  });
});

describe("request ids", () => {
  it("keeps a plain id from a load balancer and replaces anything else", () => {
    expect(requestIdFrom(new Headers({ "x-request-id": "nginx-0a1b2c3d4e" }))).toBe("nginx-0a1b2c3d4e");
    expect(requestIdFrom(new Headers({ "x-request-id": "<script>" }))).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFrom(new Headers())).toMatch(/^[0-9a-f-]{36}$/);
  });
});
