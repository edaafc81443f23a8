import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./src", import.meta.url)),
      // As in next.config.ts: messages are precompiled, so translators format with use-intl's format-only build.
      "use-intl/format-message": fileURLToPath(new URL("./node_modules/use-intl/dist/esm/production/format-message/format-only.js", import.meta.url)),
    },
  },
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "tests/integration/**/*.test.ts", "tests/security/**/*.test.ts", "scripts/**/*.test.ts"],
    exclude: ["tests/e2e/**", "node_modules/**"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // PGlite instances are memory-hungry and CPU-bound; two workers keep small CI runners from thrashing.
    pool: "forks",
    maxWorkers: 2,
    setupFiles: ["tests/helpers/vitest-setup.ts"],
    // next-intl's ESM imports "next/server" without an extension, which Node's loader refuses: let Vite resolve it.
    // use-intl too, so that its import of "use-intl/format-message" goes through the alias above.
    server: { deps: { inline: ["next-intl", "use-intl"] } },
  },
});
