import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetSettingsForTests } from "../env";
import { setLogSinkForTests } from "../log";
import { logBaseUrlAtStartup, requestOrigin, resetRefusedOriginWarnings, shopBaseUrl } from "./request-origin";
import { crossOriginResponse, isCrossSiteRequest } from "./same-origin";

const saved = {
  BASE_URL: process.env.BASE_URL,
  TRUSTED_PROXY: process.env.TRUSTED_PROXY,
  CORS: process.env.CORS_ALLOWED_ORIGINS,
  ALLOWED_HOSTS: process.env.ALLOWED_HOSTS,
};

/** Hosts these cases reach the shop at besides loopback (the server's own addresses vary; decision 0340). */
const ALLOWED_HOSTS = "192.168.1.20,shop.example,10.0.0.5";

function withEnv(env: { BASE_URL?: string; TRUSTED_PROXY?: string }) {
  process.env.BASE_URL = env.BASE_URL ?? "";
  process.env.TRUSTED_PROXY = env.TRUSTED_PROXY ?? "";
  process.env.CORS_ALLOWED_ORIGINS = "";
  process.env.ALLOWED_HOSTS = ALLOWED_HOSTS;
  resetSettingsForTests();
}

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  setLogSinkForTests((_level, line) => lines.push(JSON.parse(line)));
  return lines;
}

/** A browser's state-changing post: Next's request.url carries its configured host, never the one reached. */
function post(headers: Record<string, string>) {
  return new Request("http://localhost:3000/api/auth/sign-up/email", { method: "POST", headers });
}

beforeEach(() => resetRefusedOriginWarnings());
afterEach(() => {
  process.env.BASE_URL = saved.BASE_URL;
  process.env.TRUSTED_PROXY = saved.TRUSTED_PROXY;
  process.env.CORS_ALLOWED_ORIGINS = saved.CORS;
  process.env.ALLOWED_HOSTS = saved.ALLOWED_HOSTS;
  setLogSinkForTests(undefined);
  resetSettingsForTests();
});

describe("the origin a request reached (docs/product.md#shop-address)", () => {
  it("is the Host header's, for names, IPv4 and bracketed IPv6 addresses", () => {
    withEnv({});
    expect(requestOrigin(new Headers({ host: "127.0.0.1:3000" }))).toBe("http://127.0.0.1:3000");
    expect(requestOrigin(new Headers({ host: "[::1]:3000" }))).toBe("http://[::1]:3000");
    expect(requestOrigin(new Headers({ host: "192.168.1.20:8080" }))).toBe("http://192.168.1.20:8080");
    expect(requestOrigin(new Headers({ host: "Shop.Example:80" }))).toBe("http://shop.example");
  });

  it("is none for a missing or malformed Host (nothing can smuggle a path or another scheme in)", () => {
    withEnv({});
    for (const host of ["", "evil.example/path", "a b", "evil.example@x", "javascript:alert(1)", "host:99999999", "[::1"]) {
      expect(requestOrigin(new Headers(host ? { host } : {})), host).toBeNull();
    }
  });

  it("takes X-Forwarded-Host/-Proto only with TRUSTED_PROXY=true", () => {
    const headers = new Headers({ host: "10.0.0.5:3000", "x-forwarded-host": "shop.example", "x-forwarded-proto": "https" });
    withEnv({});
    expect(requestOrigin(headers)).toBe("http://10.0.0.5:3000");
    withEnv({ TRUSTED_PROXY: "true" });
    expect(requestOrigin(headers)).toBe("https://shop.example");
  });

  it("is the base of absolute links when BASE_URL is unset, and BASE_URL when it is set", () => {
    withEnv({});
    expect(shopBaseUrl(new Headers({ host: "[::1]:3200" }))).toBe("http://[::1]:3200");
    withEnv({ BASE_URL: "https://shop.example/" });
    expect(shopBaseUrl(new Headers({ host: "[::1]:3200" }))).toBe("https://shop.example");
  });
});

