import http from "node:http";
import { networkInterfaces } from "node:os";
import { expect, test } from "@playwright/test";
import { withShopAndMailSink } from "../e2e/accounts-support";

/*
 * Host-header poisoning against the production server (docs/security.md, decision 0340): with BASE_URL unset, the
 * probe's request — `Host: evil.example` with a matching Origin — must be answered 400 by the web server
 * (scripts/host-guard.mjs) and no mail may carry a link to that host; the shop keeps answering at the server's own
 * addresses and at ALLOWED_HOSTS entries. The mail goes to an SMTP sink read here. A server of its own.
 */

const port = Number(process.env.E2E_PORT ?? 3100) + 75;
const evil = "evil.example";
const servers = withShopAndMailSink({
  port,
  env: { BASE_URL: "", ALLOWED_HOSTS: "shop.test", AUTH_REQUIRE_EMAIL_VERIFICATION: "true" },
});

/** One request to the shop on 127.0.0.1 with the Host header given (a browser cannot be made to send another). */
function send(host: string, path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, method: options.method ?? "GET", headers: { host, ...options.headers } }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

const json = (origin: string, body: unknown) => ({
  method: "POST",
  headers: { origin, "content-type": "application/json" },
  body: JSON.stringify(body),
});

test("attack: host header poisoning — the probe's password reset, sign-up verification and order lookup at a foreign Host answer 400 and mail no link to it", async () => {
  const shop = `127.0.0.1:${port}`;
  const victim = `victim.${Date.now()}@example.com`;
  const signUp = await send(shop, "/api/auth/sign-up/email", json(`http://${shop}`, { name: "Vera Victim", email: victim, password: "victim-password-1" }));
  expect(signUp.status).toBe(200);

  const refused = "This shop is not served at evil.example. The operator can add it to ALLOWED_HOSTS or set BASE_URL.\n";
  const foreign = `http://${evil}`;
  const probes = [
    send(evil, "/api/auth/request-password-reset", json(foreign, { email: victim, redirectTo: "/reset-password" })),
    send(evil, "/api/auth/sign-up/email", json(foreign, { name: "Eve", email: `eve.${Date.now()}@example.com`, password: "eve-password-1" })),
    send(evil, "/api/auth/send-verification-email", json(foreign, { email: victim })),
    // The lookup form's server action: refused before Next reads which action it names.
    send(evil, "/orders/lookup", { method: "POST", headers: { origin: foreign, "next-action": "0".repeat(42), "content-type": "text/plain;charset=UTF-8" }, body: `[{"email":"${victim}","orderNumber":"#1","locale":"en"}]` }),
    send(`${evil}:${port}`, "/"),
  ];
  const answers = await Promise.all(probes);
  for (const answer of answers) expect(answer.status).toBe(400);
  expect(answers.slice(0, -1).map((a) => a.body)).toEqual(answers.slice(0, -1).map(() => refused));
  expect(answers.at(-1)!.body).toBe(refused.replace(evil, `${evil}:${port}`));

  // The same reset at the shop's own address is mailed, with a link there: the sink works, and it got nothing else.
  expect((await send(shop, "/api/auth/request-password-reset", json(`http://${shop}`, { email: victim, redirectTo: "/reset-password" }))).status).toBe(200);
  expect(await servers.sink.linkFor(victim, "/reset-password/")).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/api/auth/reset-password/`));
  expect(await servers.sink.linkFor(victim, "/verify-email")).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/api/auth/verify-email`));
  for (const message of servers.sink.messages) expect(message.text).not.toContain(evil);

  // One warning per refused host, naming the settings.
  const warnings = servers.shop.output().split("\n").filter((line) => line.includes('"msg":"host.refused"'));
  expect(warnings.map((line) => JSON.parse(line).host).sort()).toEqual([evil, `${evil}:${port}`]);
  expect(warnings[0]).toContain("add it to ALLOWED_HOSTS or set BASE_URL");
});

test("attack: host header poisoning — the shop still answers at localhost, 127.0.0.1, [::1], the server's LAN address and an ALLOWED_HOSTS entry", async () => {
  const lan = Object.values(networkInterfaces())
    .flat()
    .find((a) => a && !a.internal && a.family === "IPv4")?.address;
  const hosts = [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, `shop.test:${port}`, "shop.test", ...(lan ? [`${lan}:${port}`] : [])];
  for (const host of hosts) {
    const answer = await send(host, "/");
    expect(answer.status, host).toBe(200);
    // The page's own links use the address it was reached at.
    expect(answer.body, host).toContain(`<link rel="canonical" href="http://${host}`);
  }
  // A forged X-Forwarded-Host without TRUSTED_PROXY is ignored: the Host decides.
  const forged = await send(`127.0.0.1:${port}`, "/", { headers: { "x-forwarded-host": evil } });
  expect(forged.status).toBe(200);
  expect(forged.body).not.toContain(evil);
});
