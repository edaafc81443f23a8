// `node bench/checkout-profile.mjs <root> <tag> [seconds] [port]` (CPU_PROF=1: a CPU profile of the load, .out/cpu-<tag>): a fresh PostgreSQL
// database, the shop of <root> (a checkout of some commit, built into <root>/.next-bench) started with the SQL-count
// preload (bench/sql-count-preload.cjs), a 3 s warm-up that leaves the scarce variant alone (its race is measured),
// then the bench's own checkout load; prints orders/s, p50, oversell, statements per order, node and
// PostgreSQL CPU ms per order, and the statements by count (docs/performance.md, checkout second pass).
import { execSync, spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import os from "node:os";
const [root, tag, secs = "20", port = "4590"] = process.argv.slice(2);
const outDir = path.join(import.meta.dirname, ".out");
const pg = (await import(path.join(root, "node_modules/pg/lib/index.js"))).default;
mkdirSync(outDir, { recursive: true });
const db = `checkout_prof_${tag}`;
// PROF_PG_SOCKET=/var/run/postgresql: the shop reaches PostgreSQL over its Unix socket instead of TCP on loopback.
const shopDbUrl = process.env.PROF_PG_SOCKET ? `postgres://postgres@localhost/${db}?host=${process.env.PROF_PG_SOCKET}` : `postgres://postgres@127.0.0.1:5432/${db}`;
const admin = new pg.Client({ connectionString: "postgres://postgres@127.0.0.1:5432/postgres" });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${db}`);
const origin = `http://localhost:${port}`, target = `http://127.0.0.1:${port}`;
const env = {
  ...process.env, NEXT_DIST_DIR: ".next-bench", VITRINA_SKIP_BUILD: "true", PORT: port, BASE_URL: origin,
  DATA_DIR: `${outDir}/data-${tag}`, TRUSTED_PROXY: "true", CHECKOUT_RATE_LIMIT_ACCOUNT: "100000",
  CHECKOUT_RATE_LIMIT_CLIENT: "100000", LOG_LEVEL: "warn", DATABASE_URL: shopDbUrl,
  PROF_TAG: tag, PROF_DIR: outDir, NODE_OPTIONS: [process.env.NODE_OPTIONS, `--require ${path.join(import.meta.dirname, "sql-count-preload.cjs")}`].filter(Boolean).join(" "),
  ...(process.env.CPU_PROF ? { CPU_PROF_DIR: `${outDir}/cpu-${tag}` } : {}),
};
const child = spawn(process.execPath, ["scripts/start.mjs"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"], detached: false });
let tail = ""; child.stdout.on("data", (d) => (tail = (tail + d).slice(-3000))); child.stderr.on("data", (d) => (tail = (tail + d).slice(-3000)));
for (let i = 0; ; i++) {
  try { if ((await fetch(`${target}/api/store/main/products?limit=1`)).ok) break; } catch {}
  if (i > 240) { console.log(tail); child.kill("SIGTERM"); process.exit(1); }
  await new Promise((r) => setTimeout(r, 500));
}
const { runCheckoutLoad } = await import(path.join(root, "bench/checkout-load.mjs"));
// postgres backends of this database: CPU ticks before/after
const backendTicks = async () => {
  const { rows } = await admin.query(`select pid from pg_stat_activity where datname = $1`, [db]);
  let t = 0; for (const { pid } of rows) { try { const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" "); t += Number(f[11]) + Number(f[12]); } catch {} }
  return t;
};
// warm-up: a short load so every route is loaded and the pool is open, without the scarce variant (its race is
// measured below). Putting its stock back by SQL instead left the shop's cached stock at 0, so the run read a
// starting stock of 0 and reported its sales as oversell.
await runCheckoutLoad({ target, origin, buyers: 20, durationMs: 3000, race: false });
const la0 = os.loadavg();
const serverPid = Number((execSync(`pgrep -P ${child.pid} -f scripts/server.mjs`).toString()).trim().split("\n")[0]);
process.kill(serverPid, "SIGUSR2");
const ticks0 = await backendTicks();
const r = await runCheckoutLoad({ target, origin, buyers: 20, durationMs: Number(secs) * 1000 });
const ticks1 = await backendTicks();
const la1 = os.loadavg();
child.kill("SIGTERM");
await new Promise((res) => child.on("exit", res));
await new Promise((res) => setTimeout(res, 500));
const file = readdirSync(outDir).filter((f) => f.startsWith(`sql-${tag}-${serverPid}`))[0];
const prof = file ? JSON.parse(readFileSync(`${outDir}/${file}`, "utf8")) : null;
const lat = [...r.latencies].sort((a, b) => a - b);
const q = (p) => lat[Math.floor((lat.length - 1) * p)];
const n = r.completed;
const stmts = prof ? prof.rows.reduce((s, x) => s + x.n, 0) : NaN;
console.log(JSON.stringify({ tag, load: [la0[0], la1[0]].map((x) => x.toFixed(1)), ordersPerSecond: r.ordersPerSecond.toFixed(1), completed: n, p50: q(0.5)?.toFixed(0), p95: q(0.95)?.toFixed(0), failures: r.failures, failureCodes: r.failureCodes, oversell: r.oversell, unaccounted: r.unaccounted, initialStock: r.initialStock, soldLimited: r.soldLimited,
  stmtsPerOrder: (stmts / n).toFixed(1), nodeCpuMsPerOrder: prof ? ((prof.cpuUserMs + prof.cpuSysMs) / n).toFixed(2) : null, pgCpuMsPerOrder: (((ticks1 - ticks0) * 10) / n).toFixed(2) }));
if (prof) for (const x of prof.rows.slice(0, 70)) console.log(String(x.n).padStart(6), (x.n / n).toFixed(2).padStart(6), x.ms.toFixed(0).padStart(8), "ms ", x.sql.slice(0, 150));
await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
await admin.end();
