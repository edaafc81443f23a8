/**
 * Copies uploaded files between the configured storage (STORAGE=local|s3) and a folder, for backups
 * (docs/operations.md#backups). Used by db:backup / db:restore, and on its own:
 *   npm run storage:copy -- --to-dir ./uploads-2026-11-24     (storage → folder)
 *   npm run storage:copy -- --from-dir ./uploads-2026-11-24   (folder → storage)
 * Demo art is not copied: every instance renders it at start-up.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import type { Settings } from "../src/server/env";
import type { ObjectStorage } from "../src/server/storage/object-storage";
import { localStorage } from "../src/server/storage/local-storage";
import { s3Storage } from "../src/server/storage/s3-storage";
import { runScript, scriptSettings } from "./script-bootstrap";

export function storageFor(s: Settings): ObjectStorage {
  if (s.STORAGE !== "s3") return localStorage(path.resolve(s.DATA_DIR, "uploads"));
  return s3Storage({
    bucket: s.S3_BUCKET!,
    region: s.S3_REGION,
    endpoint: s.S3_ENDPOINT,
    accessKeyId: s.S3_ACCESS_KEY_ID,
    secretAccessKey: s.S3_SECRET_ACCESS_KEY,
    forcePathStyle: s.S3_FORCE_PATH_STYLE,
    prefix: s.S3_PREFIX,
  });
}

/** Every uploaded object (not demo art) into `folder`, keeping its key as the relative path. Returns the count. */
export async function copyStorageToFolder(store: ObjectStorage, folder: string): Promise<number> {
  let count = 0;
  for await (const item of store.list("")) {
    if (item.key.startsWith("demo/")) continue;
    const object = await store.get(item.key);
    if (!object) continue;
    const file = path.join(folder, ...item.key.split("/"));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, object.body);
    count++;
  }
  return count;
}

/** Every file under `folder` (but demo art) into the storage. Returns the count. */
export async function copyFolderToStorage(folder: string, store: ObjectStorage): Promise<number> {
  let count = 0;
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const key = path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
    if (key.startsWith("demo/")) continue;
    await store.put(key, readFileSync(path.join(entry.parentPath, entry.name)), key.endsWith(".webp") ? "image/webp" : "application/octet-stream");
    count++;
  }
  return count;
}

async function main() {
  const { values } = parseArgs({ options: { "to-dir": { type: "string" }, "from-dir": { type: "string" } } });
  const store = storageFor(scriptSettings());
  if (values["to-dir"]) {
    const n = await copyStorageToFolder(store, path.resolve(values["to-dir"]));
    process.stdout.write(`vitrina: copied ${n} uploaded file(s) from ${store.kind} storage to ${values["to-dir"]}\n`);
  } else if (values["from-dir"]) {
    const n = await copyFolderToStorage(path.resolve(values["from-dir"]), store);
    process.stdout.write(`vitrina: copied ${n} uploaded file(s) from ${values["from-dir"]} to ${store.kind} storage\n`);
  } else {
    process.stderr.write("usage: npm run storage:copy -- --to-dir DIR | --from-dir DIR\n");
    process.exit(2);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) runScript("vitrina", main);
