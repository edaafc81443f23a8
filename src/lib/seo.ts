import type { Metadata } from "next";
import { defaultLocale, locales, localizedPath, type Locale } from "@/i18n/routing";

/**
 * Canonical URL and hreflang alternates (en, es, x-default) of a page, for generateMetadata. `pathname` is the
 * path without the locale prefix ("/about"); the query string is left out on purpose so variants of a listing
 * point to one canonical page. Relative URLs are resolved against the layout's metadataBase (BASE_URL).
 */
export function alternatesFor(pathname: string, locale: Locale): NonNullable<Metadata["alternates"]> {
  const languages: Record<string, string> = {};
  for (const l of locales) languages[l] = localizedPath(pathname, l);
  languages["x-default"] = localizedPath(pathname, defaultLocale);
  return { canonical: localizedPath(pathname, locale), languages };
}
