import { afterEach, describe, expect, it, vi } from "vitest";
import { setLogSinkForTests } from "@/server/log";

// The runner's own mapping is under test: the session check, the database handle and the database probe are
// replaced so that each cause can be produced on purpose (the probe itself runs for real in the auth route's tests).
const databaseIsDown = vi.fn<() => Promise<boolean>>();
vi.mock("@/server/http/database-unavailable", () => ({ databaseIsDown: () => databaseIsDown() }));
vi.mock("@/server/db/client", () => ({ getDb: async () => ({}) }));
vi.mock("@/features/accounts/session", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/features/accounts/session")>()),
  assertAdmin: async () => ({ id: "admin-1", email: "admin@example.com" }),
}));

const { runAdminAction } = await import("./action-runner");
const { z } = await import("zod");
// Any domain's refusal (decision 0352): the catalog's, here.
const { CatalogError } = await import("@/features/catalog/errors");

describe("the admin action runner's failure messages (docs/product.md#error-messages)", () => {
  afterEach(() => {
    databaseIsDown.mockReset();
    setLogSinkForTests(undefined);
  });

  it("names the database when an unplanned failure happens while the database does not answer", async () => {
    const lines: string[] = [];
    setLogSinkForTests((_level, line) => lines.push(line));
    databaseIsDown.mockResolvedValue(true);
    const result = await runAdminAction(() => ({}), async () => {
      throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
    });
    expect(result).toEqual({ ok: false, error: "The shop cannot reach its database right now. Please try again in a minute." });
    expect(lines.join("\n")).toContain("database_unavailable");
  });

  it("keeps 'unexpected' for an unplanned failure while the database answers", async () => {
    setLogSinkForTests(() => {});
    databaseIsDown.mockResolvedValue(false);
    const result = await runAdminAction(() => ({}), async () => {
      throw new Error("bug");
    });
    expect(result).toEqual({ ok: false, error: "An unexpected error occurred. Try again; if it persists, check the server log." });
  });

  it("answers a known refusal with its own message without probing the database", async () => {
    const result = await runAdminAction(() => ({}), async () => {
      throw new CatalogError("duplicateSlug");
    });
    expect(result.ok).toBe(false);
    expect(databaseIsDown).not.toHaveBeenCalled();
  });

  it("answers a refused shape on each field at fault, by its path in the input, and writes nothing", async () => {
    const schema = z.object({ titleEn: z.string().min(1).max(5), variants: z.array(z.object({ priceCents: z.number().int() })) });
    const work = vi.fn(async () => undefined);
    const result = await runAdminAction(() => schema.parse({ titleEn: "", variants: [{ priceCents: 1 }, { priceCents: 1.5 }] }), work);
    expect(work).not.toHaveBeenCalled();
    expect(result).toMatchObject({
      ok: false,
      field: "titleEn",
      fieldErrors: { titleEn: "Fill in this field.", "variants.1.priceCents": "This value is not valid; check it and save again." },
    });
    const tooLong = await runAdminAction(() => schema.parse({ titleEn: "Far too long", variants: [] }), work);
    expect(tooLong).toMatchObject({ fieldErrors: { titleEn: "A field is too long (at most 5 characters)." } });
  });

  it("answers a domain refusal naming a field on that field", async () => {
    const result = await runAdminAction(() => ({}), async () => {
      throw new CatalogError("productTitleRequired", {}, undefined, { field: "titleEn" });
    });
    expect(result).toMatchObject({ ok: false, field: "titleEn", fieldErrors: { titleEn: expect.any(String) } });
  });
});
