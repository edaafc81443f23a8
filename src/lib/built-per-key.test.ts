import { describe, expect, it } from "vitest";
import { builtPerKey } from "./built-per-key";

describe("builtPerKey", () => {
  it("builds once per key and starts over past its bound", () => {
    const built: string[] = [];
    const get = builtPerKey((key) => (built.push(key), { key }), 2);
    expect(get("a")).toBe(get("a"));
    expect(get("b").key).toBe("b");
    expect(built).toEqual(["a", "b"]);
    get("c");
    get("a");
    expect(built).toEqual(["a", "b", "c", "a"]);
  });
});
