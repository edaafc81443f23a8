import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirBusyError } from "./data-dir-lock";

const dirs: string[] = [];
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDirWithLock(pid: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), "vitrina-lock-"));
  dirs.push(dir);
  writeFileSync(path.join(dir, "vitrina.lock"), String(pid));
  return dir;
}

/** Spawns `script` under sh and answers the first line it prints (a pid). */
function firstLineOf(script: string): Promise<{ line: string; child: ChildProcess }> {
  const child = spawn("sh", ["-c", script], { stdio: ["ignore", "pipe", "ignore"] });
  children.push(child);
  return new Promise((resolve) => {
    let out = "";
    child.stdout!.on("data", (d) => {
      out += d;
      if (out.includes("\n")) resolve({ line: out.split("\n")[0].trim(), child });
    });
  });
}

describe("data folder lock after a crash", () => {
  it("refuses a folder whose lock names a running process", async () => {
    const { line } = await firstLineOf("echo $$; exec sleep 30");
    const dir = dataDirWithLock(Number(line));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirBusyError);
  });

  it("takes over a lock left by a killed process", () => {
    // A pid far above any pid_max default: no such process.
    const dir = dataDirWithLock(4_000_000);
    const release = acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, "vitrina.lock"), "utf8")).toBe(String(process.pid));
    release();
    expect(existsSync(path.join(dir, "vitrina.lock"))).toBe(false);
  });

  it.runIf(existsSync("/proc/self/stat"))("takes over a lock whose process is a zombie nobody reaped", async () => {
    // sh starts a short sleep in the background, then becomes a long one, which never reaps the first: it stays a zombie.
    const { line } = await firstLineOf("/bin/sleep 0.2 & echo $!; exec /bin/sleep 30");
    const zombie = Number(line);
    await expect.poll(() => readFileSync(`/proc/${zombie}/stat`, "utf8").split(") ")[1][0]).toBe("Z");
    const dir = dataDirWithLock(zombie);
    const release = acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, "vitrina.lock"), "utf8")).toBe(String(process.pid));
    release();
  });
});
