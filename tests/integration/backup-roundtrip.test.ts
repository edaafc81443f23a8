import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { queryRows } from "@/server/db/rows";

const root = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

/** Runs `npm run db:backup` / `db:restore` as an operator would: a clean environment naming only the data folder. */
async function cli(script: "backup" | "restore", dataDir: string, args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(path.join(root, "node_modules/.bin/tsx"), [`scripts/${script}.ts`, ...args], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, ...env } as unknown as NodeJS.ProcessEnv,
      timeout: 120_000,
    });
    return { status: 0, stdout: stdout.trim(), stderr: stderr.trim() };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { status: e.code ?? 1, stdout: (e.stdout ?? "").trim(), stderr: (e.stderr ?? "").trim() };
  }
}

async function readProducts(dataDir: string) {
  const handle = await openDatabase({ dataDir });
  try {
    return await queryRows<{ id: string; title_en: string }>(handle.db, sql`select id, title_en from products order by id`);
  } finally {
    await handle.close();
  }
}

describe("embedded database backup and restore", () => {
  let tmp: string;
  let source: string;
  let target: string;
  let archive: string;
  const image = Buffer.from("RIFF-not-really-a-webp-but-bytes-are-bytes");

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(os.tmpdir(), "vitrina-backup-test-"));
    source = path.join(tmp, "source");
    target = path.join(tmp, "target");
    archive = path.join(tmp, "shop.tar.gz");
    const handle = await openDatabase({ dataDir: source });
    await migrateDatabase(handle.db, "pglite");
    await handle.db.execute(sql`insert into products (id, title_en) values ('p_backup_1', 'Bolso de piel ñ'), ('p_backup_2', 'Watch')`);
    await handle.close();
    mkdirSync(path.join(source, "uploads", "products"), { recursive: true });
    writeFileSync(path.join(source, "uploads", "products", "tote.webp"), image);
    writeFileSync(path.join(source, "auth-secret"), "secret-that-signs-sessions\n");
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it("backs up and restores the rows, the uploaded images and the auth secret into another folder", async () => {
    const backup = await cli("backup", source, ["--out", archive]);
    expect(backup.stderr).toBe("");
    expect(backup.status).toBe(0);
    expect(backup.stdout).toContain(`backup written to ${archive}`);

    const restore = await cli("restore", target, ["--in", archive]);
    expect(restore.stderr).toBe("");
    expect(restore.status).toBe(0);

    expect(await readProducts(target)).toEqual([
      { id: "p_backup_1", title_en: "Bolso de piel ñ" },
      { id: "p_backup_2", title_en: "Watch" },
    ]);
    expect(readFileSync(path.join(target, "uploads", "products", "tote.webp"))).toEqual(image);
    expect(readFileSync(path.join(target, "auth-secret"), "utf8")).toBe("secret-that-signs-sessions\n");
  });

  it("refuses to restore over an existing shop without --force, and leaves it untouched", async () => {
    const handle = await openDatabase({ dataDir: target });
    await handle.db.execute(sql`insert into products (id, title_en) values ('p_after_backup', 'Added later')`);
    await handle.close();

    const refused = await cli("restore", target, ["--in", archive]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/already holds a shop.*--force/);
    expect((await readProducts(target)).map((p) => p.id)).toContain("p_after_backup");

    const forced = await cli("restore", target, ["--in", archive, "--force"]);
    expect(forced.status).toBe(0);
    expect((await readProducts(target)).map((p) => p.id)).toEqual(["p_backup_1", "p_backup_2"]);
    expect(readFileSync(path.join(target, "uploads", "products", "tote.webp"))).toEqual(image);
  });

  it("refuses to back up while a server holds the data folder", async () => {
    // The lock file names a live process (this test runner), as a running server's would.
    writeFileSync(path.join(source, "vitrina.lock"), String(process.pid));
    try {
      const busy = await cli("backup", source, ["--out", path.join(tmp, "busy.tar.gz")]);
      expect(busy.status).toBe(1);
      expect(busy.stderr).toMatch(/in use by another Vitrina process/);
      expect(existsSync(path.join(tmp, "busy.tar.gz"))).toBe(false);
    } finally {
      rmSync(path.join(source, "vitrina.lock"), { force: true });
    }
  });

  it("refuses a file that is not a Vitrina backup, and a restore on PostgreSQL", async () => {
    const bogus = path.join(tmp, "bogus.tar.gz");
    writeFileSync(bogus, "not an archive");
    const empty = path.join(tmp, "empty");
    const notBackup = await cli("restore", empty, ["--in", bogus]);
    expect(notBackup.status).toBe(1);
    expect(notBackup.stderr).toMatch(/not a readable \.tar\.gz/);
    expect(existsSync(path.join(empty, "pglite"))).toBe(false);

    const onPostgres = await cli("restore", empty, ["--in", archive], { DATABASE_URL: "postgres://postgres@127.0.0.1:5432/x" });
    expect(onPostgres.status).toBe(1);
    expect(onPostgres.stderr).toMatch(/PostgreSQL.*pg_restore/);
  });
});
