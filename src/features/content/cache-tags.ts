/**
 * Cache tags of content reads. An admin save calls revalidateTag with the matching tag so the storefront shows the
 * change on its next load; `content` covers all of them at once.
 */
export const contentCacheTags = {
  all: "content",
  pages: "pages",
  footer: "footer",
  homepage: "homepage",
} as const;
