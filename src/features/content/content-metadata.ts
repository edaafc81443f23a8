import "server-only";
import type { Metadata } from "next";
import { defaultLocale, locales, localizedPath, type Locale } from "@/i18n/routing";
import { alternatesFor } from "@/lib/seo";
import { loadLocalizedPage, type PageResult } from "./components/content-page";
import { pagePath, type PageSlugs } from "./page-routes";

/** Title of a fixed content page (the layout's template appends the brand) with its alternates. */
export async function contentPageMetadata(slug: string, locale: Locale): Promise<Metadata> {
  const result = await loadLocalizedPage(slug, locale);
  return {
    title: result.status === "ok" ? result.page.title : undefined,
    alternates: alternatesFor(`/${slug}`, locale),
  };
}

/** Canonical and hreflang alternates of an owner's page: each language at its own slug (decision 0362). */
export function pageAlternates(page: PageSlugs, locale: Locale): NonNullable<Metadata["alternates"]> {
  const languages: Record<string, string> = {};
  for (const l of locales) languages[l] = localizedPath(pagePath(page, l), l);
  languages["x-default"] = localizedPath(pagePath(page, defaultLocale), defaultLocale);
  return { canonical: localizedPath(pagePath(page, locale), locale), languages };
}

/** Title and alternates of an owner's page at /page/{slug}. */
export function ownerPageMetadata(result: PageResult, locale: Locale): Metadata {
  if (result.status !== "ok") return {};
  return { title: result.page.title, alternates: pageAlternates(result.record, locale) };
}
