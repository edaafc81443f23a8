import { afterEach, describe, expect, it, vi } from "vitest";
import { setLogSinkForTests } from "@/server/log";

const getPage = vi.fn();
vi.mock("./queries", () => ({ getPage: (slug: string) => getPage(slug), getPageByAddress: (slug: string) => getPage(slug) }));

const { loadLocalizedPage } = await import("./components/content-page");

describe("loading a content page", () => {
  afterEach(() => {
    getPage.mockReset();
    vi.restoreAllMocks();
  });

  it("reports a database failure as the error state instead of throwing", async () => {
    const lines: string[] = [];
    setLogSinkForTests((level, line) => lines.push(`${level} ${line}`));
    getPage.mockRejectedValue(new Error("connection refused"));
    try {
      await expect(loadLocalizedPage("about", "en")).resolves.toEqual({ status: "error" });
    } finally {
      setLogSinkForTests(undefined);
    }
    expect(lines.some((l) => l.startsWith("error ") && l.includes("connection refused"))).toBe(true);
  });

  it("reports a page that is not in the database as missing (a 404)", async () => {
    getPage.mockResolvedValue(null);
    await expect(loadLocalizedPage("nope", "es")).resolves.toEqual({ status: "missing" });
  });

  it("gives the localized page when it exists", async () => {
    const record = { slug: "about", slugEs: "about", titleEn: "About Us", titleEs: "Sobre nosotros", contentEn: "<p>Hi</p>", contentEs: "<p>Hola</p>" };
    getPage.mockResolvedValue(record);
    await expect(loadLocalizedPage("about", "es")).resolves.toEqual({
      status: "ok",
      page: { slug: "about", title: "Sobre nosotros", html: "<p>Hola</p>" },
      record,
    });
  });
});
