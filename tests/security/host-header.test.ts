import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

// BASE_URL unset (the first-run default): the shop's links follow the address each request reached. Read before
// anything imports the settings; TRUSTED_PROXY changes per case (resetSettingsForTests).
vi.hoisted(() => {
  process.env.AUTH_SECRET = "host-test-secret-host-test-secret-0123456789";
  process.env.BASE_URL = "";
  process.env.ALLOWED_HOSTS = "shop.example";
  process.env.TRUSTED_PROXY = "";
  process.env.AUTH_REQUIRE_EMAIL_VERIFICATION = "true";
  process.env.LOG_LEVEL = "silent";
});

// The request of a server action (the order lookup form): each case sets its headers.
const request = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock("next/headers", () => ({
  headers: async () => request.headers,
  cookies: async () => ({ get: () => undefined, getAll: () => [], has: () => false }),
}));

// A password-reset request's link and mail are made after its answer (src/features/accounts/reset-request.ts): the
// app's auth queues that work here, and the cases run it before reading the mail.
vi.mock("@/server/after-response", () => import("../helpers/after-response-queue"));

import { desc, eq } from "drizzle-orm";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../helpers/test-database";
import { runAfterResponse } from "../helpers/after-response-queue";
import { createCheckout } from "@/features/checkout/service";
import { lookupOrderAction } from "@/features/orders/lookup-actions";
import { POST as authPost } from "@/app/api/auth/[...all]/route";
import { setDatabaseForTests } from "@/server/db/client";
import { mailOutbox } from "@/server/db/schema/operations";
import { parseSettings, resetSettingsForTests } from "@/server/env";
import { interfaceHostnames, isServedHost, parseAllowedHosts } from "@/server/http/served-hosts.mjs";
// @ts-expect-error plain ESM script without type declarations
import { createHostGuard } from "../../scripts/host-guard.mjs";
import { checkoutInput, demoProvider, insertProduct, shipFree } from "../integration/checkout-fixtures";

// The checkout fixtures set a BASE_URL of their own when imported: these tests are about a shop without one.
process.env.BASE_URL = "";
resetSettingsForTests();

/*
 * Host-header poisoning (docs/security.md, decision 0340): with BASE_URL unset, a request sent with `Host: evil.example`
 * (and a matching Origin, which a script can send) must never make the shop mail a link to evil.example carrying a
 * valid token — password reset, email verification, the order lookup's link. The web server refuses such a host
 * with 400 before Next runs (scripts/host-guard.mjs); the app itself never builds a link from it either
 * (src/server/http/request-origin.ts), which the mail tests below check by calling the handlers directly.
 */

const evil = "evil.example";
/** Next hands route handlers a URL built from its own configured host, whatever the Host header said. */
const nextUrl = "http://localhost:3000";

/** An address of the server that is not loopback (the LAN address a first run is opened at), when it has one. */
const lanHost = [...interfaceHostnames()].find((h) => h !== "127.0.0.1" && h !== "[::1]" && !h.startsWith("[fe80"));

