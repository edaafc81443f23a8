import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.LOG_LEVEL = "silent";
  // The shop's default: only public receivers. Tests that need it on say so.
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
});

import { describeOnEachDatabase } from "../helpers/test-database";
import { startWebhookReceiver } from "../helpers/webhook-receiver";
import { webhookTestbed } from "../helpers/webhook-testbed";
import { webhookEndpoints } from "@/server/db/schema/webhooks";
import { parseSettings, resetSettingsForTests } from "@/server/env";
import type { ResolvedAddress } from "@/server/net/outbound-address";
import { adminRefusalMessage } from "@/features/admin/action-runner";
import { WebhookError } from "@/features/webhooks/errors";
import { createEndpoint, pingEndpoint, updateEndpoint } from "@/features/webhooks/admin-service";
import { listDeliveries } from "@/features/webhooks/delivery-log";
import { deliverDueWebhooks, type WebhookDeliveryOptions } from "@/features/webhooks/delivery-worker";
import type { ReceiverNetwork } from "@/features/webhooks/receiver-address";
import { enqueueWebhookEvent } from "@/features/webhooks/service";

/*
 * Server-side request forgery through webhook endpoints (docs/security.md, docs/decisions/0341-webhook-receiver-addresses.md):
 * an admin (or whoever holds an admin session) types an address inside the shop's network and lets "Send test" and
 * the delivery log read its answers. Real receivers listen on 127.0.0.1 — exactly what must not be reachable — and
 * a DNS server is played by a resolver the tests hand in, answering differently at save and at delivery.
 */

const actor = { userId: "usr_admin", email: "admin@example.com" };
const input = (url: string) => ({ url, description: "", events: ["order.paid" as const], enabled: true });

/** The system's answer for a name (localhost), as the shop asks for it. */
const systemAnswer = async (hostname: string): Promise<ResolvedAddress[]> =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

/** A DNS server of the test's: its own names, the system's answer for every other (localhost). */
function dns(names: Record<string, string[]>, allowPrivate = false): ReceiverNetwork & { asked: string[] } {
  const asked: string[] = [];
  return {
    allowPrivate,
    asked,
    resolve: async (hostname): Promise<ResolvedAddress[]> => {
      asked.push(hostname);
      const answer = names[hostname];
      if (!answer) return systemAnswer(hostname);
      return answer.map((address) => ({ address, family: isIP(address) === 6 ? 6 : 4 }));
    },
  };
}

/** A resolver whose answer changes after its first: `first`, then `later` for every look-up after. */
function rebinding(first: string, later: string, allowPrivate = false): ReceiverNetwork & { asked: string[] } {
  const asked: string[] = [];
  return {
    allowPrivate,
    asked,
    resolve: async (hostname) => {
      asked.push(hostname);
      return [{ address: asked.length === 1 ? first : later, family: 4 }];
    },
  };
}

const PUBLIC = "93.184.216.34";
const privateText = (url: string, address: string, own: boolean) =>
  `"${url}" leads to ${address}, ${own ? "the shop's own machine" : "an address of a private network"}. Webhooks are sent only to public internet addresses; for a receiver on the shop's own network, the server's operator can set WEBHOOK_ALLOW_PRIVATE=true.`;
const reservedText = (url: string, address: string, what: string) =>
  `"${url}" leads to ${address}, ${what}. The shop never sends webhooks there: use the receiver's public address.`;
const LINK_LOCAL = "a link-local address (where cloud servers keep their metadata)";
const UNSPECIFIED = "an unspecified address, which reaches the shop's own machine";
const CREDENTIALS = "Leave the user name and password out of the address (the part before @). A receiver knows a delivery comes from the shop by its Vitrina-Signature header.";
const invalidText = (url: string) =>
  `"${url}" is not a web address the shop can send to. Use a full address starting with http:// or https://, such as https://example.com/hooks/vitrina.`;

