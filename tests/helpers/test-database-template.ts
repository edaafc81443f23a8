import { createHash, randomBytes } from "node:crypto";
import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "pg";
import { openDatabase } from "@/server/db/client";
import { migrateDatabase, migrationsFolder } from "@/server/db/migrate";

/*
 * A new PGlite cluster runs initdb in WebAssembly (seconds), and every migration runs again on top: most of an
 * integration file's set-up. Tests instead copy one migrated template: a PGlite data folder dumped to a tarball in the
 * temp folder, and a template database on the PostgreSQL server. Both are named after a hash of the migration files
 * and the PGlite version, so a changed migration makes a new template and never reuses a stale one; test workers
 * (and other checkouts on the machine) that race to make one each make their own and keep whichever lands first.
 */

const templateKey = (() => {
  const hash = createHash("sha256");
  const pgliteVersion = JSON.parse(readFileSync(path.resolve("node_modules/@electric-sql/pglite/package.json"), "utf8")).version;
  hash.update(String(pgliteVersion));
  const files = readdirSync(migrationsFolder, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".sql") || file.endsWith("_journal.json"))
    .sort();
  for (const file of files) hash.update(file).update(readFileSync(path.join(migrationsFolder, file)));
  return hash.digest("hex").slice(0, 16);
})();

let pgliteBlob: Promise<Blob> | undefined;

/** The migrated PGlite data folder as a tarball, made once per migration set and shared through the temp folder. */
export function pgliteTemplate(): Promise<Blob> {
  pgliteBlob ??= (async () => {
    const file = path.join(tmpdir(), `vitrina-test-template-${templateKey}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const handle = await openDatabase({});
    await migrateDatabase(handle.db, "pglite");
    const blob = await handle.dump!();
    await handle.close();
    const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
    renameSync(partial, file);
    return blob;
  })().catch((error) => {
    pgliteBlob = undefined;
    throw error;
  });
  return pgliteBlob;
}

let postgresName: Promise<string> | undefined;

/** The name of a migrated template database on the TEST_DATABASE_URL server (CREATE DATABASE … TEMPLATE copies it). */
export function postgresTemplate(serverUrl: string): Promise<string> {
  postgresName ??= (async () => {
    const name = `vitrina_tpl_${templateKey}`;
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      const existing = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
      if (existing.rowCount) return name;
      const building = `${name}_${randomBytes(4).toString("hex")}`;
      await admin.query(`CREATE DATABASE ${building}`);
      const url = new URL(serverUrl);
      url.pathname = `/${building}`;
      const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
      await migrateDatabase(handle.db, "postgres");
      await handle.close();
      await publish(admin, building, name);
      return name;
    } finally {
      await admin.end();
    }
  })().catch((error) => {
    postgresName = undefined;
    throw error;
  });
  return postgresName;
}

/**
 * The rename is the moment the template becomes visible, complete. Losing the race to another worker (the name is
 * taken) is fine; the pool's last backend may still be leaving the database for a moment (object in use).
 */
async function publish(admin: Client, building: string, name: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === "55006" && attempt < 50) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      if (code !== "42P04") throw error;
      return;
    }
  }
}