describe("the host check (src/server/http/served-hosts.mjs)", () => {
  it("attack: host header poisoning — serves loopback, the server's addresses and ALLOWED_HOSTS entries, nothing else", () => {
    const machine = () => new Set(["192.168.1.20", "[fd00::2]"]);
    const allowed = parseAllowedHosts("Shop.Example, api.shop.example:8443 ,[2001:db8::7]");
    const table: Array<[host: string | null, served: boolean]> = [
      ["localhost", true],
      ["localhost:3000", true],
      ["LOCALHOST:3000", true],
      ["shop.localhost:3000", true],
      ["127.0.0.1:3000", true],
      ["127.9.8.7", true],
      ["127.1:3000", true], // a URL reads it as 127.0.0.1
      ["[::1]:3000", true],
      ["[0:0:0:0:0:0:0:1]:3000", true],
      ["192.168.1.20:3000", true],
      ["[fd00::2]:3000", true],
      ["shop.example", true],
      ["shop.example:8080", true], // an entry without a port allows every port
      ["SHOP.EXAMPLE:80", true],
      ["api.shop.example:8443", true],
      ["[2001:db8::7]:3000", true],
      ["evil.example", false],
      ["evil.example:3000", false],
      ["api.shop.example", false], // its entry names port 8443 only
      ["api.shop.example:443", false],
      ["sub.shop.example", false],
      ["shop.example.evil.example", false],
      ["localhost.evil.example", false],
      ["127.0.0.1.evil.example", false],
      ["192.168.1.21:3000", false],
      ["[fd00::3]:3000", false],
      ["0.0.0.0:3000", false],
      ["evil.example/shop.example", false],
      ["shop.example@evil.example", false],
      ["evil.example#shop.example", false],
      ["", false],
      [null, false],
    ];
    for (const [host, served] of table) expect(isServedHost(host, allowed, machine), String(host)).toBe(served);
  });

  it("attack: host header poisoning — an ALLOWED_HOSTS entry that is not a host name stops start-up naming the setting", () => {
    expect(parseSettings({ ALLOWED_HOSTS: "shop.example, shop.example:8443" }).ALLOWED_HOSTS).toEqual(["shop.example", "shop.example:8443"]);
    expect(parseSettings({}).ALLOWED_HOSTS).toEqual([]);
    for (const bad of ["https://shop.example", "shop.example/path", "*.shop.example", "shop example", "shop.example:99999999"]) {
      expect(() => parseSettings({ ALLOWED_HOSTS: bad }), bad).toThrow(/^Invalid setting ALLOWED_HOSTS: .* is not a host name/);
    }
  });
});

