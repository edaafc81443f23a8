import type { MetadataRoute } from "next";
import { locales, localizedPath, defaultLocale, type Locale } from "@/i18n/routing";
import { categoryPath, pathsIn, productPath, type Slugs } from "@/lib/catalog-paths";
import { absoluteUrl } from "./seo";

type Entry = MetadataRoute.Sitemap[number];

/** A published content page: its path in each language (a page may have a slug per language) and when it changed. */
export type SitemapPage = { paths: Record<Locale, string>; updatedAt: string };

/** One entry per language, each at its own path and listing every language and x-default as alternates (hreflang). */
function entriesForPaths(paths: Record<Locale, string>, baseUrl: string, extra: Omit<Entry, "url" | "alternates"> = {}): Entry[] {
  const languages: Record<string, string> = {};
  for (const l of locales) languages[l] = absoluteUrl(localizedPath(paths[l], l), baseUrl);
  languages["x-default"] = absoluteUrl(localizedPath(paths[defaultLocale], defaultLocale), baseUrl);
  return locales.map((l) => ({ url: languages[l], alternates: { languages }, ...extra }));
}

/** One entry per language for `pathname`, the same path in every language. */
function entriesFor(pathname: string, baseUrl: string, extra: Omit<Entry, "url" | "alternates"> = {}): Entry[] {
  return entriesForPaths(Object.fromEntries(locales.map((l) => [l, pathname])) as Record<Locale, string>, baseUrl, extra);
}

/** Every public page in both languages: home, store, categories, each category, each visible product, published content pages. */
export function buildSitemap(input: {
  baseUrl: string;
  categories: Slugs[];
  products: Array<{ slugs: Slugs; updatedAt: string }>;
  pages: SitemapPage[];
}): MetadataRoute.Sitemap {
  const { baseUrl } = input;
  return [
    ...entriesFor("/", baseUrl, { changeFrequency: "daily", priority: 1 }),
    ...entriesFor("/store", baseUrl, { changeFrequency: "daily", priority: 0.9 }),
    ...entriesFor("/categories", baseUrl, { changeFrequency: "weekly", priority: 0.7 }),
    ...input.categories.flatMap((slugs) => entriesForPaths(pathsIn(categoryPath, slugs), baseUrl, { changeFrequency: "weekly", priority: 0.7 })),
    ...input.products.flatMap((p) =>
      entriesForPaths(pathsIn(productPath, p.slugs), baseUrl, { lastModified: p.updatedAt, changeFrequency: "weekly", priority: 0.8 }),
    ),
    ...input.pages.flatMap((p) => entriesForPaths(p.paths, baseUrl, { lastModified: p.updatedAt, changeFrequency: "monthly", priority: 0.5 })),
  ];
}

/** Paths robots must not crawl: private areas and the API, in every language. */
export function disallowedPaths(): string[] {
  const privateAreas = ["/admin", "/profile"];
  return ["/api/", ...locales.flatMap((l) => privateAreas.map((p) => localizedPath(p, l)))];
}
