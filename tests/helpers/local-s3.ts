import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export type LocalS3 = {
  endpoint: string;
  bucket: string;
  /** The STORAGE=s3 settings an instance needs to use this server. */
  env: Record<string, string>;
  stop(): Promise<void>;
};

/**
 * An S3-compatible server (s3rver, pure JavaScript) on 127.0.0.1 with one empty bucket, its files in a temporary
 * folder removed on stop. Port 0 picks a free port unless one is given.
 */
export async function startLocalS3(options: { port?: number; bucket?: string } = {}): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(tmpdir(), "vitrina-s3-"));
  const bucket = options.bucket ?? "vitrina-test";
  const server = new S3rver({ address: "127.0.0.1", port: options.port ?? 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE: "s3",
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