describe("the web server's host guard (scripts/host-guard.mjs)", () => {
  let server: http.Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  /** The guard in front of a "Next" that counts what reaches it, on a real HTTP server. */
  async function serve(env: Record<string, string>) {
    const guard = createHostGuard(env);
    const reached: string[] = [];
    server = http.createServer((req, res) => {
      if (!guard(req, res)) return;
      reached.push(String(req.headers.host));
      res.writeHead(200, { "content-type": "text/plain" }).end("shop");
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const port = (server!.address() as AddressInfo).port;
    const send = (headers: Record<string, string>, method = "POST") =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request({ host: "127.0.0.1", port, method, path: "/api/auth/request-password-reset", headers }, (res) => {
          let body = "";
          res.on("data", (chunk) => (body += chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on("error", reject);
        req.end(method === "POST" ? JSON.stringify({ email: "victim@example.com", redirectTo: "/reset-password" }) : undefined);
      });
    return { send, reached };
  }

  it("attack: host header poisoning — the repro (foreign Host and matching Origin) answers 400 naming ALLOWED_HOSTS, and nothing behind the guard runs", async () => {
    const { send, reached } = await serve({});
    const answer = await send({ host: evil, origin: `http://${evil}`, "content-type": "application/json" });
    expect(answer.status).toBe(400);
    expect(answer.body).toBe("This shop is not served at evil.example. The operator can add it to ALLOWED_HOSTS or set BASE_URL.\n");
    expect((await send({ host: `${evil}:3000` }, "GET")).status).toBe(400);
    // A host that is no host is not repeated back.
    const junk = await send({ host: "evil.example/<script>" }, "GET");
    expect(junk.status).toBe(400);
    expect(junk.body).toContain("This shop is not served at this address.");
    expect(reached).toEqual([]);
  });

  it("attack: host header poisoning — loopback, the server's address and ALLOWED_HOSTS entries pass; a forged X-Forwarded-Host is ignored without TRUSTED_PROXY", async () => {
    const { send, reached } = await serve({ ALLOWED_HOSTS: "shop.example" });
    const hosts = ["localhost:3000", "127.0.0.1:3000", "[::1]:3000", "shop.example:8080", ...(lanHost ? [`${lanHost}:3000`] : [])];
    for (const host of hosts) expect((await send({ host }, "GET")).status, host).toBe(200);
    // Without a trusted proxy the forwarded host is the client's word: the Host decides, either way.
    expect((await send({ host: "127.0.0.1:3000", "x-forwarded-host": evil }, "GET")).status).toBe(200);
    expect((await send({ host: evil, "x-forwarded-host": "shop.example" }, "GET")).status).toBe(400);
    expect(reached).toEqual([...hosts, "127.0.0.1:3000"]);
  });

  it("attack: host header poisoning — behind TRUSTED_PROXY=true the forwarded host follows the same rule; with BASE_URL set nothing is checked", async () => {
    const proxied = await serve({ TRUSTED_PROXY: "true", ALLOWED_HOSTS: "shop.example" });
    expect((await proxied.send({ host: "10.0.0.5:3000", "x-forwarded-host": "shop.example" }, "GET")).status).toBe(200);
    expect((await proxied.send({ host: "127.0.0.1:3000", "x-forwarded-host": evil }, "GET")).status).toBe(400);
    expect((await proxied.send({ host: "127.0.0.1:3000", "x-forwarded-host": `${evil}, shop.example` }, "GET")).status).toBe(400);
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    const fixed = await serve({ BASE_URL: "https://shop.example" });
    expect((await fixed.send({ host: evil }, "GET")).status).toBe(200);
  });
});

for (const kind of databaseKinds) {
  describe(`links in emails never name a host the shop does not serve [${kind}]`, () => {
    let t: TestDatabase;
    let seq = 0;
    const victim = "victim@example.com";

    beforeAll(async () => {
      t = await createTestDatabase(kind);
      await shipFree(t.db);
      setDatabaseForTests(t.db);
      expect((await auth("/sign-up/email", { name: "Vera Victim", email: victim, password: "victim-password-1" }, loopback)).status).toBe(200);
    });
    afterAll(async () => {
      setDatabaseForTests(undefined);
      await t?.close();
    });
    afterEach(() => setTrustedProxy(false));

    const loopback = { host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000" };

    function setTrustedProxy(on: boolean) {
      process.env.TRUSTED_PROXY = on ? "true" : "";
      resetSettingsForTests();
    }

    /** A post to better-auth's route handler as a client sends it; each from its own address (sign-up and reset are rate-limited). */
    function auth(path: string, body: unknown, headers: Record<string, string>) {
      seq += 1;
      return authPost(
        new Request(`${nextUrl}/api/auth${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${seq}`, ...headers },
          body: JSON.stringify(body),
        }),
      );
    }

    /** A reset request, then the work it handed on for after its answer (the link and the mail, if any). */
    async function resetFor(headers: Record<string, string>) {
      const answer = await auth("/request-password-reset", { email: victim, redirectTo: "/reset-password" }, headers);
      await runAfterResponse();
      return answer;
    }

    async function mails() {
      return t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id));
    }

    /** The link of the newest mail of `kind` to `to`. */
    async function newestLink(kind: string, to = victim) {
      const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, kind)).orderBy(desc(mailOutbox.id)).limit(1);
      expect(mail?.toAddress).toBe(to);
      return /https?:\/\/[^\s"<>]+/.exec(mail.text)?.[0] ?? "";
    }

    it("attack: host header poisoning — password reset, email verification and order lookup at a foreign Host mail no link to it", async () => {
      const { variantId } = await insertProduct(t.db, { stock: 5 });
      const guest = "guest.lookup@example.com";
      const order = await createCheckout(t.db, { ...checkoutInput({ id: "", email: guest }, [{ variantId, quantity: 1 }]), userId: null }, demoProvider(), {
        guestCheckout: true,
      });
      const before = (await mails()).length;

      // The repro, as a script sends it: Host and a matching Origin. The origin is not the shop's: refused.
      const foreign = { host: evil, origin: `http://${evil}` };
      expect((await resetFor(foreign)).status).toBe(403);
      expect((await auth("/sign-up/email", { name: "Eve", email: "eve@example.com", password: "eve-password-1" }, foreign)).status).toBe(403);
      // Without an Origin (no browser involved) the request goes through, and its links use the shop's own address.
      expect((await resetFor({ host: evil })).status).toBe(200);
      expect(await newestLink("reset-password")).toMatch(/^http:\/\/localhost:3000\/api\/auth\/reset-password\//);
      expect((await auth("/sign-up/email", { name: "Eve", email: "eve@example.com", password: "eve-password-1" }, { host: evil })).status).toBe(200);
      expect(await newestLink("verify-email", "eve@example.com")).toMatch(/^http:\/\/localhost:3000\/api\/auth\/verify-email\?/);
      // The order lookup (a server action): the 24-hour link goes to the order's address, never to the foreign host.
      request.headers = new Headers({ ...foreign, "x-forwarded-for": "198.51.100.250" });
      expect(await lookupOrderAction({ email: guest, orderNumber: `#${order.orderId}`, locale: "en" })).toMatchObject({ ok: true });
      expect(await newestLink("order-link", guest)).toMatch(new RegExp(`^http://localhost:3000/orders/${order.orderId}\\?token=`));

      const all = await mails();
      expect(all.slice(0, all.length - before).map((m) => m.kind).sort()).toEqual(["order-link", "reset-password", "verify-email"]);
      for (const mail of all) expect(`${mail.text}${mail.html}`, mail.kind).not.toContain(evil);
    });

    it("attack: host header poisoning — at the hosts the shop serves the links follow the address used: loopback, the server's address, an ALLOWED_HOSTS entry, a trusted proxy's host", async () => {
      const cases: Array<[headers: Record<string, string>, origin: string]> = [
        [loopback, "http://127.0.0.1:3000"],
        [{ host: "[::1]:3000", origin: "http://[::1]:3000" }, "http://[::1]:3000"],
        [{ host: "localhost:3000" }, "http://localhost:3000"],
        [{ host: "shop.example:8080", origin: "http://shop.example:8080" }, "http://shop.example:8080"],
        ...(lanHost ? [[{ host: `${lanHost}:3000`, origin: `http://${lanHost}:3000` }, `http://${lanHost}:3000`] as [Record<string, string>, string]] : []),
      ];
      for (const [headers, origin] of cases) {
        expect((await resetFor(headers)).status, origin).toBe(200);
        expect(await newestLink("reset-password")).toMatch(new RegExp(`^${origin.replace(/[[\].]/g, "\\$&")}/api/auth/reset-password/`));
      }
      setTrustedProxy(true);
      const proxied = { host: "10.0.0.5:3000", "x-forwarded-host": "shop.example", "x-forwarded-proto": "https" };
      expect((await resetFor({ ...proxied, origin: "https://shop.example" })).status).toBe(200);
      expect(await newestLink("reset-password")).toMatch(/^https:\/\/shop\.example\/api\/auth\/reset-password\//);
    });

    it("attack: host header poisoning — a forged X-Forwarded-Host is ignored without TRUSTED_PROXY, and a forwarded foreign host is refused with it", async () => {
      expect((await resetFor({ ...loopback, "x-forwarded-host": evil })).status).toBe(200);
      expect(await newestLink("reset-password")).toMatch(/^http:\/\/127\.0\.0\.1:3000\//);
      expect((await resetFor({ host: "127.0.0.1:3000", "x-forwarded-host": evil, origin: `http://${evil}` })).status).toBe(403);

      setTrustedProxy(true);
      expect((await resetFor({ host: "127.0.0.1:3000", "x-forwarded-host": evil, origin: `http://${evil}` })).status).toBe(403);
      expect((await resetFor({ host: "127.0.0.1:3000", "x-forwarded-host": evil })).status).toBe(200);
      expect(await newestLink("reset-password")).toMatch(/^http:\/\/localhost:3000\//);
      for (const mail of await mails()) expect(`${mail.text}${mail.html}`, mail.kind).not.toContain(evil);
    });
  });
}
