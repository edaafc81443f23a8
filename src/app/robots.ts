import type { MetadataRoute } from "next";
import { disallowedPaths } from "@/features/catalog/sitemap";
import { currentShopBaseUrl } from "@/server/http/request-origin";

/** BASE_URL (or, unset, the address asked) is read at request time so one build serves any address. */
export const dynamic = "force-dynamic";

/** /robots.txt: everything public may be crawled except admin, profile and the API; points at the sitemap. */
export default async function robots(): Promise<MetadataRoute.Robots> {
  const baseUrl = await currentShopBaseUrl();
  return {
    rules: [{ userAgent: "*", allow: "/", disallow: disallowedPaths() }],
    sitemap: `${baseUrl}/sitemap.xml`,
    host: baseUrl,
  };
}
