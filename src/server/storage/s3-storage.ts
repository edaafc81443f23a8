import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { isSafeKey, type ObjectListing, type ObjectStorage, type StoredObject } from "./object-storage";

export type S3Options = {
  bucket: string;
  region: string;
  /** Any S3-compatible service (MinIO, R2, Spaces…); unset is AWS itself. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path (http://host/bucket/key) rather than in the host name: what most self-hosted services need. */
  forcePathStyle: boolean;
  /** Prepended to every key, so one bucket can hold several shops. */
  prefix: string;
};

/** Objects in an S3-compatible bucket: what several instances with no shared disk use. */
export function s3Storage(options: S3Options): ObjectStorage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
  });
  const prefix = options.prefix.replace(/^\/+|\/+$/g, "");
  const fullKey = (key: string) => (prefix ? `${prefix}/${key}` : key);
  const Bucket = options.bucket;

  return {
    kind: "s3",
    async put(key, body, contentType) {
      if (!isSafeKey(key)) throw new Error(`Refusing to store under the unsafe key ${JSON.stringify(key)}`);
      await client.send(new PutObjectCommand({ Bucket, Key: fullKey(key), Body: body, ContentType: contentType }));
    },
    async get(key): Promise<StoredObject | null> {
      if (!isSafeKey(key)) return null;
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: fullKey(key) }));
        if (!out.Body) return null;
        const body = await out.Body.transformToByteArray();
        return {
          body,
          size: body.byteLength,
          lastModified: out.LastModified ?? new Date(0),
          etag: out.ETag ?? `"${body.byteLength.toString(36)}"`,
        };
      } catch (error) {
        const name = (error as { name?: string }).name;
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (name === "NoSuchKey" || name === "NotFound" || status === 404) return null;
        throw error;
      }
    },
    async delete(key) {
      if (!isSafeKey(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket, Key: fullKey(key) }));
    },
    async *list(listPrefix): AsyncIterable<ObjectListing> {
      let ContinuationToken: string | undefined;
      const wanted = fullKey(listPrefix.replace(/^\/+/, ""));
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: wanted, ContinuationToken }));
        for (const item of page.Contents ?? []) {
          if (!item.Key) continue;
          const key = prefix ? item.Key.slice(prefix.length + 1) : item.Key;
          yield { key, lastModified: item.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
