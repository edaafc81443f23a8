/** Types for build-freshness.mjs (used by the soak, scripts/soak/run.ts). */
export function buildIsStale(root: string, distDir: string): boolean;