describe("same-origin check with BASE_URL unset", () => {
  it("accepts a post whose Origin is the address it reached, at every address", () => {
    withEnv({});
    for (const host of ["localhost:3000", "127.0.0.1:3000", "[::1]:3000", "192.168.1.20:3000"]) {
      expect(isCrossSiteRequest(post({ host, origin: `http://${host}`, "sec-fetch-site": "same-origin" })), host).toBe(false);
    }
  });

  it("refuses another site's Origin, a spoofed forwarded host without a trusted proxy and Origin null", () => {
    withEnv({});
    expect(isCrossSiteRequest(post({ host: "127.0.0.1:3000", origin: "http://evil.example", "sec-fetch-site": "cross-site" }))).toBe(true);
    expect(isCrossSiteRequest(post({ host: "127.0.0.1:3000", origin: "http://localhost:3000" }))).toBe(true);
    expect(
      isCrossSiteRequest(post({ host: "127.0.0.1:3000", "x-forwarded-host": "evil.example", origin: "http://evil.example" })),
    ).toBe(true);
    expect(isCrossSiteRequest(post({ host: "127.0.0.1:3000", origin: "null", "sec-fetch-site": "cross-site" }))).toBe(true);
    expect(isCrossSiteRequest(post({ origin: "http://127.0.0.1:3000" }))).toBe(true);
  });

  it("accepts the proxy's forwarded origin with TRUSTED_PROXY=true", () => {
    withEnv({ TRUSTED_PROXY: "true" });
    const headers = { host: "10.0.0.5:3000", "x-forwarded-host": "shop.example", "x-forwarded-proto": "https" };
    expect(isCrossSiteRequest(post({ ...headers, origin: "https://shop.example" }))).toBe(false);
    expect(isCrossSiteRequest(post({ ...headers, origin: "http://10.0.0.5:3000" }))).toBe(true);
  });

  it("logs one start-up line saying BASE_URL is unset, and none when it is set", () => {
    withEnv({});
    const lines = capture();
    logBaseUrlAtStartup();
    expect(lines).toHaveLength(1);
    expect(String(lines[0].note)).toMatch(/^BASE_URL is not set: the shop answers at the server's own addresses .*, ALLOWED_HOSTS \(192\.168\.1\.20, shop\.example, 10\.0\.0\.5\)/);
    withEnv({ BASE_URL: "http://localhost:3000" });
    logBaseUrlAtStartup();
    expect(lines).toHaveLength(1);
  });
});

describe("same-origin check with BASE_URL set", () => {
  it("refuses every other origin, even the one reached, and warns once per origin naming BASE_URL", () => {
    withEnv({ BASE_URL: "http://localhost:3000" });
    const lines = capture();
    const from127 = { host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000", "sec-fetch-site": "same-origin" };
    expect(isCrossSiteRequest(post(from127))).toBe(true);
    expect(isCrossSiteRequest(post(from127))).toBe(true);
    expect(isCrossSiteRequest(post({ ...from127, origin: "http://[::1]:3000" }))).toBe(true);
    expect(isCrossSiteRequest(post({ host: "localhost:3000", origin: "http://localhost:3000" }))).toBe(false);
    expect(lines.map((l) => [l.level, l.msg, l.origin])).toEqual([
      ["warn", "origin.refused", "http://127.0.0.1:3000"],
      ["warn", "origin.refused", "http://[::1]:3000"],
    ]);
    expect(String(lines[0].hint)).toContain("BASE_URL is set to http://localhost:3000");
  });

  it("answers a JSON error naming the expected origin", async () => {
    withEnv({ BASE_URL: "http://localhost:3000" });
    const response = crossOriginResponse();
    expect(response.status).toBe(403);
    const body = await response.json();
    expect(body.error.code).toBe("cross_origin");
    expect(body.error.expectedOrigin).toBe("http://localhost:3000");
    expect(body.error.message).toContain("http://localhost:3000");
  });
});
