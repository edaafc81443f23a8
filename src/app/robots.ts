import type { MetadataRoute } from "next";
import { disallowedPaths } from "@/features/catalog/sitemap";
import { settings } from "@/server/env";

/** BASE_URL is read at request time so one build serves any address. */
export const dynamic = "force-dynamic";

/** /robots.txt: everything public may be crawled except admin, profile and the API; points at the sitemap. */
export default async function robots(): Promise<MetadataRoute.Robots> {
  const { baseUrl } = settings();
  return {
    rules: [{ userAgent: "*", allow: "/", disallow: disallowedPaths() }],
    sitemap: `${baseUrl}/sitemap.xml`,
    host: baseUrl,
  };
}
