import { readdirSync, statSync } from "node:fs";
import path from "node:path";

/** The project's root folder, for tests that find routes and actions on disk. */
export const projectRoot = path.resolve(import.meta.dirname, "../..");

/** Every file under `dir` (recursively) that `match` accepts: suites discover what to attack instead of listing it. */
export function findSourceFiles(dir: string, match: (file: string) => boolean): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...findSourceFiles(full, match));
    else if (match(full)) out.push(full);
  }
  return out;
}
