import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when there is no production build in `distDir`, or a source it was built from changed since. */
export function buildIsStale(root, distDir) {
  const buildId = path.join(root, distDir, "BUILD_ID");
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  const inputs = ["src", "public", "drizzle", "package-lock.json", "next.config.ts", "postcss.config.mjs"];
  return inputs.some((input) => newestMtime(path.join(root, input)) > built);
}
