import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

export class DataDirBusyError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The data folder ${dir} is in use by another Vitrina process (pid ${pid}). Stop it first, or run this command through the running server.`,
    );
    this.name = "DataDirBusyError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  // A killed server whose parent died with it stays a zombie until init reaps it (in a container without an init,
  // maybe never): it answers signal 0 but holds no database. Linux says so in /proc/<pid>/stat.
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return true;
  }
}

const held = new Set<string>();

/**
 * One process at a time may open an embedded database: two PGlite instances on one folder lose writes without
 * any error. A lock file holding our pid guards the folder; a stale one (dead pid) is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockFile = path.join(dataDir, "vitrina.lock");
  const release = () => {
    if (!held.has(lockFile)) return;
    held.delete(lockFile);
    try {
      if (Number(readFileSync(lockFile, "utf8")) === process.pid) rmSync(lockFile);
    } catch {
      /* already gone */
    }
  };
  if (held.has(lockFile)) return release;
  mkdirSync(dataDir, { recursive: true });
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, "utf8").trim());
    if (pid && pid !== process.pid && isAlive(pid)) throw new DataDirBusyError(dataDir, pid);
  }
  writeFileSync(lockFile, String(process.pid));
  held.add(lockFile);
  process.once("exit", release);
  return release;
}
