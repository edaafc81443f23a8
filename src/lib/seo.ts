import type { Metadata } from "next";
import { defaultLocale, locales, localizedPath, type Locale } from "@/i18n/routing";

/** A page's path, the same in every language, or one per language (a product's or category's slugs, decision 0370). */
export type LocalPaths = string | Record<Locale, string>;

/**
 * Canonical URL and hreflang alternates (en, es, x-default) of a page, for generateMetadata. `pathname` is the
 * path without the locale prefix ("/about"); the query string is left out on purpose so variants of a listing
 * point to one canonical page. Relative URLs are resolved against the layout's metadataBase (BASE_URL).
 */
export function alternatesFor(pathname: LocalPaths, locale: Locale): NonNullable<Metadata["alternates"]> {
  const paths = typeof pathname === "string" ? (Object.fromEntries(locales.map((l) => [l, pathname])) as Record<Locale, string>) : pathname;
  const languages: Record<string, string> = {};
  for (const l of locales) languages[l] = localizedPath(paths[l], l);
  languages["x-default"] = localizedPath(paths[defaultLocale], defaultLocale);
  return { canonical: localizedPath(paths[locale], locale), languages };
}
