import net from "node:net";
import { test } from "@playwright/test";
import { startShopServer, type ShopServer } from "./shop-server";

/*
 * The accounts specs run their own production server (same build) so that they can create an admin with
 * `npm run admin:create` before it holds the data folder, point SMTP_URL at a sink they read, and switch
 * AUTH_REQUIRE_EMAIL_VERIFICATION. Nothing here exists in the app itself.
 */

export type CapturedMail = { to: string; raw: string; text: string };

/** A tiny SMTP server that accepts every message and keeps it in memory. */
export async function startSmtpSink() {
  const messages: CapturedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = net.createServer((socket) => {
    let buffer = "";
    let inData = false;
    let to = "";
    socket.write("220 sink ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      while (true) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          const raw = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          // Quoted-printable soft breaks and escapes, enough to read links back.
          const text = raw.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
          messages.push({ to, raw, text });
          waiters.splice(0).forEach((wake) => wake());
          socket.write("250 OK\r\n");
          continue;
        }
        const newline = buffer.indexOf("\r\n");
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const command = line.slice(0, 4).toUpperCase();
        if (command === "EHLO" || command === "HELO") socket.write("250 sink\r\n");
        else if (command === "RCPT") {
          to = /<([^>]+)>/.exec(line)?.[1] ?? "";
          socket.write("250 OK\r\n");
        } else if (command === "DATA") {
          inData = true;
          socket.write("354 End data with <CR><LF>.<CR><LF>\r\n");
        } else if (command === "QUIT") {
          socket.end("221 Bye\r\n");
          return;
        } else socket.write("250 OK\r\n");
      }
    });
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;

  /** The first link in the newest message to `to` whose URL contains `needle`. */
  async function linkFor(to: string, needle: string, timeoutMs = 20_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      for (const message of [...messages].reverse()) {
        if (message.to.toLowerCase() !== to.toLowerCase()) continue;
        const link = message.text.match(/https?:\/\/[^\s"<>]+/g)?.find((url) => url.includes(needle));
        if (link) return link;
      }
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 500);
      });
    }
    throw new Error(`no mail to ${to} with a link containing ${needle}`);
  }

  return { url: `smtp://127.0.0.1:${port}`, messages, linkFor, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export { startShopServer, type ShopServer };

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/**
 * A server of the spec's own whose mail goes to an SMTP sink: both started before the spec's (or describe block's)
 * tests and stopped after them. Read `servers.shop` and `servers.sink` inside the tests.
 */
export function withShopAndMailSink(options: { port: number; env?: Record<string, string>; admins?: Array<{ email: string; password: string; name?: string }> }) {
  const servers = {} as { shop: ShopServer; sink: SmtpSink };
  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(240_000);
    servers.sink = await startSmtpSink();
    servers.shop = await startShopServer({ ...options, env: { SMTP_URL: servers.sink.url, ...options.env } });
  });
  test.afterAll(async () => {
    await servers.shop?.stop();
    await servers.sink?.close();
  });
  return servers;
}
