import { afterEach, describe, expect, it } from "vitest";
import { NextRequest, type NextResponse } from "next/server";
import proxy from "@/proxy";
import { resetSettingsForTests } from "@/server/env";
import { NON_DOCUMENT_CSP, pageContentSecurityPolicy, staticHeaderRules } from "@/server/security/headers";

/** Parses "a x y; b z" into { a: ["x","y"], b: ["z"] }. */
function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name, values]),
  );
}

function withEnv(values: Record<string, string | undefined>) {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetSettingsForTests();
}

const saved = { BASE_URL: process.env.BASE_URL, PAYMENT_PROVIDER: process.env.PAYMENT_PROVIDER };
afterEach(() => withEnv(saved));

// None of these paths is a catalog address, which alone the proxy answers asynchronously (an old address's 301).
function run(path: string, headers: Record<string, string> = {}) {
  return proxy(new NextRequest(`http://localhost:3000${path}`, { headers: { "accept-language": "en", ...headers } })) as NextResponse;
}

describe("page Content-Security-Policy", () => {
  it("attack: XSS — blocks injected scripts: only the request's nonce (and what it loads) may run", () => {
    const d = directives(pageContentSecurityPolicy({ nonce: "abc123" }));
    expect(d["script-src"]).toEqual(["'self'", "'nonce-abc123'", "'strict-dynamic'"]);
    expect(d["script-src"]).not.toContain("'unsafe-inline'");
    expect(d["script-src"]).not.toContain("'unsafe-eval'");
  });

  it("attack: clickjacking — forbids framing by other sites, plugins and <base> hijacking", () => {
    const d = directives(pageContentSecurityPolicy({ nonce: "n" }));
    expect(d["frame-ancestors"]).toEqual(["'none'"]);
    expect(d["object-src"]).toEqual(["'none'"]);
    expect(d["base-uri"]).toEqual(["'none'"]);
    expect(d["connect-src"]).toEqual(["'self'"]);
    expect(d["report-uri"]).toEqual(["/api/csp-report"]);
  });

  it("lets forms post to the shop only, plus Stripe Checkout when Stripe is the provider", () => {
    expect(directives(pageContentSecurityPolicy({ nonce: "n", paymentProvider: "demo" }))["form-action"]).toEqual(["'self'"]);
    expect(directives(pageContentSecurityPolicy({ nonce: "n", paymentProvider: "stripe" }))["form-action"]).toEqual([
      "'self'",
      "https://checkout.stripe.com",
    ]);
  });

  it("allows the video hosts the rich-text sanitizer keeps, and no other frame", () => {
    const frames = directives(pageContentSecurityPolicy({ nonce: "n" }))["frame-src"];
    expect(frames).toContain("https://www.youtube.com");
    expect(frames).toContain("https://player.vimeo.com");
    expect(frames).not.toContain("*");
  });

  it("keeps inline styles working (a style nonce would disable 'unsafe-inline')", () => {
    const styles = directives(pageContentSecurityPolicy({ nonce: "n" }))["style-src"];
    expect(styles).toContain("'unsafe-inline'");
    expect(styles.some((v) => v.startsWith("'nonce-"))).toBe(false);
  });
});