describeOnEachDatabase("attacks on webhook receivers (SSRF)", (kind) => {
  const bed = webhookTestbed(kind, { allowPrivate: false });

  const options = (extra: Partial<WebhookDeliveryOptions> = {}): WebhookDeliveryOptions => ({
    maxAttempts: 3,
    retryBaseMs: 60_000,
    timeoutMs: 5_000,
    leaseMs: 60_000,
    batch: 20,
    now: () => new Date(),
    ...extra,
  });

  /** The refusal of saving `url`, as the admin reads it. */
  async function refusalOf(url: string, network?: ReceiverNetwork, locale: "en" | "es" = "en") {
    const error = await createEndpoint(bed.db, actor, input(url), network).then(
      () => null,
      (e: unknown) => e,
    );
    if (!(error instanceof WebhookError)) return `saved (${String(error)})`;
    expect(error.field).toBe("url");
    return adminRefusalMessage(locale, error);
  }

  it("attack: SSRF — 41 hostile receiver addresses are refused at save, each with a message saying why, and nothing is saved or sent", async () => {
    const port = bed.receiver.port;
    const local = `http://127.0.0.1:${port}/hooks`;
    const [localhost] = await systemAnswer("localhost");
    const names = dns({ "partly-internal.example": [PUBLIC, "10.0.0.7"], "v6-internal.example": ["2606:4700::1111", "::1"] });
    const cases: Array<[string, string]> = [
      [local, privateText(local, "127.0.0.1", true)],
      [`http://localhost:${port}/hooks`, privateText(`http://localhost:${port}/hooks`, localhost.address, true)],
      ["http://LOCALHOST/", privateText("http://LOCALHOST/", localhost.address, true)],
      ["http://[::1]/", privateText("http://[::1]/", "::1", true)],
      ["http://[0:0:0:0:0:0:0:1]/", privateText("http://[0:0:0:0:0:0:0:1]/", "::1", true)],
      ["http://0.0.0.0/", reservedText("http://0.0.0.0/", "0.0.0.0", UNSPECIFIED)],
      ["http://0/", reservedText("http://0/", "0.0.0.0", UNSPECIFIED)],
      ["http://[::]/", reservedText("http://[::]/", "::", UNSPECIFIED)],
      ["http://169.254.169.254/latest/meta-data/", reservedText("http://169.254.169.254/latest/meta-data/", "169.254.169.254", LINK_LOCAL)],
      // Numeric spellings the URL parser turns into 127.0.0.1.
      ["http://2130706433/", privateText("http://2130706433/", "127.0.0.1", true)],
      ["http://0177.0.0.1/", privateText("http://0177.0.0.1/", "127.0.0.1", true)],
      ["http://0x7f.1/", privateText("http://0x7f.1/", "127.0.0.1", true)],
      ["http://127.1/", privateText("http://127.1/", "127.0.0.1", true)],
      ["http://017700000001/", privateText("http://017700000001/", "127.0.0.1", true)],
      ["http://0x7f000001/", privateText("http://0x7f000001/", "127.0.0.1", true)],
      ["http://127.0.0.1./", privateText("http://127.0.0.1./", "127.0.0.1", true)],
      ["http://１２７.０.０.１/", privateText("http://１２７.０.０.１/", "127.0.0.1", true)],
      ["http://%31%32%37.0.0.1/", privateText("http://%31%32%37.0.0.1/", "127.0.0.1", true)],
      // IPv6 forms that carry an IPv4 address.
      ["http://[::ffff:127.0.0.1]/", privateText("http://[::ffff:127.0.0.1]/", "::ffff:7f00:1", true)],
      ["http://[::ffff:7f00:1]/", privateText("http://[::ffff:7f00:1]/", "::ffff:7f00:1", true)],
      ["http://[::127.0.0.1]/", privateText("http://[::127.0.0.1]/", "::7f00:1", true)],
      ["http://[64:ff9b::10.0.0.1]/", privateText("http://[64:ff9b::10.0.0.1]/", "64:ff9b::a00:1", false)],
      ["http://[2002:a9fe:a9fe::]/", reservedText("http://[2002:a9fe:a9fe::]/", "2002:a9fe:a9fe::", LINK_LOCAL)],
      // Private networks.
      ["http://10.0.0.1/", privateText("http://10.0.0.1/", "10.0.0.1", false)],
      ["http://172.16.5.4/", privateText("http://172.16.5.4/", "172.16.5.4", false)],
      ["http://172.31.255.255/", privateText("http://172.31.255.255/", "172.31.255.255", false)],
      ["https://192.168.1.1/admin", privateText("https://192.168.1.1/admin", "192.168.1.1", false)],
      ["http://100.64.0.1/", privateText("http://100.64.0.1/", "100.64.0.1", false)],
      ["http://[fd12:3456::1]/", privateText("http://[fd12:3456::1]/", "fd12:3456::1", false)],
      ["http://[fe80::1]/", reservedText("http://[fe80::1]/", "fe80::1", LINK_LOCAL)],
      // Multicast, reserved, broadcast.
      ["http://224.0.0.1/", reservedText("http://224.0.0.1/", "224.0.0.1", "a multicast address")],
      ["http://[ff02::1]/", reservedText("http://[ff02::1]/", "ff02::1", "a multicast address")],
      ["http://240.0.0.1/", reservedText("http://240.0.0.1/", "240.0.0.1", "a reserved address")],
      ["http://255.255.255.255/", reservedText("http://255.255.255.255/", "255.255.255.255", "a reserved address")],
      // A name with one internal address among public ones is refused whole.
      ["https://partly-internal.example/hooks", privateText("https://partly-internal.example/hooks", "10.0.0.7", false)],
      ["https://v6-internal.example/hooks", privateText("https://v6-internal.example/hooks", "::1", true)],
      // Credentials, other schemes, a zone id.
      [`http://user:pass@127.0.0.1:${port}/hooks`, CREDENTIALS],
      ["https://admin@hooks.example.com/in", CREDENTIALS],
      ["gopher://127.0.0.1:6379/_INFO", invalidText("gopher://127.0.0.1:6379/_INFO")],
      ["file:///etc/passwd", invalidText("file:///etc/passwd")],
      ["http://[fe80::1%25eth0]/", invalidText("http://[fe80::1%25eth0]/")],
    ];
    expect(cases).toHaveLength(41);
    const answers = [];
    for (const [url] of cases) answers.push([url, await refusalOf(url, names)]);
    expect(answers).toEqual(cases);

    // The same refusals in Spanish.
    expect(await refusalOf(local, names, "es")).toBe(
      `«${local}» lleva a 127.0.0.1, la propia máquina de la tienda. Los webhooks solo se envían a direcciones públicas de internet; para un receptor en la red de la propia tienda, quien opera el servidor puede poner WEBHOOK_ALLOW_PRIVATE=true.`,
    );
    expect(await refusalOf("http://169.254.169.254/", names, "es")).toBe(
      "«http://169.254.169.254/» lleva a 169.254.169.254, una dirección de enlace local (donde los servidores en la nube guardan sus metadatos). La tienda nunca envía webhooks allí: usa la dirección pública del receptor.",
    );
    expect(await refusalOf("http://u:p@example.com/", names, "es")).toBe(
      "Quita de la dirección el usuario y la contraseña (la parte antes de @). El receptor sabe que un envío viene de la tienda por su cabecera Vitrina-Signature.",
    );
    expect(await refusalOf("https://no-such-host.invalid/", names, "es")).toMatch(/^La tienda no encontró la dirección de «no-such-host\.invalid» \(ENOTFOUND\)\./);

    // With no network handed in, the settings' (WEBHOOK_ALLOW_PRIVATE off) and the system's DNS refuse alike.
    expect(await refusalOf(`http://localhost:${port}/hooks`)).toBe(privateText(`http://localhost:${port}/hooks`, localhost.address, true));
    expect(await bed.db.select().from(webhookEndpoints)).toEqual([]);
    expect(bed.receiver.received).toEqual([]);
  });

  it("attack: SSRF — public addresses right beside the refused ranges are accepted", async () => {
    const names = dns({ "hooks.partner.example": [PUBLIC, "2606:4700:4700::1111"] });
    for (const url of [
      "https://hooks.partner.example/in",
      "http://8.8.8.8/",
      "http://172.32.0.1/",
      "http://100.128.0.1/",
      "http://169.253.255.255/",
      "http://223.255.255.254/",
      "http://[2606:4700:4700::1111]/",
      "http://[64:ff9b::808:808]/",
      "http://[::ffff:8.8.8.8]/",
    ]) {
      await expect(createEndpoint(bed.db, actor, input(url), names), url).resolves.toMatchObject({ id: expect.any(Number) });
    }
    // Editing an endpoint checks its new address the same way.
    const [first] = await bed.db.select().from(webhookEndpoints).limit(1);
    await expect(updateEndpoint(bed.db, actor, first.id, input("http://10.1.2.3/"), names)).rejects.toMatchObject({ code: "webhookUrlPrivate", field: "url" });
    expect(bed.receiver.received).toEqual([]);
  });

  it("attack: SSRF — DNS rebinding: a name public when saved that resolves to 127.0.0.1 at delivery is refused by Send test and the worker; the log says why, and the receiver on 127.0.0.1 gets nothing", async () => {
    const url = `http://rebind.example:${bed.receiver.port}/hooks`;
    const { id } = await createEndpoint(bed.db, actor, input(url), rebinding(PUBLIC, "127.0.0.1"));
    const reason = `Not sent: ${privateText(url, "127.0.0.1", true)}`;

    const atDelivery = rebinding("127.0.0.1", "127.0.0.1");
    expect(await pingEndpoint(bed.db, actor, id, options({ network: atDelivery }))).toEqual({ delivered: false, status: null, error: reason });

    await enqueueWebhookEvent(bed.db, "order.paid", async () => ({ order: { id: 1 } }));
    const report = await deliverDueWebhooks(bed.db, options({ network: atDelivery }));
    expect(report).toMatchObject({ delivered: [], retrying: [expect.any(Number)] });

    const log = await listDeliveries(bed.db, { endpointId: id });
    expect(log.rows.map((row) => ({ event: row.eventType, status: row.status, answer: row.responseStatus, excerpt: row.responseExcerpt, error: row.error }))).toEqual([
      { event: "order.paid", status: "pending", answer: null, excerpt: null, error: reason },
      { event: "ping", status: "pending", answer: null, excerpt: null, error: reason },
    ]);
    expect(bed.receiver.received).toEqual([]);
  });

  it("attack: SSRF — an internal endpoint saved before the check existed is refused at delivery, with WEBHOOK_ALLOW_PRIVATE off", async () => {
    const url = `http://127.0.0.1:${bed.receiver.port}/hooks`;
    const [row] = await bed.db.insert(webhookEndpoints).values({ url, secret: "whsec_old", events: ["order.paid"] }).returning();
    const outcome = await pingEndpoint(bed.db, actor, row.id, options());
    expect(outcome).toEqual({ delivered: false, status: null, error: `Not sent: ${privateText(url, "127.0.0.1", true)}` });
    expect(bed.receiver.received).toEqual([]);
  });

  it("attack: SSRF — the post goes to the address that was checked, with the name as Host, never to a second DNS answer", async () => {
    // A second receiver on the same port of 127.0.0.2: what a connection that looked the name up again would reach.
    const elsewhere = await startWebhookReceiver({ host: "127.0.0.2", port: bed.receiver.port });
    try {
      const url = `http://pinned.example:${bed.receiver.port}/hooks`;
      const { id } = await createEndpoint(bed.db, actor, input(url), dns({ "pinned.example": ["127.0.0.1"] }, true));
      const network = rebinding("127.0.0.1", "127.0.0.2", true);
      expect(await pingEndpoint(bed.db, actor, id, options({ network }))).toEqual({ delivered: true, status: 200, error: null });
      expect(network.asked).toEqual(["pinned.example"]);
      expect(bed.receiver.received.map((r) => r.headers.host)).toEqual([`pinned.example:${bed.receiver.port}`]);
      expect(elsewhere.received).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });

  it("attack: SSRF — a redirect from an allowed receiver to an internal one is not followed: the 3xx is the answer", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = "true";
    resetSettingsForTests();
    const internal = await startWebhookReceiver();
    try {
      bed.receiver.answer({ status: 307, body: "", headers: { location: `${internal.url}?token=1` } });
      const { id } = await createEndpoint(bed.db, actor, input(bed.receiver.url));
      expect(await pingEndpoint(bed.db, actor, id, options())).toEqual({ delivered: false, status: 307, error: "HTTP 307" });
      bed.receiver.answer({ status: 302, body: "", headers: { location: "http://169.254.169.254/latest/meta-data/" } });
      expect(await pingEndpoint(bed.db, actor, id, options())).toEqual({ delivered: false, status: 302, error: "HTTP 302" });
      expect(bed.receiver.received).toHaveLength(2);
      expect(internal.received).toEqual([]);
    } finally {
      await internal.close();
    }
  });

  it("attack: SSRF — WEBHOOK_ALLOW_PRIVATE=true lets a receiver on 127.0.0.1 in; link-local, unspecified and credentials stay refused", async () => {
    expect(parseSettings({}).WEBHOOK_ALLOW_PRIVATE).toBe(false);
    process.env.WEBHOOK_ALLOW_PRIVATE = "true";
    resetSettingsForTests();
    const { id } = await createEndpoint(bed.db, actor, input(bed.receiver.url));
    bed.receiver.answer({ status: 200, body: "ok" });
    expect(await pingEndpoint(bed.db, actor, id, options())).toEqual({ delivered: true, status: 200, error: null });
    expect(bed.receiver.received).toHaveLength(1);
    expect(await refusalOf("http://169.254.169.254/latest/meta-data/")).toBe(reservedText("http://169.254.169.254/latest/meta-data/", "169.254.169.254", LINK_LOCAL));
    expect(await refusalOf(`http://0.0.0.0:${bed.receiver.port}/hooks`)).toBe(reservedText(`http://0.0.0.0:${bed.receiver.port}/hooks`, "0.0.0.0", UNSPECIFIED));
    expect(await refusalOf(`http://user:pass@127.0.0.1:${bed.receiver.port}/hooks`)).toBe(CREDENTIALS);
    expect(bed.receiver.received).toHaveLength(1);
  });
});
