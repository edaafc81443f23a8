import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error plain ESM script without type declarations
import { guardServerAction, MAX_ACTION_BODY_BYTES, MAX_ACTION_DEPTH } from "./server-action-guard.mjs";
// @ts-expect-error plain ESM script without type declarations
import { secureResponseHeaders } from "./response-headers.mjs";

/**
 * The two guards scripts/server.mjs puts in front of Next, on a real HTTP server whose "Next" echoes what reached it.
 * The production proof is tests/security/every-response.spec.ts; these cover the edges cheaply.
 */
type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
let server: http.Server | undefined;

afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serve(next: Handler): Promise<string> {
  server = http.createServer((req, res) => {
    secureResponseHeaders(res, { https: false });
    void guardServerAction(req, res, (request: http.IncomingMessage) => next(request, res));
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

/** "Next": answers the body it received, so a test sees exactly what the guard handed on. */
const echo: Handler = (req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => res.writeHead(200, { "content-type": "application/octet-stream" }).end(Buffer.concat(chunks)));
};

const action = { "next-action": "abc123", "content-type": "text/plain;charset=UTF-8" };

describe("server-action guard", () => {
  it("hands Next the very bytes of an action within the limits, and leaves other requests alone", async () => {
    const base = await serve(echo);
    const body = JSON.stringify([{ variantIds: ["var_1"], locale: "es", text: "ñ ✓ 👜 [[[ \"]]]" }]);
    const answer = await fetch(base, { method: "POST", headers: action, body });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe(body);
    const plain = await fetch(`${base}/api/x`, { method: "POST", body: "[".repeat(1000) });
    expect(plain.status).toBe(200);
    expect(await plain.text()).toBe("[".repeat(1000));
  });

  it("attack: server action limits — over the byte limit is 413, declared or streamed, before Next sees it", async () => {
    let reachedNext = 0;
    const base = await serve((req, res) => {
      reachedNext += 1;
      echo(req, res);
    });
    const big = await fetch(base, { method: "POST", headers: action, body: "x".repeat(MAX_ACTION_BODY_BYTES + 1) });
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: { code: string } }).error.code).toBe("payload_too_large");
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 5; i++) controller.enqueue(new TextEncoder().encode("x".repeat(300 * 1024)));
        controller.close();
      },
    });
    const streamed = await fetch(base, { method: "POST", headers: action, body: stream, duplex: "half" } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(reachedNext).toBe(0);
    const atLimit = await fetch(base, { method: "POST", headers: action, body: JSON.stringify(["x".repeat(MAX_ACTION_BODY_BYTES - 4)]) });
    expect(atLimit.status).toBe(200);
  });

  it("attack: server action limits — arguments nested past the limit are 400, in text and in multipart fields, but a file's brackets are bytes", async () => {
    const base = await serve(echo);
    const deep = `${"[".repeat(MAX_ACTION_DEPTH + 1)}${"]".repeat(MAX_ACTION_DEPTH + 1)}`;
    const ok = `${"[".repeat(MAX_ACTION_DEPTH)}${"]".repeat(MAX_ACTION_DEPTH)}`;
    expect((await fetch(base, { method: "POST", headers: action, body: deep })).status).toBe(400);
    expect((await fetch(base, { method: "POST", headers: action, body: ok })).status).toBe(200);

    const form = new FormData();
    form.append("1_$ACTION_ID_abc", "");
    form.append("0", deep);
    expect((await fetch(base, { method: "POST", headers: { "next-action": "abc123" }, body: form })).status).toBe(400);

    // A form posted before the page's JavaScript ran: no header, only the action's fields, to the page itself.
    const noScript = new FormData();
    noScript.append("$ACTION_ID_abc", "");
    noScript.append("0", deep);
    expect((await fetch(`${base}/es/admin/categories`, { method: "POST", body: noScript })).status).toBe(400);

    const upload = new FormData();
    upload.append("0", '["$K1"]');
    upload.append("1_file", new Blob(["[".repeat(10_000)]), "brackets.bin");
    expect((await fetch(base, { method: "POST", headers: { "next-action": "abc123" }, body: upload })).status).toBe(200);
  });
});

describe("security headers on every answer", () => {
  it("attack: missing headers — an answer with none gets them all, a CSP for non-documents, and HTML without a CSP runs no script", async () => {
    const base = await serve((req, res) => {
      if (req.url === "/redirect") {
        res.statusCode = 308;
        res.setHeader("location", "/store");
        res.end();
      } else if (req.url === "/html") {
        res.writeHead(404, { "Content-Type": "text/html; charset=utf-8" }).end("<p>x</p>");
      } else {
        res.writeHead(200, { "content-type": "text/html", "Content-Security-Policy": "default-src 'self'; script-src 'nonce-abc'", "X-Frame-Options": "DENY" }).end("ok");
      }
    });
    const redirect = await fetch(`${base}/redirect`, { redirect: "manual" });
    expect(redirect.status).toBe(308);
    expect(redirect.headers.get("x-content-type-options")).toBe("nosniff");
    expect(redirect.headers.get("x-frame-options")).toBe("DENY");
    expect(redirect.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(redirect.headers.get("strict-transport-security")).toBeNull();

    const html = await fetch(`${base}/html`);
    expect(html.headers.get("content-security-policy")).toContain("script-src 'none'");

    const page = await fetch(`${base}/page`);
    // What the page set is kept, once: never a second copy.
    expect(page.headers.get("content-security-policy")).toBe("default-src 'self'; script-src 'nonce-abc'");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    expect(page.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });
});
