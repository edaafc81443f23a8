import { afterEach, describe, expect, it, vi } from "vitest";
import { cachedRead } from "./cached-read";
import { handleAnnouncement, invalidateLocally } from "./invalidation";

vi.mock("next/cache", () => ({ revalidateTag: () => {} }));

let n = 0;
/** A read that counts its calls, under a key of its own test. */
function counter(value: unknown = { total: 3, items: [{ at: new Date("2026-01-02T03:04:05Z") }] }) {
  const key = `test:${n++}`;
  const read = vi.fn(async () => value);
  return { read, get: () => cachedRead([key], ["catalog"], read) };
}

describe("cachedRead", () => {
  afterEach(() => vi.useRealTimers());

  it("reads once and answers later calls from memory, in the data cache's JSON form", async () => {
    const { read, get } = counter();
    const first = await get();
    const second = await get();
    expect(read).toHaveBeenCalledTimes(1);
    expect(second).toEqual({ total: 3, items: [{ at: "2026-01-02T03:04:05.000Z" }] });
    expect(first).toEqual(second);
  });

  it("shares one read between concurrent callers", async () => {
    const { read, get } = counter();
    await Promise.all([get(), get(), get()]);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it("hands every caller a frozen answer: changing it for one request cannot change it for the next", async () => {
    const { get } = counter({ products: [{ title: "Boot" }] });
    const answer = (await get()) as { products: { title: string }[] };
    expect(() => answer.products.push({ title: "Injected" })).toThrow(TypeError);
    expect(() => {
      answer.products[0].title = "Changed";
    }).toThrow(TypeError);
    expect(await get()).toEqual({ products: [{ title: "Boot" }] });
  });

  it("reads again after a save here, an announcement from another instance, or the facet watcher", async () => {
    const { read, get } = counter();
    await get();
    invalidateLocally();
    await get();
    expect(read).toHaveBeenCalledTimes(2);
    handleAnnouncement(JSON.stringify({ from: "another-instance", scope: "all" }));
    await get();
    expect(read).toHaveBeenCalledTimes(3);
    // A stock-only change keeps cached reads (live stock is never cached).
    handleAnnouncement(JSON.stringify({ from: "another-instance", scope: "stock" }));
    await get();
    expect(read).toHaveBeenCalledTimes(3);
  });

  it("reads again after an hour even without an invalidation", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { read, get } = counter();
    await get();
    vi.setSystemTime(Date.now() + 3600 * 1000 + 1);
    await get();
    expect(read).toHaveBeenCalledTimes(2);
  });

  it("does not keep a failed read", async () => {
    const key = `test:${n++}`;
    const read = vi.fn().mockRejectedValueOnce(new Error("connection lost")).mockResolvedValue([1]);
    await expect(cachedRead([key], [], read)).rejects.toThrow("connection lost");
    expect(await cachedRead([key], [], read)).toEqual([1]);
    expect(read).toHaveBeenCalledTimes(2);
  });
});
