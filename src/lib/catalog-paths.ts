import type { Locale } from "@/i18n/routing";

/** A product's or category's slug in each language (decision 0370). */
export type Slugs = { en: string; es: string };

/** A product's path in `locale`, without the language prefix: /product/{slug in that language}. */
export function productPath(slugs: Slugs, locale: Locale): string {
  return `/product/${slugs[locale]}`;
}

/** A category's path in `locale`, without the language prefix: /category/{slug in that language}. */
export function categoryPath(slugs: Slugs, locale: Locale): string {
  return `/category/${slugs[locale]}`;
}

/** Both languages' paths of one address, for hreflang alternates and the sitemap. */
export function pathsIn(path: (slugs: Slugs, locale: Locale) => string, slugs: Slugs): Record<Locale, string> {
  return { en: path(slugs, "en"), es: path(slugs, "es") };
}
