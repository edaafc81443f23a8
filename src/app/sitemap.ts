import type { MetadataRoute } from "next";
import { readCategories, readSitemapProducts } from "@/features/catalog/storefront-queries";
import { buildSitemap } from "@/features/catalog/sitemap";
import { getPublishedPages } from "@/features/content/queries";
import { pagePath } from "@/features/content/page-routes";
import { currentShopBaseUrl } from "@/server/http/request-origin";

/** Built per request from cached catalog reads (never at build time, when there is no database). */
export const dynamic = "force-dynamic";

/** /sitemap.xml: every public page in both languages (drafts are not public, so not listed). */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const [categories, products, pages] = await Promise.all([readCategories("en"), readSitemapProducts(), getPublishedPages()]);
  return buildSitemap({
    baseUrl: await currentShopBaseUrl(),
    categories: categories.map((c) => ({ en: c.slug, es: c.slugEs })),
    products,
    pages: pages.map((page) => ({ paths: { en: pagePath(page, "en"), es: pagePath(page, "es") }, updatedAt: page.updatedAt })),
  });
}
