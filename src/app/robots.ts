import type { MetadataRoute } from "next";
import { connection } from "next/server";
import { disallowedPaths } from "@/features/storefront/sitemap";
import { settings } from "@/server/env";

/** /robots.txt: everything public may be crawled except admin, profile and the API; points at the sitemap. */
export default async function robots(): Promise<MetadataRoute.Robots> {
  // BASE_URL is read at request time so one build serves any address.
  await connection();
  const { baseUrl } = settings();
  return {
    rules: [{ userAgent: "*", allow: "/", disallow: disallowedPaths() }],
    sitemap: `${baseUrl}/sitemap.xml`,
    host: baseUrl,
  };
}
