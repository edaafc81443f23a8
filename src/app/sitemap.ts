import type { MetadataRoute } from "next";
import { readCategories, readSitemapProducts } from "@/features/catalog/storefront-queries";
import { buildSitemap } from "@/features/catalog/sitemap";
import { currentShopBaseUrl } from "@/server/http/request-origin";

/** Built per request from cached catalog reads (never at build time, when there is no database). */
export const dynamic = "force-dynamic";

/** /sitemap.xml: every public page in both languages. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const [categories, products] = await Promise.all([readCategories("en"), readSitemapProducts()]);
  return buildSitemap({ baseUrl: await currentShopBaseUrl(), categorySlugs: categories.map((c) => c.slug), products });
}
