import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error plain ESM script without type declarations
import { classifyRequest, createFrontCache, pictureFormat } from "./front-cache.mjs";
import { BROWSER_IMAGE_ACCEPT } from "../tests/helpers/browser-accept";

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void | Promise<void>;
type Cache = { serve: (req: unknown, res: unknown, handle: Handler) => Promise<void>; invalidate: (scope?: string) => void; stats: () => Record<string, number> };

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A stand-in for Next: renders a page with a fresh nonce per call, like the real proxy + layout do. */
function renderer(options: { cookie?: string; status?: number; delayMs?: number; body?: () => string; gzip?: boolean } = {}) {
  let renders = 0;
  const handle: Handler = async (req, res) => {
    renders += 1;
    const nonce = Buffer.from(`nonce-${renders}-${Math.random()}`).toString("base64");
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    res.statusCode = options.status ?? 200;
    res.setHeader("content-type", req.url?.startsWith("/api/") ? "application/json" : "text/html; charset=utf-8");
    res.setHeader("content-security-policy", `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
    res.setHeader("x-request-id", `render-${renders}`);
    if (options.cookie) res.setHeader("set-cookie", options.cookie);
    const content = options.body?.() ?? `render ${renders} of ${req.url}`;
    const html = [`<html><script nonce="${nonce}">self.__next_f.push(${JSON.stringify(content)})</script>`, `<p>${content}</p>${"x".repeat(2000)}</html>`];
    if (options.gzip && /gzip/.test(String(req.headers["accept-encoding"]))) {
      // As Next does when the visitor accepts it.
      res.setHeader("content-encoding", "gzip");
      res.setHeader("vary", "Accept-Encoding");
      res.end(gzipSync(html.join("")));
      return;
    }
    res.write(html[0]);
    res.end(html[1]);
  };
  return { handle, renders: () => renders };
}

async function listen(cache: Cache, handle: Handler): Promise<string> {
  const server = http.createServer((req, res) => void cache.serve(req, res, handle));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const nonceOf = (html: string) => /nonce="([^"]+)"/.exec(html)?.[1];

describe("front cache: which requests may share an answer", () => {
  const req = (url: string, headers: Record<string, string> = {}, method = "GET") => ({ url, method, headers });

  it("attack: cache leak — private pages, router requests and writes never share a cached answer, signed in or not", () => {
    expect(classifyRequest(req("/store"))?.kind).toBe("page");
    expect(classifyRequest(req("/es/product/prod_1"))?.kind).toBe("page");
    expect(classifyRequest(req("/api/store/main/products?limit=20"))?.kind).toBe("api");
    expect(classifyRequest(req("/api/search/suggestions?q=bolsos&locale=es"))?.kind).toBe("api");
    expect(classifyRequest(req("/api/store/main/variants?product_ids=a"))?.kind).toBe("stock");
    // Public pages are the same for everyone: a signed-in visitor shares the anonymous visitor's key.
    expect(classifyRequest(req("/store", { cookie: "better-auth.session_token=abc" }))?.key).toBe(classifyRequest(req("/store"))?.key);
    expect(classifyRequest(req("/store", { cookie: "x=1; __Secure-better-auth.session_token=abc" }))?.key).toBe(classifyRequest(req("/store"))?.key);
    for (const path of ["/admin", "/es/admin/orders", "/profile", "/es/profile/orders/o1", "/success?order_id=1", "/pay/abc", "/reset-password", "/checkout", "/orders/12?token=t", "/es/orders/lookup"]) {
      expect(classifyRequest(req(path)), path).toBeNull();
      expect(classifyRequest(req(path, { cookie: "better-auth.session_token=abc" })), path).toBeNull();
    }
    expect(classifyRequest(req("/store", { rsc: "1" }))).toBeNull();
    expect(classifyRequest(req("/store?_rsc=abc"))).toBeNull();
    expect(classifyRequest(req("/store", {}, "POST"))).toBeNull();
    expect(classifyRequest(req("/api/store/main/checkout"))).toBeNull();
    expect(classifyRequest(req("/api/auth/get-session"))).toBeNull();
    expect(classifyRequest(req("/robots.txt"))).toBeNull();
  });

  it("attack: cache poisoning — the key holds everything a stored answer depends on: URL, host, language preferences, locale cookie, Origin", () => {
    const key = (url: string, headers: Record<string, string> = {}) => classifyRequest(req(url, headers))?.key;
    expect(key("/")).not.toBe(key("/", { "accept-language": "es-ES,es;q=0.9" }));
    expect(key("/")).not.toBe(key("/", { cookie: "NEXT_LOCALE=es" }));
    expect(key("/store?page=2")).not.toBe(key("/store?page=3"));
    expect(key("/api/store/main/products")).not.toBe(key("/api/store/main/products", { origin: "https://other.example" }));
    expect(key("/store", { cookie: "cart=1" })).toBe(key("/store", { cookie: "cart=2" }));
  });
});

describe("front cache: serving", () => {
  it("attack: nonce replay — a cached page goes out with a fresh nonce in its body and CSP header, never one another visitor saw", async () => {
    const cache = createFrontCache() as Cache;
    const page = renderer();
    const base = await listen(cache, page.handle);
    const first = await fetch(`${base}/store`);
    const firstHtml = await first.text();
    const second = await fetch(`${base}/store`);
    const secondHtml = await second.text();

    expect(page.renders()).toBe(1);
    expect(second.headers.get("x-vitrina-cache")).toBe("hit");
    const nonce = nonceOf(secondHtml)!;
    expect(nonce).not.toBe(nonceOf(firstHtml));
    expect(second.headers.get("content-security-policy")).toBe(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
    expect(secondHtml.replaceAll(nonce, "N")).toBe(firstHtml.replaceAll(nonceOf(firstHtml)!, "N"));
    expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
  });

  it("compresses a hit for clients that accept gzip, and answers HEAD without a body", async () => {
    const cache = createFrontCache() as Cache;
    const base = await listen(cache, renderer().handle);
    const plain = await (await fetch(`${base}/store`)).text();
    const zipped = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
      http
        .get(`${base}/store`, { headers: { "accept-encoding": "gzip", "accept-language": "*" } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ encoding: res.headers["content-encoding"], body: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });
    expect(zipped.encoding).toBe("gzip");
    const html = gunzipSync(zipped.body).toString();
    expect(html.replaceAll(nonceOf(html)!, "N")).toBe(plain.replaceAll(nonceOf(plain)!, "N"));
    const head = await fetch(`${base}/store`, { method: "HEAD" });
    expect(head.headers.get("x-vitrina-cache")).toBe("hit");
    expect(await head.text()).toBe("");
  });

  it("the first visitor gets the page compressed as rendered; the stored copy serves both kinds of client", async () => {
    const page = renderer({ gzip: true });
    const base = await listen(createFrontCache() as Cache, page.handle);
    const get = (encoding?: string) =>
      new Promise<{ encoding?: string; cache?: string; vary?: string; html: string }>((resolve, reject) => {
        http
          .get(`${base}/store`, { headers: encoding ? { "accept-encoding": encoding } : {} }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () => {
              const body = Buffer.concat(chunks);
              const html = (res.headers["content-encoding"] === "gzip" ? gunzipSync(body) : body).toString();
              resolve({ encoding: res.headers["content-encoding"], cache: res.headers["x-vitrina-cache"] as string | undefined, vary: res.headers.vary, html });
            });
          })
          .on("error", reject);
      });
    const first = await get("gzip, deflate, br, zstd");
    expect(first).toMatchObject({ encoding: "gzip", cache: undefined });
    const second = await get("gzip");
    const plain = await get();
    expect(page.renders()).toBe(1);
    expect(second).toMatchObject({ encoding: "gzip", cache: "hit", vary: "Accept-Encoding" });
    expect(plain).toMatchObject({ encoding: undefined, cache: "hit" });
    const same = (html: string) => html.replaceAll(nonceOf(html)!, "N");
    expect(same(second.html)).toBe(same(first.html));
    expect(same(plain.html)).toBe(same(first.html));
  });

  it("attack: session leak — an answer that sets a session cookie or is not a 200 is never stored; the locale cookie answer stays with its key", async () => {
    const withSession = renderer({ cookie: "better-auth.session_token=secret; Path=/; HttpOnly" });
    const base = await listen(createFrontCache() as Cache, withSession.handle);
    await fetch(`${base}/store`);
    const again = await fetch(`${base}/store`);
    expect(again.headers.get("x-vitrina-cache")).toBeNull();
    expect(withSession.renders()).toBe(2);

    const missing = renderer({ status: 404 });
    const base404 = await listen(createFrontCache() as Cache, missing.handle);
    await fetch(`${base404}/product/nope`);
    await fetch(`${base404}/product/nope`);
    expect(missing.renders()).toBe(2);

    const locale = renderer({ cookie: "NEXT_LOCALE=es; Path=/; SameSite=lax" });
    const baseLocale = await listen(createFrontCache() as Cache, locale.handle);
    await fetch(`${baseLocale}/es/store`);
    const hit = await fetch(`${baseLocale}/es/store`);
    expect(hit.headers.get("x-vitrina-cache")).toBe("hit");
    expect(hit.headers.get("set-cookie")).toBe("NEXT_LOCALE=es; Path=/; SameSite=lax");
  });

  it("attack: cache leak — a page stored while one shopper browses is rendered without their cookies and never shows them to the next visitor", async () => {
    const cache = createFrontCache() as Cache;
    const seen: (string | undefined)[] = [];
    // A careless page that printed whatever cookies it got: only the locale cookie of the key ever reaches it.
    const page = renderer({ body: () => `cookies: ${seen.at(-1) ?? "none"}` });
    const base = await listen(cache, (req, res) => {
      seen.push(req.headers.cookie);
      return page.handle(req, res);
    });
    const ana = "better-auth.session_token=ana-secret.sig; cart=ana-cart";
    const first = await (await fetch(`${base}/store`, { headers: { cookie: ana } })).text();
    expect(first).toContain("cookies: none");
    const bruno = await fetch(`${base}/store`, { headers: { cookie: "better-auth.session_token=bruno-secret.sig" } });
    expect(bruno.headers.get("x-vitrina-cache")).toBe("hit");
    const anonymous = await fetch(`${base}/store`);
    expect(anonymous.headers.get("x-vitrina-cache")).toBe("hit");
    for (const html of [first, await bruno.text(), await anonymous.text()]) expect(html).not.toMatch(/secret|cart=/);

    await fetch(`${base}/es/store`, { headers: { cookie: `NEXT_LOCALE=es; ${ana}` } });
    expect(seen).toEqual([undefined, "NEXT_LOCALE=es"]);
    // A private page is rendered with the visitor's own cookies, every time, and never stored.
    await fetch(`${base}/profile`, { headers: { cookie: ana } });
    await fetch(`${base}/profile`, { headers: { cookie: ana } });
    expect(seen.slice(2)).toEqual([ana, ana]);
  });

  it("drops every answer on invalidation, and stock answers alone on a stock invalidation", async () => {
    const cache = createFrontCache() as Cache;
    let price = "10.00";
    const page = renderer({ body: () => `price ${price}` });
    const base = await listen(cache, page.handle);
    expect(await (await fetch(`${base}/product/p1`)).text()).toContain("price 10.00");
    await fetch(`${base}/api/store/main/variants?product_ids=p1`);
    price = "12.00";
    expect(await (await fetch(`${base}/product/p1`)).text()).toContain("price 10.00");

    cache.invalidate("stock");
    expect((await fetch(`${base}/product/p1`)).headers.get("x-vitrina-cache")).toBe("hit");
    expect((await fetch(`${base}/api/store/main/variants?product_ids=p1`)).headers.get("x-vitrina-cache")).toBeNull();

    cache.invalidate("all");
    expect(await (await fetch(`${base}/product/p1`)).text()).toContain("price 12.00");
  });

  it("does not keep an answer rendered before an invalidation that happened while it was rendering", async () => {
    const cache = createFrontCache() as Cache;
    const slow = renderer({ delayMs: 150 });
    const base = await listen(cache, slow.handle);
    const pending = fetch(`${base}/store`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    cache.invalidate("all");
    await (await pending).text();
    const next = await fetch(`${base}/store`);
    expect(next.headers.get("x-vitrina-cache")).toBeNull();
    expect(slow.renders()).toBe(2);
  });

  it("renders a page once for concurrent first requests, and again once its lifetime is over", async () => {
    let clock = 0;
    const cache = createFrontCache({ now: () => clock }) as Cache;
    const slow = renderer({ delayMs: 100 });
    const base = await listen(cache, slow.handle);
    const answers = await Promise.all(Array.from({ length: 5 }, () => fetch(`${base}/store`).then((r) => r.text())));
    expect(slow.renders()).toBe(1);
    expect(new Set(answers.map(nonceOf)).size).toBe(5);

    await fetch(`${base}/api/store/main/variants?product_ids=p1`);
    clock += 2_500;
    await fetch(`${base}/api/store/main/variants?product_ids=p1`);
    expect(slow.renders()).toBe(3);
    clock += 300_001;
    await fetch(`${base}/store`);
    expect(slow.renders()).toBe(4);
  });
});

/** A stand-in for Next's image optimizer: WebP to browsers that accept it, the original type to others. */
function optimizer(options: { status?: number } = {}) {
  const calls: { url?: string; cookie?: string }[] = [];
  const handle: Handler = (req, res) => {
    calls.push({ url: req.url, cookie: req.headers.cookie });
    const webp = /image\/webp/.test(String(req.headers.accept));
    const body = Buffer.alloc(4096, webp ? 1 : 2);
    res.statusCode = options.status ?? 200;
    res.setHeader("content-type", webp ? "image/webp" : "image/jpeg");
    res.setHeader("etag", webp ? '"w1"' : '"j1"');
    res.setHeader("vary", "Accept");
    res.setHeader("cache-control", "public, max-age=31536000, must-revalidate");
    res.end(body);
  };
  return { handle, calls };
}

describe("front cache: pictures", () => {
  const { chrome: WEBP, firefox: FIREFOX, safari: SAFARI } = BROWSER_IMAGE_ACCEPT;

  // What Next's optimizer answers for each header (next/dist/server/image-optimizer.js, getSupportedMimeType): WebP
  // only when the header names it with a non-zero weight; a wildcard, another type or nothing gets the original's.
  it.each([
    [WEBP, "image/webp"],
    [FIREFOX, "image/webp"],
    [SAFARI, "image/webp"],
    ["image/webp", "image/webp"],
    ["image/*", ""],
    ["*/*", ""],
    ["", ""],
    [undefined, ""],
    ["image/png,image/jpeg", ""],
    ["image/webp;q=0,image/*", ""],
  ])("a picture asked for with Accept %j is kept as the optimizer's %j answer", (accept, format) => {
    expect(pictureFormat(accept)).toBe(format);
  });

  it("keys a resized picture by URL and accepted formats only, never by cookies or language", () => {
    const picture = (url: string, headers: Record<string, string> = {}) => classifyRequest({ url, method: "GET", headers });
    const base = picture("/i/640/uploads/products/a.webp", { accept: WEBP });
    expect(base?.kind).toBe("image");
    expect(picture("/i/640/uploads/products/a.webp", { accept: WEBP, cookie: "better-auth.session_token=x", "accept-language": "es" })?.key).toBe(base?.key);
    expect(picture("/i/640/uploads/products/a.webp", { accept: "image/*" })?.key).not.toBe(base?.key);
    // Every browser that takes WebP shares the one resize, whatever else its Accept header lists.
    expect(picture("/i/640/uploads/products/a.webp", { accept: FIREFOX })?.key).toBe(base?.key);
    expect(picture("/i/640/uploads/products/a.webp", { accept: SAFARI })?.key).toBe(base?.key);
    expect(picture("/i/640/uploads/products/a.webp", { accept: "image/png" })?.key).toBe(picture("/i/640/uploads/products/a.webp", { accept: "image/*" })?.key);
    expect(picture("/i/1080/uploads/products/a.webp", { accept: WEBP })?.key).not.toBe(base?.key);
    expect(picture("/_next/image?url=%2Fuploads%2Fa.webp&w=640&q=75")?.kind).toBe("image");
    // Anything else under /i/ or the originals (served as files) is not the optimizer's to answer from here.
    expect(picture("/i/640/uploads/products/a.webp?v=2")).toBeNull();
    expect(picture("/uploads/products/a.webp")).toBeNull();
    expect(picture("/i/640/uploads/products/a.webp", { accept: WEBP, rsc: "1" })).toBeNull();
  });

  it("resizes a picture once: later visitors get the same bytes and headers, uncompressed, their own format, or a 304", async () => {
    const cache = createFrontCache() as Cache;
    const next = optimizer();
    const base = await listen(cache, next.handle);
    const url = `${base}/i/640/uploads/products/a.webp`;
    const first = await fetch(url, { headers: { accept: WEBP, cookie: "better-auth.session_token=secret" } });
    const firstBody = Buffer.from(await first.arrayBuffer());
    const again = await fetch(url, { headers: { accept: WEBP, "accept-encoding": "gzip" } });
    expect(again.headers.get("x-vitrina-cache")).toBe("hit");
    expect(again.headers.get("content-encoding")).toBeNull();
    expect(again.headers.get("content-type")).toBe("image/webp");
    expect(again.headers.get("etag")).toBe('"w1"');
    expect(again.headers.get("cache-control")).toBe("public, max-age=31536000, must-revalidate");
    expect(Buffer.from(await again.arrayBuffer()).equals(firstBody)).toBe(true);
    expect(next.calls).toHaveLength(1);
    expect(next.calls[0].cookie).toBeUndefined();
    for (const accept of [FIREFOX, SAFARI]) {
      const otherBrowser = await fetch(url, { headers: { accept } });
      expect(otherBrowser.headers.get("x-vitrina-cache")).toBe("hit");
      expect(Buffer.from(await otherBrowser.arrayBuffer()).equals(firstBody)).toBe(true);
    }
    expect(next.calls).toHaveLength(1);

    const jpeg = await fetch(url, { headers: { accept: "image/*" } });
    expect(jpeg.headers.get("content-type")).toBe("image/jpeg");
    expect(next.calls).toHaveLength(2);

    const unchanged = await fetch(url, { headers: { accept: WEBP, "if-none-match": '"w1"' } });
    expect(unchanged.status).toBe(304);
    expect((await unchanged.arrayBuffer()).byteLength).toBe(0);
    expect(next.calls).toHaveLength(2);
  });

  it("keeps pictures over a stock change, drops them on a catalog save, and never keeps a refusal", async () => {
    const cache = createFrontCache() as Cache;
    const next = optimizer();
    const base = await listen(cache, next.handle);
    const url = `${base}/i/640/uploads/products/a.webp`;
    await fetch(url, { headers: { accept: WEBP } });
    cache.invalidate("stock");
    expect((await fetch(url, { headers: { accept: WEBP } })).headers.get("x-vitrina-cache")).toBe("hit");
    cache.invalidate("all");
    expect((await fetch(url, { headers: { accept: WEBP } })).headers.get("x-vitrina-cache")).toBeNull();
    expect(next.calls).toHaveLength(2);

    const refusing = optimizer({ status: 400 });
    const other = await listen(createFrontCache() as Cache, refusing.handle);
    await fetch(`${other}/i/641/uploads/products/a.webp`, { headers: { accept: WEBP } });
    await fetch(`${other}/i/641/uploads/products/a.webp`, { headers: { accept: WEBP } });
    expect(refusing.calls).toHaveLength(2);
  });
});
