import { mkdir, readdir, readFile, realpath, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { isSafeKey, type ObjectListing, type ObjectStorage, type StoredObject } from "./object-storage";

/** Files under one folder (DATA_DIR/uploads): the default, fine for a single instance. */
export function localStorage(root: string): ObjectStorage {
  const base = path.resolve(root);

  const fileFor = (key: string): string | null => {
    if (!isSafeKey(key)) return null;
    const candidate = path.resolve(base, ...key.split("/"));
    return candidate.startsWith(base + path.sep) ? candidate : null;
  };

  async function* walk(dir: string, prefix: string): AsyncIterable<ObjectListing> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue;
      const full = path.join(dir, entry.name);
      const key = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) yield* walk(full, key);
      else if (entry.isFile()) yield { key, lastModified: (await stat(full)).mtime };
    }
  }

  return {
    kind: "local",
    async put(key, body) {
      const file = fileFor(key);
      if (!file) throw new Error(`Refusing to store under the unsafe key ${JSON.stringify(key)}`);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    async get(key): Promise<StoredObject | null> {
      const file = fileFor(key);
      if (!file) return null;
      try {
        // Symlinks must not lead outside the uploads folder either.
        const [realRoot, realFile] = await Promise.all([realpath(base), realpath(file)]);
        if (!realFile.startsWith(realRoot + path.sep)) return null;
        const info = await stat(realFile);
        if (!info.isFile()) return null;
        const body = await readFile(realFile);
        return { body, size: info.size, lastModified: info.mtime, etag: `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"` };
      } catch {
        return null;
      }
    },
    async delete(key) {
      const file = fileFor(key);
      if (file) await rm(file, { force: true });
    },
    list(prefix) {
      const clean = prefix.replace(/\/+$/, "");
      return walk(clean ? path.join(base, ...clean.split("/")) : base, clean);
    },
  };
}
