import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startShopServer, type ShopServer } from "../../tests/e2e/shop-server";
import { startLocalS3, type LocalS3 } from "../../tests/helpers/local-s3";
import { dropDatabase, recreateDatabase } from "../../tests/helpers/server-database";

/*
 * The soak's shop: two production instances (scripts/start.mjs on the existing build) on one fresh PostgreSQL
 * database, STORAGE=s3 against s3rver on 127.0.0.1, each with its own DATA_DIR — what docs/operations.md asks of N
 * instances behind a load balancer. Same helpers as the scale-out e2e (tests/e2e/shop-server.ts, tests/helpers/local-s3.ts).
 */

export const SOAK_ADMIN = { email: "soak.admin@example.com", password: "soak-admin-password-1", name: "Soak Admin" };
/** Short, so abandoned checkouts expire (and are swept) several times during a run. */
export const RESERVATION_SECONDS = 60;

export type ProbeSample = {
  at: number;
  pid: number;
  rss: number;
  heapUsed: number;
  /** V8's heap as reserved from the system (what it costs in RSS, garbage included). */
  heapTotal: number;
  /** Memory of JavaScript objects outside V8's heap (Buffers included); arrayBuffers is the Buffer part. */
  external: number;
  arrayBuffers: number;
  /** Anonymous resident pages (malloc and V8 alike, not code or mapped files); null off Linux. */
  anonymous: number | null;
  /** Memory libvips tracks (images being resized now, plus its operation cache) once the optimizer loaded sharp. */
  vipsMemory: number | null;
  frontCache: { hits: number; misses: number; entries: number; bytes: number };
};

export type Instance = {
  name: string;
  baseURL: string;
  /** False while it is out of the load balancer's pool (being restarted). */
  inPool: boolean;
  /** Requests sent to it and not answered yet (the load counts them, so a restart can drain first). */
  inFlight: number;
  server: ShopServer;
  /** Everything the instance printed, across restarts. */
  output(): string;
  probe(): ProbeSample | null;
};

export type Shop = {
  databaseUrl: string;
  instances: Instance[];
  restart(instance: Instance): Promise<void>;
  stop(): Promise<void>;
};

export async function startShop(options: { serverUrl: string; basePort: number }): Promise<Shop> {
  const root = process.cwd();
  const databaseName = `vitrina_soak_${options.basePort}`;
  const databaseUrl = await recreateDatabase(options.serverUrl, databaseName);

  const work = mkdtempSync(path.join(tmpdir(), "vitrina-soak-"));
  let s3: LocalS3 | null = null;
  const instances: Instance[] = [];
  const earlierOutput = new Map<Instance, string>();
  const stop = async () => {
    for (const instance of instances) await instance.server.stop().catch(() => undefined);
    await s3?.stop().catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
    await dropDatabase(options.serverUrl, databaseName).catch(() => undefined);
  };

  try {
    s3 = await startLocalS3({ port: options.basePort + 9 });
    const env = {
      ...s3.env,
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: "soak-test-secret-0123456789abcdef-0123",
      // The load generator plays many shoppers from one machine, each with its own X-Forwarded-For (sign-up and
      // checkout limits count per client); the rate limits themselves are not what a soak measures.
      TRUSTED_PROXY: "true",
      CHECKOUT_RATE_LIMIT_ACCOUNT: "100000",
      RESERVATION_SECONDS: String(RESERVATION_SECONDS),
      LOG_LEVEL: "warn",
      ADMIN_EMAIL: SOAK_ADMIN.email,
      ADMIN_PASSWORD: SOAK_ADMIN.password,
      ADMIN_NAME: SOAK_ADMIN.name,
    };
    const nodeOptions = ["scripts/forwarded-for-guard.mjs", "scripts/soak/probe.mjs"].map((f) => `--import ${path.join(root, f)}`).join(" ");
    const start = async (port: number, dataDir: string, probeFile: string) =>
      startShopServer({ port, dataDir, env: { ...env, DATA_DIR: dataDir, SOAK_PROBE_FILE: probeFile, NODE_OPTIONS: nodeOptions } });

    // One after the other, as the runbook says: the first applies the migrations and seeds the demo shop.
    for (const [i, name] of ["A", "B"].entries()) {
      const dataDir = path.join(work, `data-${name}`);
      const probeFile = path.join(work, `probe-${name}.json`);
      const port = options.basePort + i;
      const server = await start(port, dataDir, probeFile);
      const instance: Instance = {
        name,
        baseURL: server.baseURL,
        inPool: true,
        inFlight: 0,
        server,
        output: () => (earlierOutput.get(instance) ?? "") + instance.server.output(),
        probe: () => {
          try {
            return JSON.parse(readFileSync(probeFile, "utf8")) as ProbeSample;
          } catch {
            return null;
          }
        },
      };
      instances.push(instance);
    }

    return {
      databaseUrl,
      instances,
      async restart(instance) {
        const index = instances.indexOf(instance);
        const dataDir = path.join(work, `data-${instance.name}`);
        const probeFile = path.join(work, `probe-${instance.name}.json`);
        // Out of the pool first and drained (what a load balancer does for a rolling restart, docs/operations.md),
        // then a clean stop and a start on the same data folder.
        instance.inPool = false;
        const drained = Date.now() + 30_000;
        while (instance.inFlight > 0 && Date.now() < drained) await new Promise((resolve) => setTimeout(resolve, 100));
        await instance.server.stop();
        earlierOutput.set(instance, `${instance.output()}\n--- restarted ---\n`);
        rmSync(probeFile, { force: true });
        instance.server = await start(options.basePort + index, dataDir, probeFile);
        instance.inPool = true;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Until the instance's probe has written a sample (at most `ms`). */
export async function waitForProbe(instance: Instance, ms = 15_000): Promise<ProbeSample | null> {
  const deadline = Date.now() + ms;
  for (;;) {
    const sample = instance.probe();
    if (sample || Date.now() > deadline) return sample;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
