import { describe, expect, it } from "vitest";
import { isRetryableTransactionError, withTransactionRetry } from "./transaction-retry";

const deadlock = () => Object.assign(new Error('Failed query: update "variants" …'), { cause: Object.assign(new Error("deadlock detected"), { code: "40P01" }) });

describe("transactions rolled back by a deadlock", () => {
  it("are recognised through drizzle's wrapper, and other errors are not", () => {
    expect(isRetryableTransactionError(deadlock())).toBe(true);
    expect(isRetryableTransactionError(Object.assign(new Error("could not serialize"), { code: "40001" }))).toBe(true);
    expect(isRetryableTransactionError(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isRetryableTransactionError(new Error("out of stock"))).toBe(false);
  });

  it("run again until they succeed, a few times at most; any other error is thrown at once", async () => {
    let calls = 0;
    await expect(withTransactionRetry(async () => (++calls < 3 ? Promise.reject(deadlock()) : "done"))).resolves.toBe("done");
    expect(calls).toBe(3);

    calls = 0;
    await expect(withTransactionRetry(async () => (calls++, Promise.reject(deadlock())), 4)).rejects.toThrow(/Failed query/);
    expect(calls).toBe(4);

    calls = 0;
    await expect(withTransactionRetry(async () => (calls++, Promise.reject(new Error("out of stock"))))).rejects.toThrow("out of stock");
    expect(calls).toBe(1);
  });
});
