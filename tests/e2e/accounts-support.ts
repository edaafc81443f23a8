import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

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

export type ShopServer = { baseURL: string; stop: () => Promise<void> };

// Playwright runs from the project root (playwright.config.ts lives there).
const root = process.cwd();

/** Starts `npm start` on its own port and data folder; `admins` are created with admin:create first. */
export async function startShopServer(options: {
  port: number;
  env?: Record<string, string>;
  admins?: Array<{ email: string; password: string; name?: string }>;
}): Promise<ShopServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "vitrina-accounts-e2e-"));
  const baseURL = `http://localhost:${options.port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(options.port),
    BASE_URL: baseURL,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    VITRINA_SKIP_BUILD: "true",
    STORE_NAME: "Vitrina",
    NODE_OPTIONS: `--import ${path.join(root, "scripts/forwarded-for-guard.mjs")}`,
    ...options.env,
  } as NodeJS.ProcessEnv;
  for (const admin of options.admins ?? []) {
    const args = ["scripts/admin-create.ts", "--email", admin.email, "--password", admin.password, ...(admin.name ? ["--name", admin.name] : [])];
    const result = spawnSync(path.join(root, "node_modules/.bin/tsx"), args, { cwd: root, env: { ...env, NODE_OPTIONS: "" }, encoding: "utf8" });
    if (result.status !== 0) throw new Error(`admin:create failed: ${result.stderr}`);
  }
  const child: ChildProcess = spawn("node", ["scripts/start.mjs"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const deadline = Date.now() + 180_000;
  while (true) {
    if (child.exitCode !== null) throw new Error(`shop server exited early:\n${output}`);
    try {
      const response = await fetch(`${baseURL}/`);
      if (response.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`shop server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  // Loads the auth module and opens the database before the first timed step.
  await fetch(`${baseURL}/api/auth/get-session`).catch(() => undefined);
  return {
    baseURL,
    stop: async () => {
      if (child.exitCode === null && child.pid) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        process.kill(-child.pid, "SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
