import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/*
 * Specs that need their own production server (same build, own port and data folder) start it here — e.g. so that
 * an admin can be created with `npm run admin:create` before the server holds the data folder.
 */

export type ShopServer = { baseURL: string; stop: () => Promise<void> };

// Playwright runs specs from the project root; import.meta is not available in its CommonJS transform.
const root = process.cwd();

/** Starts `npm start` on its own port and data folder; `admins` are created with admin:create first. */
export async function startShopServer(options: {
  port: number;
  env?: Record<string, string>;
  admins?: Array<{ email: string; password: string; name?: string }>;
}): Promise<ShopServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "vitrina-e2e-server-"));
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