describe("proxy", () => {
  it("gives each page request its own nonce, on the answer and on the request Next renders", async () => {
    const first = run("/store");
    const second = run("/store");
    const csp = first.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(second.headers.get("content-security-policy")).not.toContain(`'nonce-${nonce}'`);
    // NextResponse.next/rewrite({ request: { headers } }) forwards request headers as x-middleware-request-*.
    expect(first.headers.get("x-middleware-request-x-nonce")).toBe(nonce);
    expect(first.headers.get("x-middleware-request-content-security-policy")).toBe(csp);
  });

  it("still routes locales: English is rewritten under /en, /es stays Spanish", () => {
    expect(run("/store").headers.get("x-middleware-rewrite")).toBe("http://localhost:3000/en/store");
    expect(run("/es/store").headers.get("x-middleware-request-x-next-intl-locale")).toBe("es");
  });

  it("answers a request id, keeping a well-formed one from the load balancer and replacing a forged one", () => {
    const fresh = run("/").headers.get("x-request-id");
    expect(fresh).toMatch(/^[0-9a-f-]{36}$/);
    expect(run("/", { "x-request-id": "lb-0123456789" }).headers.get("x-request-id")).toBe("lb-0123456789");
    const forged = run("/", { "x-request-id": '"},{"level":"error","msg":"forged' }).headers.get("x-request-id");
    expect(forged).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("sets nosniff, referrer, permissions and frame headers on pages, redirects included", () => {
    for (const response of [run("/about"), run("/en/about")]) {
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("permissions-policy")).toBe("camera=(), microphone=(), geolocation=(), payment=(self)");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    }
  });

  it("sends HSTS only when the shop's address is https", () => {
    withEnv({ BASE_URL: "http://localhost:3000" });
    expect(run("/").headers.get("strict-transport-security")).toBeNull();
    withEnv({ BASE_URL: "https://shop.example.com" });
    expect(run("/").headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
  });
});

describe("headers for paths the proxy does not run on (next.config.ts)", () => {
  it("locks API answers and uploads down and gives every path the common headers", () => {
    const rules = staticHeaderRules();
    const forAll = rules.find((r) => r.source === "/:path*")?.headers.map((h) => h.key);
    expect(forAll).toEqual(["X-Content-Type-Options", "Referrer-Policy", "Permissions-Policy", "X-Frame-Options"]);
    for (const source of ["/api/:path*", "/uploads/:path*"]) {
      expect(rules.find((r) => r.source === source)?.headers).toEqual([{ key: "Content-Security-Policy", value: NON_DOCUMENT_CSP }]);
    }
    // No static rule may give pages a second, nonce-less CSP: browsers would enforce both and block Next's scripts.
    expect(rules.filter((r) => r.headers.some((h) => h.key === "Content-Security-Policy")).map((r) => r.source)).toEqual([
      "/api/:path*",
      "/uploads/:path*",
    ]);
  });
});

describe("POST /api/csp-report", () => {
  async function post(body: string, contentType = "application/csp-report") {
    const { POST } = await import("@/app/api/csp-report/route");
    const { setLogSinkForTests } = await import("@/server/log");
    const lines: string[] = [];
    setLogSinkForTests((_level, line) => lines.push(line));
    try {
      const response = await POST(new Request("http://localhost/api/csp-report", { method: "POST", body, headers: { "content-type": contentType } }));
      return { status: response.status, logged: lines.map((l) => JSON.parse(l)) };
    } finally {
      setLogSinkForTests(undefined);
    }
  }

  it("logs a browser's report-uri report as one csp.violation warning and answers 204", async () => {
    const body = JSON.stringify({
      "csp-report": { "document-uri": "http://localhost/store", "blocked-uri": "https://evil.example/x.js", "effective-directive": "script-src-elem" },
    });
    const { status, logged } = await post(body);
    expect(status).toBe(204);
    expect(logged).toEqual([
      expect.objectContaining({
        level: "warn",
        msg: "csp.violation",
        documentUri: "http://localhost/store",
        blockedUri: "https://evil.example/x.js",
        directive: "script-src-elem",
      }),
    ]);
  });

  it("reads the Reporting API format too", async () => {
    const body = JSON.stringify([{ type: "csp-violation", url: "http://localhost/", body: { documentURL: "http://localhost/", blockedURL: "eval", effectiveDirective: "script-src" } }]);
    const { status, logged } = await post(body, "application/reports+json");
    expect(status).toBe(204);
    expect(logged).toEqual([expect.objectContaining({ blockedUri: "eval", directive: "script-src" })]);
  });

  it("attack: oversized body — flooding the CSP report endpoint with a huge body is refused (413) and logs nothing", async () => {
    const { status, logged } = await post(JSON.stringify({ "csp-report": { "document-uri": "x".repeat(100_000) } }));
    expect(status).toBe(413);
    expect(logged).toEqual([]);
  });

  it("refuses bodies that are not reports", async () => {
    expect((await post("not json")).status).toBe(400);
    expect((await post(JSON.stringify({ hello: "world" }))).status).toBe(400);
  });
});
