import "server-only";
import type { Metadata } from "next";
import type { Locale } from "@/i18n/routing";
import { alternatesFor, type LocalPaths } from "@/lib/seo";
import { listingAlternates } from "@/features/catalog/page-params";
import { hasFilters, parseListingParams, withKnownOptions, type ListingState } from "./listing-params";
import { readOptionKeys } from "./queries";
import { shopSettings } from "@/features/settings/queries";

/** A listing page's filters and sort from its URL, option filters kept only when the catalog has that option. */
export async function readListingState(params: Record<string, string | string[] | undefined>): Promise<ListingState> {
  // The price filter is in whole units of the store currency (docs/product.md#filters-and-sort).
  const state = parseListingParams(params, (await shopSettings()).money.currency);
  if (Object.keys(state.filters.options).length === 0) return state;
  return withKnownOptions(state, await readOptionKeys());
}

/**
 * Canonical and robots of a listing (docs/product.md#filters-and-sort): a filtered or re-sorted page is an endless
 * variation of the plain listing, so it is `noindex, follow` with the plain first page as its canonical; the plain
 * listing keeps its paginated canonicals.
 */
export function listingSeo(pathname: LocalPaths, locale: Locale, page: number, state: ListingState): Pick<Metadata, "alternates" | "robots"> {
  if (hasFilters(state.filters) || state.sort) return { alternates: alternatesFor(pathname, locale), robots: { index: false, follow: true } };
  return { alternates: listingAlternates(pathname, locale, page) };
}
