import { execFileSync, spawn } from "node:child_process";
import { chownSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { userInfo } from "node:os";

/*
 * A throw-away PostgreSQL cluster of the fault specs' own, built with Debian's binaries, so a spec may stop and
 * restart it. The shared cluster on 5432 is never touched. initdb refuses to run as root: when we are root, the
 * cluster belongs to the `postgres` user and every command runs as that user.
 */

const bin = process.env.POSTGRES_BIN_DIR ?? "/usr/lib/postgresql/15/bin";

/** Why the spec cannot run here, or null when the binaries are present. */
export function privatePostgresUnavailable(): string | null {
  for (const tool of ["initdb", "pg_ctl", "postgres"]) {
    if (!existsSync(`${bin}/${tool}`)) return `PostgreSQL binaries not found (${bin}/${tool}); install postgresql-15 or set POSTGRES_BIN_DIR`;
  }
  return null;
}

export type PrivatePostgres = {
  url: (database: string) => string;
  /** Asynchronous, so requests in flight keep going while the server shuts down. */
  stop: () => Promise<void>;
  start: () => Promise<void>;
  /** Stops the cluster and removes its folder. */
  destroy: () => Promise<void>;
};

export async function createPrivatePostgres(port: number): Promise<PrivatePostgres> {
  const dir = `/tmp/vitrina-faults-pg-${port}`;
  const asRoot = userInfo().uid === 0;
  const run = (tool: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const [cmd, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", `${bin}/${tool}`, ...args]] : [`${bin}/${tool}`, args];
      // "exit", not "close": the server that pg_ctl starts may keep inherited pipes open for its whole life.
      const child = spawn(cmd, argv, { stdio: ["ignore", "ignore", "pipe"] });
      let errors = "";
      child.stderr.on("data", (d) => (errors += d));
      child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${tool} ${args.join(" ")} failed (${code}):\n${errors}`))));
    });
  const ctl = (action: string, extra: string[] = []) => run("pg_ctl", [action, "-D", `${dir}/data`, "-w", "-t", "60", ...extra]);

  // A leftover cluster of an interrupted run may still be running on this port.
  if (existsSync(`${dir}/data/postmaster.pid`)) await ctl("stop", ["-m", "immediate"]).catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
  }
  await run("initdb", ["-D", `${dir}/data`, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const start = () =>
    ctl("start", ["-l", `${dir}/server.log`, "-o", `-p ${port} -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off`]);
  await start();
  return {
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    // Fast shutdown: open connections are terminated mid-transaction, as in a real restart or failover.
    stop: () => ctl("stop", ["-m", "fast"]),
    start,
    destroy: async () => {
      await ctl("stop", ["-m", "immediate"]).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
