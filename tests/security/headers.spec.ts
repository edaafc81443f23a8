import { expect, test, type Page } from "@playwright/test";

/**
 * every page works under the Content-Security-Policy (no violation on the main routes, in both
 * languages, 404 included — and the page's scripts run: the cart drawer opens), and every kind of response carries
 * the security headers. The server runs on http://localhost, so HSTS must be absent.
 */

type Violation = { directive: string; blocked: string; sample: string };
declare global {
  interface Window {
    __cspViolations: Violation[];
  }
}

const routes = [
  { path: "/", cart: /^Open cart/ },
  { path: "/store", cart: /^Open cart/ },
  { path: "/product/prod_demo_01", cart: /^Open cart/ },
  { path: "/categories", cart: /^Open cart/ },
  { path: "/about", cart: /^Open cart/ },
  { path: "/es", cart: /^Abrir carrito/ },
  { path: "/es/store", cart: /^Abrir carrito/ },
  { path: "/es/product/prod_demo_01", cart: /^Abrir carrito/ },
  { path: "/no-such-page-at-all", cart: /^Open cart/, status: 404 },
];

/** Records violations from the first moment of every document, and CSP messages from the console. */
async function collectViolations(page: Page) {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      window.__cspViolations.push({ directive: event.effectiveDirective, blocked: event.blockedURI, sample: event.sample });
    });
  });
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (/Content[ -]Security[ -]Policy/i.test(message.text())) consoleErrors.push(message.text());
  });
  return {
    consoleErrors,
    violations: () => page.evaluate(() => window.__cspViolations),
  };
}

function expectPageHeaders(headers: Record<string, string>) {
  const csp = headers["content-security-policy"];
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toBe("camera=(), microphone=(), geolocation=(), payment=(self)");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-request-id"]).toBeTruthy();
  expect(headers["strict-transport-security"]).toBeUndefined();
}

test.describe("Content-Security-Policy in the browser", () => {
  for (const route of routes) {
    test(`${route.path} runs with no CSP violation and its scripts work`, async ({ page }) => {
      const collector = await collectViolations(page);
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(route.status ?? 200);
      expectPageHeaders(response!.headers());
      // Hydrated React opens the drawer: proof that Next's scripts carried the nonce and ran.
      await page.getByRole("button", { name: route.cart }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await page.keyboard.press("Escape");
      await page.waitForLoadState("networkidle");
      expect(await collector.violations()).toEqual([]);
      expect(collector.consoleErrors).toEqual([]);
    });
  }

  test("a client-side navigation keeps working under the policy", async ({ page }) => {
    const collector = await collectViolations(page);
    await page.goto("/store");
    const card = page.locator('[data-testid="product-card"][data-product-id="prod_demo_01"]');
    const link = card.getByTestId("product-card-link");
    const href = await link.getAttribute("href");
    expect(href).toMatch(/^\/product\/[a-z0-9-]+$/);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await collector.violations()).toEqual([]);
    expect(collector.consoleErrors).toEqual([]);
  });

  test("each page load gets a different nonce", async ({ page }) => {
    const nonce = async () => /'nonce-([^']+)'/.exec((await page.goto("/store"))!.headers()["content-security-policy"])?.[1];
    const first = await nonce();
    const second = await nonce();
    expect(first).toBeTruthy();
    expect(second).not.toBe(first);
  });

  test("attack: content injection — a frame from a foreign site is blocked by the CSP, seen by the collector and reported to /api/csp-report", async ({ page }) => {
    // The positive control: proves the checks above would see a violation if there were one.
    const collector = await collectViolations(page);
    await page.goto("/about");
    await page.getByRole("button", { name: /^Open cart/ }).waitFor();
    const report = page.waitForResponse((r) => r.url().endsWith("/api/csp-report") && r.request().method() === "POST");
    await page.evaluate(() => {
      const frame = document.createElement("iframe");
      frame.src = "https://attacker.example/";
      document.body.append(frame);
    });
    expect((await report).status()).toBe(204);
    await expect.poll(() => collector.violations()).toEqual([expect.objectContaining({ directive: "frame-src" })]);
  });
});

test.describe("security headers outside pages", () => {
  for (const path of ["/api/health", "/api/store/main/products", "/robots.txt", "/images/product-placeholder.webp"]) {
    test(`${path} carries nosniff, referrer, permissions and frame headers, no HSTS on http`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const headers = response.headers();
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(headers["permissions-policy"]).toBe("camera=(), microphone=(), geolocation=(), payment=(self)");
      expect(headers["x-frame-options"]).toBe("DENY");
      expect(headers["strict-transport-security"]).toBeUndefined();
      // A repeated header would be joined ("DENY, DENY"), which browsers treat as invalid.
      expect(response.headersArray().filter((h) => h.name.toLowerCase() === "x-frame-options")).toHaveLength(1);
      if (path.startsWith("/api/")) expect(headers["content-security-policy"]).toContain("default-src 'none'");
    });
  }

  test("pages carry each security header once", async ({ request }) => {
    const response = await request.get("/store");
    for (const name of ["content-security-policy", "x-frame-options", "x-content-type-options", "referrer-policy", "permissions-policy"]) {
      expect(response.headersArray().filter((h) => h.name.toLowerCase() === name), name).toHaveLength(1);
    }
  });

  test("the health check answers ok, uncached", async ({ request }) => {
    const response = await request.get("/api/health");
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toContain("no-store");
    expect(await response.json()).toEqual({ status: "ok", database: "ok", migrations: "current", version: expect.any(String) });
  });

  test("attack: oversized body — the CSP report endpoint refuses oversized and malformed bodies", async ({ request }) => {
    const huge = JSON.stringify({ "csp-report": { "document-uri": "x".repeat(40_000) } });
    expect((await request.post("/api/csp-report", { data: huge, headers: { "content-type": "application/csp-report" } })).status()).toBe(413);
    expect((await request.post("/api/csp-report", { data: "not json", headers: { "content-type": "application/csp-report" } })).status()).toBe(400);
    const ok = await request.post("/api/csp-report", {
      data: JSON.stringify({ "csp-report": { "document-uri": "http://localhost/", "violated-directive": "script-src" } }),
      headers: { "content-type": "application/csp-report" },
    });
    expect(ok.status()).toBe(204);
  });
});
