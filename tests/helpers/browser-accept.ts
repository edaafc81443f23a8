/**
 * The Accept headers real browsers send for an <img>, as of late 2026: the front cache's picture key and its e2e test
 * check them (scripts/front-cache.test.ts, tests/e2e/storefront.spec.ts).
 */
export const BROWSER_IMAGE_ACCEPT = {
  chrome: "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8",
  firefox: "image/avif,image/webp,image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.5",
  safari: "image/webp,image/avif,image/jxl,image/heic,image/heic-sequence,video/*;q=0.8,image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.5",
} as const;
