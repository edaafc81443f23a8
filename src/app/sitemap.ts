import type { MetadataRoute } from "next";
import { connection } from "next/server";
import { readCategories, readSitemapProducts } from "@/features/storefront/queries";
import { buildSitemap } from "@/features/storefront/sitemap";
import { settings } from "@/server/env";

/** /sitemap.xml, built per request from cached catalog reads (never at build time, when there is no database). */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  await connection();
  const [categories, products] = await Promise.all([readCategories("en"), readSitemapProducts()]);
  return buildSitemap({ baseUrl: settings().baseUrl, categorySlugs: categories.map((c) => c.slug), products });
}
