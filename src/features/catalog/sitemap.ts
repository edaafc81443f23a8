import type { MetadataRoute } from "next";
import { locales, localizedPath, defaultLocale } from "@/i18n/routing";
import { absoluteUrl } from "./seo";

/** The content pages that have routes of their own (docs/product.md#routes). */
export const CONTENT_PAGE_SLUGS = ["about", "contact", "blog"] as const;

type Entry = MetadataRoute.Sitemap[number];

/** One entry per language for `pathname`, each listing every language and x-default as alternates (hreflang). */
function entriesFor(pathname: string, baseUrl: string, extra: Omit<Entry, "url" | "alternates"> = {}): Entry[] {
  const languages: Record<string, string> = {};
  for (const l of locales) languages[l] = absoluteUrl(localizedPath(pathname, l), baseUrl);
  languages["x-default"] = absoluteUrl(localizedPath(pathname, defaultLocale), baseUrl);
  return locales.map((l) => ({ url: languages[l], alternates: { languages }, ...extra }));
}

/** Every public page in both languages: home, store, categories, each category, each visible product, content pages. */
export function buildSitemap(input: { baseUrl: string; categorySlugs: string[]; products: Array<{ id: string; updatedAt: string }> }): MetadataRoute.Sitemap {
  const { baseUrl } = input;
  return [
    ...entriesFor("/", baseUrl, { changeFrequency: "daily", priority: 1 }),
    ...entriesFor("/store", baseUrl, { changeFrequency: "daily", priority: 0.9 }),
    ...entriesFor("/categories", baseUrl, { changeFrequency: "weekly", priority: 0.7 }),
    ...input.categorySlugs.flatMap((slug) => entriesFor(`/category/${slug}`, baseUrl, { changeFrequency: "weekly", priority: 0.7 })),
    ...input.products.flatMap((p) => entriesFor(`/product/${p.id}`, baseUrl, { lastModified: p.updatedAt, changeFrequency: "weekly", priority: 0.8 })),
    ...CONTENT_PAGE_SLUGS.flatMap((slug) => entriesFor(`/${slug}`, baseUrl, { changeFrequency: "monthly", priority: 0.5 })),
  ];
}

/** Paths robots must not crawl: private areas and the API, in every language. */
export function disallowedPaths(): string[] {
  const privateAreas = ["/admin", "/profile"];
  return ["/api/", ...locales.flatMap((l) => privateAreas.map((p) => localizedPath(p, l)))];
}
