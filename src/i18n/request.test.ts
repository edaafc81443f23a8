import { describe, expect, it, vi } from "vitest";
import requestConfig from "./request";

// Outside React's server build next-intl's getRequestConfig throws; it only hands the function back there.
vi.mock("next-intl/server", () => ({ getRequestConfig: (create: unknown) => create }));

describe("next-intl request config", () => {
  it("names the server's time zone itself, as next-intl's per-request fallback would (read once)", async () => {
    const config = await (requestConfig as unknown as (p: { requestLocale: Promise<string> }) => Promise<{ locale: string; timeZone?: string }>)({
      requestLocale: Promise.resolve("es"),
    });
    expect(config.locale).toBe("es");
    expect(config.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
