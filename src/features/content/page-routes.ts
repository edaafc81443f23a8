import type { Locale } from "@/i18n/routing";

/**
 * Where a page lives (decision 0362, docs/product.md#content-pages). About, contact and blog keep the routes they always
 * had (/about, /es/about…) with the same slug in both languages; every other page is /page/{English slug} and
 * /es/page/{Spanish slug}. The fixed slugs are reserved: no other page may take them, in either language.
 */
export const FIXED_PAGE_SLUGS = ["about", "contact", "blog"] as const;
export type FixedPageSlug = (typeof FIXED_PAGE_SLUGS)[number];

export function isFixedPageSlug(slug: string): slug is FixedPageSlug {
  return (FIXED_PAGE_SLUGS as readonly string[]).includes(slug);
}

/** Slugs a page may not take besides the fixed ones: words the shop's own routes use, to keep addresses unambiguous. */
const RESERVED_SLUGS = new Set<string>([...FIXED_PAGE_SLUGS, "page", "new", "admin", "es", "en"]);

export function isReservedPageSlug(slug: string): boolean {
  return RESERVED_SLUGS.has(slug);
}

export type PageSlugs = { slug: string; slugEs: string };

/** The page's slug in `locale`. */
export function pageSlugIn(page: PageSlugs, locale: Locale): string {
  return locale === "es" ? page.slugEs : page.slug;
}

/** The page's path in `locale`, without the language prefix ("/about", "/page/privacy-policy"). */
export function pagePath(page: PageSlugs, locale: Locale): string {
  if (isFixedPageSlug(page.slug)) return `/${page.slug}`;
  return `/page/${pageSlugIn(page, locale)}`;
}
