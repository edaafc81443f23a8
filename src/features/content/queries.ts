import "server-only";
import { unstable_cache } from "next/cache";
import { getDb } from "@/server/db/client";
import { contentCacheTags, pageCacheTag } from "./cache-tags";
import { findPageBySlug, loadFooterSections, loadHomepageSections } from "./service";

/**
 * Cached content reads for pages and the layout. Each is tagged so an admin save can revalidate it; errors are not
 * cached (unstable_cache only stores results), so a failed read is retried on the next request.
 */

export function getPage(slug: string) {
  return unstable_cache(async () => findPageBySlug(await getDb(), slug), ["content-page", slug], {
    tags: [contentCacheTags.all, contentCacheTags.pages, pageCacheTag(slug)],
  })();
}

export const getFooterSections = unstable_cache(async () => loadFooterSections(await getDb()), ["content-footer"], {
  tags: [contentCacheTags.all, contentCacheTags.footer],
});

export const getHomepageSections = unstable_cache(async () => loadHomepageSections(await getDb()), ["content-homepage"], {
  tags: [contentCacheTags.all, contentCacheTags.homepage],
});
