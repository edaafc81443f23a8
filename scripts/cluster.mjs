#!/usr/bin/env node
// SERVER_PROCESSES > 1 (PostgreSQL only, checked by the preflight): scripts/start.mjs starts this instead of
// scripts/server.mjs. Node's cluster module runs that many copies of scripts/server.mjs sharing one port (the primary
// accepts connections and hands them out in turn), so a render-bound shop uses more than one core of its host. Each
// copy is an instance as docs/operations.md#running-several-instances-behind-a-load-balancer describes: its own
// caches, emptied by the PostgreSQL announcement like any other instance's, its own pool of database connections.
import cluster from "node:cluster";
import path from "node:path";

const count = Math.max(1, Math.floor(Number(process.env.SERVER_PROCESSES)) || 1);
let stopping = false;

cluster.setupPrimary({ exec: path.join(import.meta.dirname, "server.mjs"), execArgv: process.execArgv });
for (let i = 0; i < count; i++) cluster.fork();

const listened = new Set();
cluster.on("listening", (worker) => listened.add(worker.id));

// A process that dies after it served (out of memory, a crash) is replaced; the others keep serving meanwhile. One
// that dies before it listened (a taken port, a bad setting) would only die again: everything stops.
cluster.on("exit", (worker, code, signal) => {
  if (stopping) {
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
    return;
  }
  if (!listened.has(worker.id)) {
    stop("SIGTERM");
    process.exitCode = code || 1;
    return;
  }
  console.error(JSON.stringify({ level: "error", msg: "server process exited, starting another", pid: worker.process.pid, code, signal }));
  cluster.fork();
});

function stop(signal) {
  stopping = true;
  for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  // Each server.mjs gives in-flight requests 5 s; do not outlive them.
  setTimeout(() => process.exit(), 6_000).unref();
}
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
