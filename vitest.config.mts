import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "tests/integration/**/*.test.ts", "tests/security/**/*.test.ts", "scripts/**/*.test.ts"],
    exclude: ["tests/e2e/**", "node_modules/**"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // PGlite instances are memory-hungry and CPU-bound; two workers match this 2-core machine.
    pool: "forks",
    maxWorkers: 2,
    setupFiles: ["tests/helpers/vitest-setup.ts"],
    // next-intl's ESM imports "next/server" without an extension, which Node's loader refuses: let Vite resolve it.
    server: { deps: { inline: ["next-intl"] } },
  },
});
