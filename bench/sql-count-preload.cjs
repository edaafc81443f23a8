// Preload: counts node-postgres statements and client-side time per SQL text, plus process CPU, in the shop's server.
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS preload (node --require) */
const fs = require("fs");
let pg;
try { pg = require(require.resolve("pg", { paths: [process.cwd()] })); } catch { return; }
const stats = new Map();
let cpu0 = process.cpuUsage();
let t0 = Date.now();
const orig = pg.Client.prototype.query;
pg.Client.prototype.query = function (config) {
  const text = typeof config === "string" ? config : config && config.text;
  if (!text) return orig.apply(this, arguments);
  const key = text.replace(/\s+/g, " ").slice(0, 1000);
  const start = process.hrtime.bigint();
  const done = () => {
    const s = stats.get(key) ?? { n: 0, ms: 0 };
    s.n++; s.ms += Number(process.hrtime.bigint() - start) / 1e6;
    stats.set(key, s);
  };
  const args = [...arguments];
  const last = args[args.length - 1];
  if (typeof last === "function") {
    args[args.length - 1] = function () { done(); return last.apply(this, arguments); };
    return orig.apply(this, args);
  }
  if (config && typeof config.callback === "function") {
    const c = config.callback; config.callback = function () { done(); return c.apply(this, arguments); };
    return orig.apply(this, args);
  }
  const r = orig.apply(this, args);
  if (r && typeof r.then === "function") r.then(done, done);
  return r;
};
// CPU_PROF_DIR: a CPU profile of the server (node refuses --cpu-prof in NODE_OPTIONS), restarted with the counts.
let profiler = null;
if (process.env.CPU_PROF_DIR && /server\.mjs$/.test(process.argv[1] || "")) {
  profiler = new (require("inspector").Session)();
  profiler.connect();
  profiler.post("Profiler.enable");
  profiler.post("Profiler.setSamplingInterval", { interval: 500 });
  profiler.post("Profiler.start");
}
process.on("SIGUSR2", () => {
  stats.clear(); cpu0 = process.cpuUsage(); t0 = Date.now();
  if (profiler) { profiler.post("Profiler.stop"); profiler.post("Profiler.start"); }
});
let dumped = false;
function dump() {
  if (dumped || stats.size === 0) return; dumped = true;
  const cpu = process.cpuUsage(cpu0);
  const rows = [...stats].map(([sql, s]) => ({ sql, ...s })).sort((a, b) => b.n - a.n);
  if (profiler) {
    // The in-process inspector answers synchronously: the profile is written before the process exits.
    profiler.post("Profiler.stop", (error, result) => {
      if (!error) { fs.mkdirSync(process.env.CPU_PROF_DIR, { recursive: true }); fs.writeFileSync(`${process.env.CPU_PROF_DIR}/server-${process.pid}.cpuprofile`, JSON.stringify(result.profile)); }
    });
  }
  fs.writeFileSync(`${process.env.PROF_DIR || "/tmp"}/sql-${process.env.PROF_TAG || "x"}-${process.pid}.json`, JSON.stringify({ wallMs: Date.now() - t0, cpuUserMs: cpu.user / 1000, cpuSysMs: cpu.system / 1000, rows }, null, 1));
}
process.on("exit", dump);
for (const sig of ["SIGTERM", "SIGINT"]) process.prependListener(sig, () => dump());
