import { settings } from "@/server/env";

/**
 * IMAGE_CDN_URL without trailing slashes, or null when images are served by the shop itself (/_next/image over
 * /uploads). Read by the server components that render storefront pictures (docs/operations.md#images-from-a-cdn).
 */
export function imageCdn(): string | null {
  const url = settings().IMAGE_CDN_URL;
  return url ? url.replace(/\/+$/, "") : null;
}
