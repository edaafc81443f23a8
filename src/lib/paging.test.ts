import { describe, expect, it } from "vitest";
import { pageCount, pageNumber, pageWindow } from "./paging";

describe("page arithmetic", () => {
  it.each([
    [undefined, 1],
    [1, 1],
    [7, 7],
    [0, 1],
    [-3, 1],
    [2.5, 1],
    [Number.NaN, 1],
    [Number.MAX_SAFE_INTEGER + 1, 1],
  ])("page %s is read as %s", (asked, page) => expect(pageNumber(asked)).toBe(page));

  it.each([
    [0, 25, 1],
    [1, 25, 1],
    [25, 25, 1],
    [26, 25, 2],
    [1_000_000, 25, 40_000],
  ])("%s rows at %s a page make %s pages", (rows, size, pages) => expect(pageCount(rows, size)).toBe(pages));

  it("page 1 starts at the first row, page 3 of 50 after 100 rows", () => {
    expect(pageWindow(1, 50)).toEqual({ offset: 0, limit: 50 });
    expect(pageWindow(3, 50)).toEqual({ offset: 100, limit: 50 });
  });
});
