import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { IMAGE_QUALITY, IMAGE_WIDTHS } from "./src/features/catalog/components/image-source";
import pictureFormats from "./src/features/catalog/components/picture-formats.json";
import actionLimits from "./src/server/http/server-action-limits.json";
import { staticHeaderRules } from "./src/server/security/headers";

const withNextIntl = createNextIntlPlugin("./src/i18n/request.ts");

/**
 * Messages reach next-intl precompiled (src/i18n/compile-messages.ts), so every bundle formats them with use-intl's
 * format-only build instead of intl-messageformat (≈12 kB gzipped less on every page). next-intl's own
 * `experimental.messages.precompile` does the same but expects one catalog file per locale.
 */
const formatOnlyPath = "./node_modules/use-intl/dist/esm/production/format-message/format-only.js";

const nextConfig: NextConfig = {
  // PGlite ships a WASM build that must be loaded from node_modules at run time, not bundled; pdfkit likewise reads
  // its font metrics (AFM files) from node_modules.
  serverExternalPackages: ["@electric-sql/pglite", "sharp", "pg", "pdfkit"],
  // Lets several builds (tests, benchmarks, parallel work) coexist in one checkout.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  // Each server keeps two in-memory LRU caches of this size: pages and route responses (not resized pictures: the
  // optimizer keeps those only on disk, which isrFlushToDisk turns off; the front cache keeps them, decision 0310); and the
  // 'use cache' handler (cached database reads have their own store, src/server/cache/cached-read.ts). Entries of an old cache generation (every catalog save bumps it,
  // src/server/cache/invalidation.ts) are never read again and leave only by eviction, so each cache fills to its
  // bound; at the default 50 MB that is ~100 MB of heap, reached only after half an hour of saves (the soak's RSS
  // growth, docs/operations.md#soak). 16 MB each holds the live entries of a shop this size.
  cacheMaxMemorySize: 16 * 1024 * 1024,
  turbopack: {
    resolveAlias: { "use-intl/format-message": formatOnlyPath },
  },
  experimental: {
    // Cached reads live in each server's memory, never in the build folder: servers started from one build on
    // different databases (tests, a restored backup, another DATABASE_URL) must not see each other's data.
    isrFlushToDisk: false,
    // A security limit (1 MB): a bigger action body is refused before any action runs. The web server applies the
    // same number first and answers 413 (scripts/server-action-guard.mjs). Route handlers have their own caps
    // (src/server/http/body.ts).
    serverActions: { bodySizeLimit: actionLimits.maxBodyBytes },
    // libvips' operation cache (sharp's default: 100 operations, up to 50 MB) never hits here: each resize starts
    // from a new buffer read from storage (a variant made once is kept by the front cache), so it would only hold
    // references (docs/decisions/0150-server-memory-bounds.md).
    imgOptOperationCache: false,
  },
  // Security headers for the paths the proxy does not run on (API, uploads, files); pages get theirs from src/proxy.ts.
  async headers() {
    return staticHeaderRules();
  },
  // Storefront pictures ask for `/i/{width}/uploads/….webp` (src/features/catalog/components/image-source.ts): the
  // optimizer's own URL, shorter in every srcset. The optimizer still checks the width and the path (localPatterns).
  async rewrites() {
    return [{ source: "/i/:w(\\d+)/:path(uploads|images)/:rest*", destination: `/_next/image?url=/:path/:rest*&w=:w&q=${IMAGE_QUALITY}` }];
  },
  images: {
    localPatterns: [{ pathname: "/uploads/**" }, { pathname: "/images/**" }],
    // One list for the optimizer and the front cache, which keys each resized picture by the format chosen from it.
    formats: pictureFormats.formats as NonNullable<NextConfig["images"]>["formats"],
    // Few widths (Next's default is ten, 256–3840): every width is a srcset entry, written into the HTML and again
    // into React's payload for each picture, and pictures here are at most half a wide screen (HTML weight).
    deviceSizes: [...IMAGE_WIDTHS.deviceSizes],
    imageSizes: [...IMAGE_WIDTHS.imageSizes],
  },
};

export default withNextIntl(nextConfig);
