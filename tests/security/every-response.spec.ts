import http from "node:http";
import { expect, test, type APIResponse, type Page } from "@playwright/test";
import { cartLine, catalogVariants, putCart } from "../e2e/checkout-support";

/**
 * Against the production server: answers that Next produces on its own (trailing-slash
 * redirects, files, 404s at dotted paths) carry the security headers, and server actions answer over-limit bodies
 * with 413/400 and arguments Next could not decode with 400, instead of 500. Protections: scripts/response-headers.mjs, src/proxy.ts,
 * scripts/server-action-guard.mjs. Table: docs/security.md.
 */

function expectSecurityHeaders(response: APIResponse) {
  const headers = response.headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toBe("camera=(), microphone=(), geolocation=(), payment=(self)");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  for (const name of ["x-frame-options", "content-security-policy", "x-content-type-options"]) {
    expect(response.headersArray().filter((h) => h.name.toLowerCase() === name), name).toHaveLength(1);
  }
}

test("attack: missing headers — Next's 308 trailing-slash redirect carries the security headers", async ({ request }) => {
  const response = await request.get("/store/", { maxRedirects: 0 });
  expect(response.status()).toBe(308);
  expect(response.headers().location).toBe("/store");
  expectSecurityHeaders(response);
});

test("attack: missing headers — an HTML 404 at a dotted path (/x.php) has the page CSP with a nonce, and its scripts run", async ({ page, request }) => {
  const response = await request.get("/x.php");
  expect(response.status()).toBe(404);
  expect(response.headers()["content-type"]).toMatch(/^text\/html/);
  expectSecurityHeaders(response);
  expect(response.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);

  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content[ -]Security[ -]Policy/i.test(message.text())) violations.push(message.text());
  });
  expect((await page.goto("/wp-login.php"))?.status()).toBe(404);
  await page.waitForLoadState("networkidle");
  expect(violations).toEqual([]);
});

test("attack: missing headers — /_next/static files, public files and robots.txt carry the security headers and a CSP", async ({ request }) => {
  const html = await (await request.get("/store")).text();
  const script = /\/_next\/static\/[^"']+\.js/.exec(html)?.[0];
  expect(script).toBeTruthy();
  for (const path of [script!, "/images/product-placeholder.webp", "/robots.txt", "/_next/static/no-such-file.js"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBeLessThan(500);
    expectSecurityHeaders(response);
  }
});

/** A real server action request of an anonymous visitor: the drawer's price refresh. */
async function anonymousAction(page: Page) {
  await page.goto("/");
  const [entry] = await catalogVariants(page.request);
  const action = page.waitForRequest((r) => r.method() === "POST" && Boolean(r.headers()["next-action"]));
  await putCart(page, [cartLine(entry, 1)]);
  const captured = await action;
  const headers = await captured.allHeaders();
  for (const h of ["content-length", "host", "connection", "cookie"]) delete headers[h];
  return { url: captured.url(), headers, body: captured.postData() ?? "", variantId: entry.variant.id };
}

/** Posts with chunked transfer encoding (no Content-Length), as a script streaming a body would. */
function postChunked(url: string, headers: Record<string, string>, chunks: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    let status: number | undefined;
    const req = http.request(url, { method: "POST", headers: { ...headers, "transfer-encoding": "chunked" } }, (res) => {
      status = res.statusCode ?? 0;
      res.resume();
      resolve(status);
    });
    // The server answers before the whole body is sent and closes: a write after that may fail, the answer stands.
    req.on("error", (error) => (status !== undefined ? resolve(status) : reject(error)));
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

test("attack: server action limits — an anonymous caller's over-limit body is 413 and over-deep arguments are 400, never 500; real actions still work", async ({ page }) => {
  const action = await anonymousAction(page);
  const post = (body: string) => page.request.post(action.url, { headers: action.headers, data: body });

  const big = await post(JSON.stringify([{ variantIds: ["x".repeat(2 * 1024 * 1024)], locale: "en" }]));
  expect(big.status()).toBe(413);
  const megabyte = "x".repeat(256 * 1024);
  expect(await postChunked(action.url, action.headers, [0, 1, 2, 3, 4, 5].map(() => megabyte))).toBe(413);

  for (const deep of [`${"[".repeat(5000)}${"]".repeat(5000)}`, `[${'{"a":'.repeat(3000)}1${"}".repeat(3000)}]`]) {
    const response = await post(deep);
    expect(response.status()).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("too_deep");
  }
  const { "content-type": _type, ...withoutType } = action.headers;
  const multipart = await page.request.post(action.url, {
    headers: withoutType,
    multipart: { "1_$ACTION_ID": "x", "0": `${"[".repeat(5000)}${"]".repeat(5000)}` },
  });
  expect(multipart.status()).toBe(400);

  // The same action with its real body still answers (the guard hands Next the body it read).
  const real = await post(action.body);
  expect(real.status()).toBe(200);
  expect(await real.text()).toContain(action.variantId);
});

test("attack: malformed server action bodies — notjson, [\"$Q1\"] and a bad multipart reference chain from an anonymous caller answer 400, never 500; real actions still work", async ({ page }) => {
  const action = await anonymousAction(page);
  const { "content-type": _type, ...withoutType } = action.headers;
  const answers = [
    await page.request.post(action.url, { headers: action.headers, data: "notjson" }),
    await page.request.post(action.url, { headers: action.headers, data: '["$Q1"]' }),
    await page.request.post(action.url, { headers: withoutType, multipart: { "2": "[1]", "1": '["$3"]', "0": '["$1"]' } }),
  ];
  for (const answer of answers) {
    expect(answer.status()).toBe(400);
    const error = ((await answer.json()) as { error: { code: string; message: string } }).error;
    expect(error.code).toBe("malformed_arguments");
    expect(error.message).toMatch(/^A server action's arguments could not be read: /);
  }
  const real = await page.request.post(action.url, { headers: action.headers, data: action.body });
  expect(real.status()).toBe(200);
  expect(await real.text()).toContain(action.variantId);
});
