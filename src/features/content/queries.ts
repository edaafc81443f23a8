import "server-only";
import { cachedRead } from "@/server/cache/cached-read";
import { getDb } from "@/server/db/client";
import { contentCacheTags } from "./cache-tags";
import { findPageByAddress, findPageBySlug, listPublishedPages, loadFooterSections, loadHomepageSections } from "./service";
import { loadFooterDetails } from "./footer-details-service";

/**
 * Cached content reads for pages and the layout. Each is tagged so an admin save can revalidate it; errors are not
 * cached (unstable_cache only stores results), so a failed read is retried on the next request.
 */

export function getPage(slug: string) {
  return cachedRead(["content-page", slug], [contentCacheTags.all, contentCacheTags.pages], async () =>
    findPageBySlug(await getDb(), slug),
  );
}

/** The published owner's page at /page/{slug} (either language's slug). */
export function getPageByAddress(slug: string) {
  return cachedRead(["content-page-address", slug], [contentCacheTags.all, contentCacheTags.pages], async () => findPageByAddress(await getDb(), slug));
}

/** Published pages in the owner's order, for the header, the footer and the sitemap. */
export function getPublishedPages() {
  return cachedRead(["content-published-pages"], [contentCacheTags.all, contentCacheTags.pages], async () => listPublishedPages(await getDb()));
}

export function getFooterDetails() {
  return cachedRead(["content-footer-details"], [contentCacheTags.all, contentCacheTags.footer], async () => loadFooterDetails(await getDb()));
}

export function getFooterSections() {
  return cachedRead(["content-footer"], [contentCacheTags.all, contentCacheTags.footer], async () => loadFooterSections(await getDb()));
}

export function getHomepageSections() {
  return cachedRead(["content-homepage"], [contentCacheTags.all, contentCacheTags.homepage], async () => loadHomepageSections(await getDb()));
}
