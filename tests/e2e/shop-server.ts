import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/*
 * Specs that need their own production server (same build, own port and data folder) start it here — e.g. so that
 * an admin can be created with `npm run admin:create` before the server holds the data folder.
 */

export type ShopServer = {
  baseURL: string;
  /** The process group leader (scripts/start.mjs); `next start` runs in its group. */
  pid: number;
  /** Everything the server printed so far. */
  output: () => string;
  stop: () => Promise<void>;
  /** SIGKILL to the whole process group (the wrapper and the real Next server): a crash, no shutdown code runs. */
  kill: () => Promise<void>;
};

// Playwright runs specs from the project root; import.meta is not available in its CommonJS transform.
const root = process.cwd();

/**
 * Starts `npm start` on its own port and data folder; `admins` are created with admin:create first. A given `dataDir`
 * belongs to the caller (kept on stop, so a restart can reuse it); otherwise a fresh one is made and removed on stop.
 */
export async function startShopServer(options: {
  port: number;
  env?: Record<string, string>;
  admins?: Array<{ email: string; password: string; name?: string }>;
  dataDir?: string;
}): Promise<ShopServer> {
  // One bound for the whole start, admin:create included, shorter than the callers' 240 s hook timeout: a start that
  // gives up here kills its server and says which phase took the time, where a hook timeout would leave it running.
  const started = Date.now();
  const deadline = started + 200_000;
  const ownsDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "vitrina-e2e-server-"));
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
    // All of a spec's shoppers check out from 127.0.0.1 (limits tested in tests/security/checkout-abuse.test.ts).
    CHECKOUT_RATE_LIMIT_CLIENT: "100000",
    NODE_OPTIONS: `--import ${path.join(root, "scripts/forwarded-for-guard.mjs")}`,
    ...options.env,
  } as NodeJS.ProcessEnv;
  if (ownsDataDir) await copyTemplate(dataDir, env, options.env ?? {}, deadline);
  for (const admin of options.admins ?? []) {
    const args = ["scripts/admin-create.ts", "--email", admin.email, "--password", admin.password, ...(admin.name ? ["--name", admin.name] : [])];
    const result = spawnSync(path.join(root, "node_modules/.bin/tsx"), args, { cwd: root, env: { ...env, NODE_OPTIONS: "" }, encoding: "utf8" });
    if (result.status !== 0) throw new Error(`admin:create failed: ${result.stderr}`);
  }
  const adminsSeconds = ((Date.now() - started) / 1000).toFixed(0);
  const child: ChildProcess = spawn("node", ["scripts/start.mjs"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  unstopped.add(child.pid!);
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  while (true) {
    if (child.exitCode !== null) throw new Error(`shop server exited early:\n${output}`);
    try {
      // Bounded by the deadline, not per attempt: a busy machine can take minutes over the first page, and asking again
      // while it works only queues more of the same work.
      const response = await fetch(`${baseURL}/`, { signal: AbortSignal.timeout(Math.max(1_000, deadline - Date.now())) });
      if (response.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      // A server that never answered must not keep its port: the next run would fail on EADDRINUSE instead.
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        /* the group is already gone */
      }
      unstopped.delete(child.pid!);
      throw new Error(`shop server did not answer / within 200 s (admin:create took ${adminsSeconds} s):\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  // Loads the auth module and opens the database before the first timed step.
  await fetch(`${baseURL}/api/auth/get-session`).catch(() => undefined);
  const pid = child.pid!;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const signalGroup = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-pid, signal);
      } catch {
        /* the group is already gone */
      }
      await exited;
    }
    // The leader's exit does not wait for the rest of its group: wait until no process of it is left.
    while (groupIsAlive(pid)) await new Promise((resolve) => setTimeout(resolve, 100));
    unstopped.delete(pid);
  };
  return {
    baseURL,
    pid,
    output: () => output,
    stop: async () => {
      // A shutdown that hangs (a pool waiting on a database a fault spec took away) must not hang the spec's clean-up.
      const hung = setTimeout(() => {
        try {
          process.kill(-pid, "SIGKILL");
        } catch {
          /* the group is already gone */
        }
      }, 20_000);
      await signalGroup("SIGTERM");
      clearTimeout(hung);
      if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    kill: () => signalGroup("SIGKILL"),
  };
}

/**
 * Settings a spec may give its server that neither the migrations nor the first start's seed read (scripts/preflight.ts:
 * the demo shop, its currency, shipping and store details, the legal drafts): such a server can start from a copy of
 * a data folder migrated and seeded once per run.
 */
const RUNTIME_ONLY = new Set([
  "SMTP_URL",
  "TRUSTED_PROXY",
  "AUTH_REQUIRE_EMAIL_VERIFICATION",
  "GUEST_CHECKOUT",
  "CHECKOUT_RATE_LIMIT_ACCOUNT",
  "ADMIN_REQUIRE_2FA",
]);

/**
 * Fills a new data folder from the run's template (E2E_SERVER_TEMPLATE, set by scripts/e2e.mjs), made by the first
 * server that asks: migrating and seeding a data folder took 10 of each own server's 15–45 s start, about 25 times a
 * run. A spec whose settings could change what the first start writes gets a folder of its own, as before.
 */
async function copyTemplate(dataDir: string, env: NodeJS.ProcessEnv, own: Record<string, string>, deadline: number) {
  const template = process.env.E2E_SERVER_TEMPLATE;
  if (!template || Object.keys(own).some((key) => !RUNTIME_ONLY.has(key))) return;
  const ready = path.join(template, "ready");
  try {
    // The first to take the lock makes the template; the others wait for it (workers are separate processes).
    mkdirSync(`${template}.lock`, { recursive: false });
    const building = `${template}.building`;
    rmSync(building, { recursive: true, force: true });
    // The servers' own settings without this spec's: those are left out of every server's first start.
    const base: NodeJS.ProcessEnv = { ...env, DATA_DIR: building, NODE_OPTIONS: "" };
    for (const key of Object.keys(own)) delete base[key];
    const result = spawnSync(path.join(root, "node_modules/.bin/tsx"), ["scripts/preflight.ts"], {
      cwd: root,
      env: base,
      encoding: "utf8",
    });
    if (result.status !== 0) throw new Error(`the servers' template data folder failed: ${result.stdout}${result.stderr}`);
    renameSync(building, template);
    mkdirSync(ready);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    while (!existsSync(ready)) {
      if (Date.now() > deadline) throw new Error(`the servers' template data folder was not ready at ${template}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  cpSync(template, dataDir, { recursive: true, filter: (source) => source !== ready });
}

/*
 * Servers started and not yet stopped. A worker that ends without its spec's afterAll (a hook timeout, an interrupted
 * run) would otherwise leave them holding their ports for the next run.
 */
const unstopped = new Set<number>();
process.once("exit", () => {
  for (const pgid of unstopped) {
    try {
      process.kill(-pgid, "SIGKILL");
    } catch {
      /* the group is already gone */
    }
  }
});

/** True while a process of the group still runs (zombies, which hold no port or lock, do not count). */
function groupIsAlive(pgid: number): boolean {
  if (!existsSync("/proc")) {
    try {
      process.kill(-pgid, 0);
      return true;
    } catch {
      return false;
    }
  }
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid pgrp …"; comm may hold spaces, so read after its closing paren.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(pgrp) === pgid && state !== "Z") return true;
    } catch {
      /* exited while we looked */
    }
  }
  return false;
}
