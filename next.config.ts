import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { staticHeaderRules } from "./src/server/security/headers";

const withNextIntl = createNextIntlPlugin("./src/i18n/request.ts");

const nextConfig: NextConfig = {
  // PGlite ships a WASM build that must be loaded from node_modules at run time, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "sharp", "pg"],
  // Lets several builds (tests, benchmarks, parallel work) coexist in one checkout.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  experimental: {
    // Cached reads live in each server's memory, never in the build folder: servers started from one build on
    // different databases (tests, a restored backup, another DATABASE_URL) must not see each other's data.
    isrFlushToDisk: false,
    // Next's default, stated because it is a security limit: a bigger action body is refused before any action runs
    // (tests/security/limits.spec.ts). Route handlers have their own caps (src/server/http/body.ts).
    serverActions: { bodySizeLimit: "1mb" },
  },
  // Security headers for the paths the proxy does not run on (API, uploads, files); pages get theirs from src/proxy.ts.
  async headers() {
    return staticHeaderRules();
  },
  images: {
    localPatterns: [{ pathname: "/uploads/**" }, { pathname: "/images/**" }],
    formats: ["image/webp"],
  },
};

export default withNextIntl(nextConfig);
