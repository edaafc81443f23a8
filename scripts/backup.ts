/**
 * `npm run db:backup -- [--out file.tar.gz]`: a copy of the embedded shop — the database (PGlite's own data-folder
 * dump), the uploaded images and the generated auth secret — as one .tar.gz. `npm run db:restore` reads it back.
 *
 * The server must be stopped first: the data folder lock is taken, so a running shop is refused with a clear message
 * rather than copied half-written. On PostgreSQL use pg_dump (docs/operations.md).
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { copyStorageToFolder, storageFor } from "./storage-copy";
import { fail, lockDataDir, runScript, scriptSettings } from "./script-bootstrap";

const BACKUP_FORMAT = "vitrina-backup";

function countFiles(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

async function main() {
  let args;
  try {
    args = parseArgs({ options: { out: { type: "string" } }, strict: true }).values;
  } catch (error) {
    fail(`${(error as Error).message}. Usage: npm run db:backup -- --out vitrina-backup.tar.gz`);
  }
  const s = scriptSettings();
  if (s.DATABASE_URL) {
    fail("DATABASE_URL is set: this shop runs on PostgreSQL. Back it up with pg_dump (see docs/operations.md) and copy DATA_DIR/uploads.");
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const out = path.resolve(args.out ?? `vitrina-backup-${stamp}.tar.gz`);
  const dataDir = path.resolve(s.DATA_DIR);
  const pgDir = path.join(dataDir, "pglite");
  if (!existsSync(path.join(pgDir, "PG_VERSION"))) fail(`no embedded database in ${dataDir} (nothing to back up)`);
  if (existsSync(out)) fail(`${out} already exists; choose another --out`);

  lockDataDir(dataDir);

  const staging = mkdtempSync(path.join(os.tmpdir(), "vitrina-backup-"));
  try {
    const { PGlite } = await import("@electric-sql/pglite");
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
    const client = await PGlite.create({ dataDir: pgDir, extensions: { pg_trgm, unaccent } });
    // Uncompressed: the whole archive is gzipped once below.
    const dump = await client.dumpDataDir("none");
    await client.close();
    writeFileSync(path.join(staging, "database.tar"), Buffer.from(await dump.arrayBuffer()));

    const uploads = path.join(dataDir, "uploads");
    if (existsSync(uploads)) cpSync(uploads, path.join(staging, "uploads"), { recursive: true });
    // With STORAGE=s3 the uploaded images are in the bucket, not in DATA_DIR: they go into the archive all the same.
    if (s.STORAGE === "s3") await copyStorageToFolder(storageFor(s), path.join(staging, "uploads"));
    // Without the secret, every session and pending password-reset link would stop working after a restore.
    const secret = path.join(dataDir, "auth-secret");
    if (existsSync(secret)) cpSync(secret, path.join(staging, "auth-secret"));
    writeFileSync(
      path.join(staging, "manifest.json"),
      JSON.stringify({ format: BACKUP_FORMAT, version: 1, createdAt: new Date().toISOString(), dataDir }, null, 2) + "\n",
    );

    const tar = spawnSync("tar", ["-czf", out, "-C", staging, "."], { encoding: "utf8" });
    if (tar.error || tar.status !== 0) fail(`tar failed: ${tar.error?.message ?? tar.stderr.trim()}`);
    const uploadsCount = countFiles(path.join(staging, "uploads"));
    console.log(
      `vitrina: backup written to ${out} (${(statSync(out).size / 1024).toFixed(0)} KiB: database, ${uploadsCount} uploaded file(s)${existsSync(secret) ? ", auth secret" : ""})`,
    );
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

runScript("db:backup", main);
