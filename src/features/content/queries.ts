import "server-only";
import { cachedRead } from "@/server/cache/cached-read";
import { getDb } from "@/server/db/client";
import { contentCacheTags, pageCacheTag } from "./cache-tags";
import { findPageBySlug, loadFooterSections, loadHomepageSections } from "./service";

/**
 * Cached content reads for pages and the layout. Each is tagged so an admin save can revalidate it; errors are not
 * cached (unstable_cache only stores results), so a failed read is retried on the next request.
 */

export function getPage(slug: string) {
  return cachedRead(["content-page", slug], [contentCacheTags.all, contentCacheTags.pages, pageCacheTag(slug)], async () =>
    findPageBySlug(await getDb(), slug),
  );
}

export function getFooterSections() {
  return cachedRead(["content-footer"], [contentCacheTags.all, contentCacheTags.footer], async () => loadFooterSections(await getDb()));
}

export function getHomepageSections() {
  return cachedRead(["content-homepage"], [contentCacheTags.all, contentCacheTags.homepage], async () => loadHomepageSections(await getDb()));
}
