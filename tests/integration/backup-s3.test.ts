import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { s3Storage } from "@/server/storage/s3-storage";
import { startLocalS3, type LocalS3 } from "../helpers/local-s3";

/*
 * docs/operations.md#backups with STORAGE=s3: `db:backup` puts the bucket's uploads into the archive, `db:restore`
 * writes them back into the (other) bucket, and `storage:copy` copies a bucket to a folder and a folder to a bucket.
 * Two shops share one s3rver bucket under different S3_PREFIXes, as two buckets would.
 */

const root = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

async function cli(script: string, env: Record<string, string>, args: string[]) {
  const { stdout } = await run(path.join(root, "node_modules/.bin/tsx"), [`scripts/${script}.ts`, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env } as unknown as NodeJS.ProcessEnv,
    timeout: 120_000,
  });
  return stdout;
}

describe("backups with STORAGE=s3", () => {
  let s3: LocalS3;
  let tmp: string;
  const image = Buffer.from("RIFF-a-product-picture-in-the-bucket");
  const bucket = (prefix: string) =>
    s3Storage({ bucket: s3.bucket, region: "us-east-1", endpoint: s3.endpoint, accessKeyId: "S3RVER", secretAccessKey: "S3RVER", forcePathStyle: true, prefix });
  const shop = (name: string) => ({ ...s3.env, DATA_DIR: path.join(tmp, name), S3_PREFIX: name });

  beforeAll(async () => {
    s3 = await startLocalS3();
    tmp = mkdtempSync(path.join(os.tmpdir(), "vitrina-backup-s3-"));
    const handle = await openDatabase({ dataDir: path.join(tmp, "shop-a") });
    await migrateDatabase(handle.db, "pglite");
    await handle.close();
    await bucket("shop-a").put("products/tote.webp", image, "image/webp");
  });
  afterAll(async () => {
    await s3?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  it("db:backup takes the bucket's uploads into the archive and db:restore puts them into the configured bucket", async () => {
    const archive = path.join(tmp, "shop.tar.gz");
    expect(await cli("backup", shop("shop-a"), ["--out", archive])).toContain(`backup written to ${archive}`);
    expect(await bucket("shop-b").get("products/tote.webp")).toBeNull();

    await cli("restore", shop("shop-b"), ["--in", archive]);
    const restored = await bucket("shop-b").get("products/tote.webp");
    expect(Buffer.from(restored!.body)).toEqual(image);
  });

  it("storage:copy copies the bucket to a folder, and a folder into another bucket", async () => {
    const folder = path.join(tmp, "copied");
    await cli("storage-copy", shop("shop-a"), ["--to-dir", folder]);
    expect(readFileSync(path.join(folder, "products", "tote.webp"))).toEqual(image);

    await cli("storage-copy", shop("shop-c"), ["--from-dir", folder]);
    expect(Buffer.from((await bucket("shop-c").get("products/tote.webp"))!.body)).toEqual(image);
  });
});
