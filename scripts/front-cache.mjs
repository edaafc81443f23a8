// The whole-response cache in front of Next.js (see docs/decisions/0009-front-cache.md).
//
// Storefront pages are rendered per request because every page carries a fresh CSP nonce. Rendering the same
// anonymous page again and again is the main cost of a shop under load, so the answer of a public GET (a page, the
// catalog API) is kept as bytes and served again with a *new* nonce written into the body and the CSP header: an
// attacker who reads one answer learns nothing about the nonce of the next.
//
// Plain JavaScript on purpose: scripts/server.mjs loads it before Next, outside any bundle. The app reaches it
// through globalThis (src/server/cache/front-cache.ts) to drop entries when data changes.
import { randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { gunzipSync, gzipSync, inflateSync } from "node:zlib";

// The Accept parser Next's image optimizer negotiates with, so a picture's key follows the optimizer's choice exactly.
const { mediaType } = createRequire(import.meta.url)("next/dist/compiled/@hapi/accept");
const PICTURE_FORMATS = JSON.parse(readFileSync(new URL("../src/features/catalog/components/picture-formats.json", import.meta.url), "utf8")).formats;

export const FRONT_CACHE_KEY = Symbol.for("vitrina.front-cache");

const LOCALE_COOKIE = /(?:^|;\s*)NEXT_LOCALE=([^;]*)/;
// Pages whose answer depends on who asks (session, payment session, an order link's token) or that only signed-in
// people see. They are rendered for each request with every cookie, never stored.
const PRIVATE_PAGE = /^\/(?:es\/)?(?:admin|profile|reset-password|stock-alerts|success|pay|checkout|orders)(?:\/|$)/;
// The catalog API's product reads and the header search's suggestions (docs/product.md#search): catalog answers.
const CATALOG_API = /^\/api\/(?:store\/[^/]+\/products(?:\/[^/]+)?|search\/suggestions)$/;
// The storefront's resized pictures (`/i/{width}/uploads/…`, next.config.ts) and the optimizer's own URL. Next's
// optimizer keeps no variant with `isrFlushToDisk: false`: without this, every new visitor's picture was a fresh
// resize, ~50 ms of CPU each, six or more per listing page (docs/decisions/0310-picture-variants-and-first-paint.md).
const PICTURE = /^\/(?:i\/\d+\/(?:uploads|images)\/|_next\/image$)/;
const STOCK_API = /^\/api\/store\/[^/]+\/variants$/;
// Client-side navigations and server actions: their answers depend on these request headers.
const ROUTER_HEADERS = ["rsc", "next-router-state-tree", "next-router-prefetch", "next-router-segment-prefetch", "next-url", "next-action"];
// Headers that never go into a stored answer: per connection, per response, or per visitor.
const UNSTORED_HEADERS = new Set(["connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding", "date", "x-request-id", "x-nextjs-cache"]);
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const NONCE_IN_CSP = /'nonce-([A-Za-z0-9+/=_-]+)'/;

/**
 * The format Next's optimizer answers a picture request in ("" for the original's own), decided as its
 * getSupportedMimeType does: the best configured format for the Accept header, if the header names it. Browsers
 * send different Accept headers (Chrome, Firefox and Safari each their own) but all get WebP: keyed by this, one
 * resize serves them all, and no flood of made-up Accept values can fill the cache with copies. `null` when the parser
 * refuses the header: such a request goes to Next uncached.
 */
export function pictureFormat(accept = "") {
  let chosen;
  try {
    chosen = mediaType(accept, PICTURE_FORMATS);
  } catch {
    return null;
  }
  return chosen && accept.includes(chosen) ? chosen : "";
}

/** How long an answer may be served without any invalidation, per kind. Stock is live data: a short safety net. */
export const DEFAULT_TTL_MS = { page: 300_000, api: 300_000, stock: 2_000, image: 3_600_000 };

/**
 * Which requests may be answered from the cache, and under which key. Everything a stored answer can depend on is
 * in the key (URL, host, locale cookie, Accept-Language, Origin for CORS); anything else is not cached at all.
 * Signed-in visitors share public answers with everyone: public pages fill the user menu, cart and admin
 * link in on the client, and `serve` takes every cookie but the locale one off the request before Next renders a
 * shared answer, so no stored answer can depend on who asked.
 */
export function classifyRequest(req) {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  const url = req.url ?? "/";
  const query = url.indexOf("?");
  const path = query < 0 ? url : url.slice(0, query);
  const headers = req.headers;
  if (ROUTER_HEADERS.some((name) => headers[name] !== undefined)) return null;
  if (query >= 0 && /[?&]_rsc=/.test(url)) return null;
  const cookie = headers.cookie ?? "";

  // A variant depends on its URL and the format the optimizer picks from the browser's Accept header (WebP to those
  // that take it, `Vary: Accept`), never on cookies or language.
  if (PICTURE.test(path)) {
    const format = pictureFormat(headers.accept);
    if ((query >= 0 && !path.startsWith("/_next/")) || format === null) return null;
    return { key: ["image", url, headers.host ?? "", format].join("\n"), kind: "image", locale: "" };
  }

  let kind;
  if (STOCK_API.test(path)) kind = "stock";
  else if (CATALOG_API.test(path)) kind = "api";
  else if (path.startsWith("/api/") || path.startsWith("/_next/") || path.startsWith("/uploads/") || path.includes(".")) return null;
  else if (PRIVATE_PAGE.test(path)) return null;
  else kind = "page";

  const locale = LOCALE_COOKIE.exec(cookie)?.[1] ?? "";
  const key = [
    kind,
    url,
    headers.host ?? "",
    headers["x-forwarded-host"] ?? "",
    headers["x-forwarded-proto"] ?? "",
    locale,
    headers["accept-language"] ?? "",
    headers.origin ?? "",
  ].join("\n");
  return { key, kind, locale };
}

/**
 * The Cookie header a shared answer is rendered with: the locale cookie of its key and nothing else. The session
 * cookie (in any of the forms better-auth accepts), a cart or anything a later feature adds never reaches the render,
 * so a page stored while one shopper browses cannot carry that shopper's name, orders or cart to the next.
 */
export function sharedRequestCookie(locale) {
  return locale ? `NEXT_LOCALE=${locale}` : undefined;
}

/**
 * next-intl remembers the page's language in NEXT_LOCALE on answers to requests that lack it. That cookie is the
 * same for everyone asking this URL with the same cookie header (both in the key), so such an answer may be shared;
 * any other cookie makes it private.
 */
function onlyLocaleCookie(setCookie) {
  if (setCookie === undefined) return true;
  const cookies = Array.isArray(setCookie) ? setCookie : [String(setCookie)];
  return cookies.every((cookie) => cookie.startsWith("NEXT_LOCALE="));
}

/** The body cut at every occurrence of the nonce, so each answer is one copy with the new nonce in the gaps. */
function splitAt(body, nonce) {
  const segments = [];
  let from = 0;
  for (let at = body.indexOf(nonce, from); at !== -1; at = body.indexOf(nonce, from)) {
    segments.push(body.subarray(from, at));
    from = at + nonce.length;
  }
  segments.push(body.subarray(from));
  return segments;
}

function withNonce(segments, nonce) {
  const parts = [];
  segments.forEach((segment, index) => {
    if (index > 0) parts.push(nonce);
    parts.push(segment);
  });
  return Buffer.concat(parts);
}

function newNonce() {
  return randomBytes(16).toString("base64");
}

function toBuffer(chunk, encoding) {
  if (typeof chunk === "string") return Buffer.from(chunk, typeof encoding === "string" ? encoding : "utf8");
  return Buffer.from(chunk);
}

/** The answer's bytes as rendered: Next compresses with gzip (or deflate) when asked; anything else is not kept. */
function decoded(body, encoding) {
  try {
    if (encoding === undefined) return body;
    if (encoding === "gzip") return gunzipSync(body);
    if (encoding === "deflate") return inflateSync(body);
  } catch {
    // A body that does not decode is served as it came and not kept.
  }
  return null;
}

function acceptsGzip(req) {
  return /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
}

/**
 * @param {{ ttlMs?: Partial<typeof DEFAULT_TTL_MS>, maxBytes?: number, now?: () => number }} [options]
 */
export function createFrontCache(options = {}) {
  const ttlMs = { ...DEFAULT_TTL_MS, ...options.ttlMs };
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const now = options.now ?? Date.now;
  /** key → entry; a Map keeps insertion order, which makes it a cheap LRU (re-inserted on every hit). */
  const entries = new Map();
  /** key → promise settled when the first request for an uncached key has finished (concurrent misses wait). */
  const inFlight = new Map();
  // Bumped by every invalidation: an answer rendered before it may hold old data and must not be stored after it.
  const generation = { page: 0, api: 0, stock: 0, image: 0 };
  let bytes = 0;
  const stats = { hits: 0, misses: 0, stored: 0, invalidations: 0 };

  function drop(key) {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.size;
    entries.delete(key);
  }

  function store(key, entry) {
    drop(key);
    entries.set(key, entry);
    bytes += entry.size;
    stats.stored += 1;
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      drop(oldest);
    }
  }

  function lookup(key) {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now() || entry.generation !== generation[entry.kind]) {
      drop(key);
      return undefined;
    }
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  }

  /** "all" after a catalog/content save; "stock" after a sale, reservation or release. */
  function invalidate(scope = "all") {
    stats.invalidations += 1;
    // Pictures go too: a picture taken off a product stops being served at once.
    const kinds = scope === "stock" ? ["stock"] : ["page", "api", "stock", "image"];
    for (const kind of kinds) generation[kind] += 1;
    for (const [key, entry] of entries) if (kinds.includes(entry.kind)) drop(key);
  }

  function send(req, res, entry) {
    const headers = { ...entry.headers };
    let body = entry.body;
    if (entry.nonce) {
      const nonce = newNonce();
      body = withNonce(entry.segments, Buffer.from(nonce));
      headers["content-security-policy"] = entry.csp.replaceAll(entry.nonce, nonce);
    }
    const requestId = req.headers["x-request-id"];
    headers["x-request-id"] = typeof requestId === "string" && REQUEST_ID.test(requestId) ? requestId : randomUUID();
    headers["x-vitrina-cache"] = "hit";
    if (entry.headers.etag !== undefined && req.headers["if-none-match"] === entry.headers.etag) {
      // The browser holds this very picture (the optimizer's answer would be the same 304).
      res.writeHead(304, headers);
      res.end();
      return;
    }
    // Pictures are compressed already.
    if (body.length > 1024 && entry.kind !== "image" && acceptsGzip(req)) {
      // Pages change per answer (nonce), so they are compressed per answer; JSON is compressed once.
      body = entry.nonce ? gzipSync(body, { level: 4 }) : (entry.gzipped ??= gzipSync(body, { level: 6 }));
      headers["content-encoding"] = "gzip";
      if (!/\baccept-encoding\b/i.test(String(headers.vary ?? ""))) headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : "Accept-Encoding";
    }
    headers["content-length"] = String(body.length);
    res.writeHead(entry.status, headers);
    res.end(req.method === "HEAD" ? undefined : body);
  }

  /** Serves `req` from the cache, or lets `handle` (Next) answer it and keeps the answer when it may be shared. */
  async function serve(req, res, handle) {
    const policy = classifyRequest(req);
    if (!policy) return handle(req, res);
    const { key, kind, locale } = policy;
    const cookie = sharedRequestCookie(locale);
    if (cookie === undefined) delete req.headers.cookie;
    else req.headers.cookie = cookie;

    let entry = lookup(key);
    if (!entry && inFlight.has(key)) {
      await inFlight.get(key);
      entry = lookup(key);
    }
    if (entry) {
      stats.hits += 1;
      return send(req, res, entry);
    }
    stats.misses += 1;
    if (req.method !== "GET") return handle(req, res);

    let settle;
    inFlight.set(key, new Promise((resolve) => (settle = resolve)));
    const release = () => {
      inFlight.delete(key);
      settle();
    };
    const startedAt = generation[kind];
    // The first visitor gets Next's answer as Next sends it (compressed when they accept it: an uncompressed page cost
    // a slow phone ~0.5 s of LCP); what is stored is decompressed at the end, so it can be re-nonced.

    const chunks = [];
    let size = 0;
    const write = res.write;
    const end = res.end;
    res.write = function captureWrite(chunk, encoding, callback) {
      if (chunk != null && typeof chunk !== "function") {
        const buffer = toBuffer(chunk, encoding);
        chunks.push(buffer);
        size += buffer.length;
      }
      return write.call(this, chunk, encoding, callback);
    };
    res.end = function captureEnd(chunk, encoding, callback) {
      if (chunk != null && typeof chunk !== "function") {
        const buffer = toBuffer(chunk, encoding);
        chunks.push(buffer);
        size += buffer.length;
      }
      return end.call(this, chunk, encoding, callback);
    };
    res.once("finish", () => {
      try {
        const headers = res.getHeaders();
        const type = String(headers["content-type"] ?? "");
        const shareable =
          res.statusCode === 200 &&
          onlyLocaleCookie(headers["set-cookie"]) &&
          (kind === "image" ? /^image\//.test(type) : /^(text\/html|application\/json)/.test(type)) &&
          generation[kind] === startedAt &&
          size <= maxBytes / 16;
        const body = shareable ? decoded(Buffer.concat(chunks, size), headers["content-encoding"]) : null;
        if (!body || body.length > maxBytes / 16) return;
        const stored = {};
        for (const [name, value] of Object.entries(headers)) if (!UNSTORED_HEADERS.has(name)) stored[name] = value;
        const csp = typeof headers["content-security-policy"] === "string" ? headers["content-security-policy"] : "";
        const nonce = type.startsWith("text/html") ? (NONCE_IN_CSP.exec(csp)?.[1] ?? null) : null;
        store(key, {
          kind,
          status: res.statusCode,
          headers: stored,
          body,
          segments: nonce ? splitAt(body, Buffer.from(nonce)) : undefined,
          csp,
          nonce,
          size: nonce ? body.length * 2 : body.length,
          generation: startedAt,
          expiresAt: now() + ttlMs[kind],
        });
      } finally {
        release();
      }
    });
    res.once("close", release);
    return handle(req, res);
  }

  return {
    serve,
    invalidate,
    stats: () => ({ ...stats, entries: entries.size, bytes }),
  };
}
