/**
 * `npm run db:restore -- --in file.tar.gz [--force]`: puts a `db:backup` archive back into DATA_DIR — database,
 * uploaded images and auth secret.
 *
 * Refuses a data folder that already holds a shop unless --force is given; even then the current database and
 * uploads are only moved aside until the restored database has opened, and put back if anything fails. Refuses
 * while a server holds the folder (the data folder lock). On PostgreSQL use pg_restore (docs/operations.md).
 */
import { spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { copyFolderToStorage, storageFor } from "./storage-copy";
import { fail, lockDataDir, runScript, scriptSettings } from "./script-bootstrap";

function hasFiles(dir: string): boolean {
  return existsSync(dir) && readdirSync(dir).length > 0;
}

async function main() {
  let args;
  try {
    args = parseArgs({ options: { in: { type: "string" }, force: { type: "boolean", default: false } }, strict: true }).values;
  } catch (error) {
    fail(`${(error as Error).message}. Usage: npm run db:restore -- --in vitrina-backup.tar.gz [--force]`);
  }
  if (!args.in) fail("--in is required. Usage: npm run db:restore -- --in vitrina-backup.tar.gz [--force]");
  const s = scriptSettings();
  if (s.DATABASE_URL) fail("DATABASE_URL is set: this shop runs on PostgreSQL. Restore it with pg_restore (see docs/operations.md).");
  const archive = path.resolve(args.in);
  if (!existsSync(archive)) fail(`${archive} does not exist`);
  const dataDir = path.resolve(s.DATA_DIR);
  const pgDir = path.join(dataDir, "pglite");
  const uploadsDir = path.join(dataDir, "uploads");
  const secretFile = path.join(dataDir, "auth-secret");

  lockDataDir(dataDir);
  const occupied = hasFiles(pgDir) || hasFiles(uploadsDir);
  if (occupied && !args.force) {
    fail(`${dataDir} already holds a shop. Restore into an empty DATA_DIR, or add --force to replace it.`);
  }

  // Unpack and check the archive before touching the data folder.
  const staging = mkdtempSync(path.join(os.tmpdir(), "vitrina-restore-"));
  const aside: Array<{ from: string; to: string }> = [];
  try {
    const tar = spawnSync("tar", ["-xzf", archive, "-C", staging], { encoding: "utf8" });
    if (tar.error || tar.status !== 0) fail(`${archive} is not a readable .tar.gz (${tar.error?.message ?? tar.stderr.trim()})`);
    let manifest: { format?: string } = {};
    try {
      manifest = JSON.parse(readFileSync(path.join(staging, "manifest.json"), "utf8"));
    } catch {
      /* checked below */
    }
    if (manifest.format !== "vitrina-backup" || !existsSync(path.join(staging, "database.tar"))) {
      fail(`${archive} is not a Vitrina backup (made by npm run db:backup)`);
    }

    const stamp = Date.now();
    for (const target of [pgDir, uploadsDir, secretFile]) {
      if (!existsSync(target)) continue;
      const to = `${target}.before-restore-${stamp}`;
      renameSync(target, to);
      aside.push({ from: target, to });
    }

    const { PGlite } = await import("@electric-sql/pglite");
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
    const dump = new Blob([readFileSync(path.join(staging, "database.tar"))]);
    const client = await PGlite.create({ dataDir: pgDir, loadDataDir: dump, extensions: { pg_trgm, unaccent } });
    const [{ tables }] = (
      await client.query<{ tables: number }>("select count(*)::int as tables from information_schema.tables where table_schema = 'public'")
    ).rows;
    await client.close();

    if (existsSync(path.join(staging, "uploads"))) cpSync(path.join(staging, "uploads"), uploadsDir, { recursive: true });
    // With STORAGE=s3 the shop reads uploads from the bucket: put them back there too.
    if (s.STORAGE === "s3" && existsSync(path.join(staging, "uploads"))) await copyFolderToStorage(path.join(staging, "uploads"), storageFor(s));
    if (existsSync(path.join(staging, "auth-secret"))) {
      copyFileSync(path.join(staging, "auth-secret"), secretFile);
      chmodSync(secretFile, 0o600);
    }

    for (const { to } of aside) rmSync(to, { recursive: true, force: true });
    aside.length = 0;
    console.log(`vitrina: restored ${archive} into ${dataDir} (${tables} tables). Start the shop with npm start.`);
  } catch (error) {
    // Put the previous shop back exactly as it was.
    for (const { from, to } of aside.reverse()) {
      rmSync(from, { recursive: true, force: true });
      renameSync(to, from);
    }
    throw error;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

runScript("db:restore", main);
