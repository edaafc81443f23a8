import { localizedPath, type Locale } from "@/i18n/routing";
import { CATEGORY_ADDRESS } from "@/lib/slug";
import { categoryPath, productPath } from "@/lib/catalog-paths";
import { readCategoryAddress, readProductAddress } from "./storefront-queries";

const CATALOG_PAGE = /^(?:\/(es))?\/(product|category)\/([^/]+)\/?$/;

/** Whether a path is a product or category page, in either language (the only pages that can have moved). */
export function isCatalogPage(pathname: string): boolean {
  return CATALOG_PAGE.test(pathname);
}

/**
 * Where an old or other-language catalog address now lives (decision 0370): a product's id, an earlier slug, or the
 * slug of the other language answer 301 to the current address in the address's language (the proxy sends it).
 * Null for an address that is already current, names nothing (the page's 404) or is no catalog page.
 */
export async function catalogRedirect(pathname: string, search: string): Promise<string | null> {
  const match = CATALOG_PAGE.exec(pathname);
  if (!match) return null;
  const locale: Locale = match[1] === "es" ? "es" : "en";
  const kind = match[2];
  let segment: string;
  try {
    segment = decodeURIComponent(match[3]!);
  } catch {
    return null;
  }
  if (!CATEGORY_ADDRESS.test(segment)) return null;
  const address = kind === "product" ? await readProductAddress(segment, locale) : await readCategoryAddress(segment, locale);
  if (!address || address.slugs[locale] === segment) return null;
  const path = kind === "product" ? productPath(address.slugs, locale) : categoryPath(address.slugs, locale);
  return `${localizedPath(path, locale)}${search}`;
}
