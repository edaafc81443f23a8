import { existsSync } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

/** One picture to make: `svg` is only built when the file is missing. */
export type ImageJob = { file: string; width: number; height: number; svg: () => string };

/**
 * Renders SVG drawings to WebP files in `dir`, skipping files that already exist so a restart or a second seed
 * costs almost nothing. Each file is written under a temporary name and renamed into place, so a crash mid-way
 * never leaves a truncated image that the skip would then keep forever.
 */
export async function renderImages(dir: string, jobs: ImageJob[], concurrency = 4): Promise<{ rendered: number }> {
  await mkdir(dir, { recursive: true });
  const pending = jobs.filter((job) => !existsSync(path.join(dir, job.file)));
  let next = 0;
  const worker = async () => {
    while (next < pending.length) {
      const job = pending[next++];
      const target = path.join(dir, job.file);
      const temporary = `${target}.${process.pid}.tmp`;
      try {
        await sharp(Buffer.from(job.svg()), { density: 72 })
          .resize(job.width, job.height)
          // effort 2 keeps a whole shop under a few seconds on a small machine; the files stay ~20–40 KB.
          .webp({ quality: 80, effort: 2 })
          .toFile(temporary);
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, pending.length) }, worker));
  return { rendered: pending.length };
}
